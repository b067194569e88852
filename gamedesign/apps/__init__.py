"""Widget apps: play the games against bots in a notebook.

Apps only call the engine: every rule lives in ``gamedesign.games``. Nothing here
raises into the notebook: refused clicks and errors are shown as messages.
:func:`play` plays any game of the protocol, a registered game of your own too.
"""


def play(game_or_name, seed: int = 0, bots=None, human: int = 0, players=None, people=None, playtests="playtests"):
    """Play any game against bots, or several people at one screen (``people=["Ana", "Ben"]``),
    in a generic app (see :func:`gamedesign.apps.generic.play`)."""
    from .generic import play as generic_play

    return generic_play(game_or_name, seed=seed, bots=bots, human=human, players=players, people=people,
                        playtests=playtests)


__all__ = ["play"]
