"""placeholder"""
from ...bots import RandomBot as GreedyGymBot
