"""The greedy GYM bot: one step of look-ahead, from its own observation only.

It sees what a player at the table sees: the schedule, the row, its own hand, the Kids
it saw go into other hands (``known_hands``), the board and the Coaches. Its choices:

* **take**: the Kid whose skills are worth most at the events likely to be in play (the 4
  leading events count fully, the others at a third), a Brat a little more because it
  steers the schedule;
* **advance**: the schedule change that makes the 4 events in play best for its team's
  known Kids and worst for the other team's known Kids;
* **place**: the Kid and event where the Kid scores most, keeping Kids that score more
  elsewhere for later;
* **action**: the Event Action that raises its team's lead on the board most (a lifted
  Kid also counts for what it will score later from hand); Force and Pick, whose effect is
  a random draw, are worth a small fixed amount; nothing if no action helps;
* **give back**: the Kid in hand worth least at the events in play;
* **coach**: a Coach beside its own team's strongest unguarded side, to protect it.
"""

from __future__ import annotations

from ...core import Bot
from .rules import Advance, Coach, Force, Lift, Move, PickFrom, Place, Swap, Switch, Take, in_play_shares, select_events

# Rough worth of the random draws: Force spoils an opponent's next placement, Pick trades
# a random Kid of theirs for our weakest.
FORCE_WORTH = 0.4
PICK_WORTH = 0.6
# A Kid in hand is worth most of what it can score at its best event later.
HAND_SHARE = 0.8
OUTSIDE_WEIGHT = 0.35
BRAT_STEERING = 0.8


#: Why the greedy bot plays what it plays, by step (the apps' hints).
HINT_REASONS = {
    "take": "the Kid worth most at the events likely to be in play (a Brat a little more: it steers the schedule)",
    "advance": "the schedule change that makes the events in play best for your team's Kids and worst for theirs",
    "place": "the Kid and spot where it scores most, keeping Kids that score more elsewhere for later",
    "action": "the Event Action that raises your team's lead on the board most",
    "give_back": "the Kid in your hand worth least at the events in play",
    "coach": "a Coach beside your team's strongest unguarded side",
}


class GreedyGymBot(Bot):
    """Greedy: the action with the largest estimated gain, ties broken by its seeded generator."""


    name = "greedy"

    def act(self, observation: dict, legal_actions):
        step = observation["step"]
        score = getattr(self, f"_score_{step}")(observation, legal_actions)
        values = [score(a) for a in legal_actions]
        best = max(values)
        choices = [a for a, v in zip(legal_actions, values) if v >= best - 1e-9]
        return choices[self.rng.randrange(len(choices))]

    def hint(self, observation: dict, legal_actions) -> tuple:
        """The move this bot would play, why in a sentence (:data:`HINT_REASONS`, by step) and
        the values it compared: for the apps' hints."""
        action = self.act(observation, legal_actions)
        words = self.game.move_words
        values = [(words(a, observation), round(value, 2)) for a, value in self.explain(observation, legal_actions)]
        return action, f"{words(action, observation)}: {HINT_REASONS.get(observation['step'], 'the best estimated gain')}.", values

    def explain(self, observation: dict, legal_actions) -> list:
        """Why the bot plays what it plays: every action of ``legal_actions`` with the
        bot's estimate of its gain, as ``(action, value)`` pairs, best first (equal values
        keep the order given). :meth:`act` plays one of the best, a tie broken by the
        bot's seeded generator. Reads only ``observation`` and ``legal_actions``."""
        legal_actions = list(legal_actions)
        score = getattr(self, f"_score_{observation['step']}")(observation, legal_actions)
        pairs = [(action, score(action)) for action in legal_actions]
        return sorted(pairs, key=lambda pair: -pair[1])

    # -- helpers -----------------------------------------------------------------------

    def _values(self) -> dict:
        """``(kid, event) -> points`` of this bot's game."""
        return self.game.deck.points

    def _value(self, kid: str, event: str) -> int:
        return self._values()[kid, event]

    def _best(self, kid: str, events) -> int:
        values = self._values()
        return max((values[kid, e] for e in events), default=0)

    def _bests(self, events) -> dict:
        """Each Kid's best points at ``events`` (what :meth:`_best` gives), looked up once."""
        key = tuple(events)
        cached = getattr(self, "_bests_cache", None)
        if cached is None or cached[0] != key or cached[1] is not self.game:
            values = self._values()
            bests = {kid: max((values[kid, e] for e in key), default=0) for kid in self.game.deck.kid_by_name}
            cached = self._bests_cache = (key, self.game, bests)
        return cached[2]

    @staticmethod
    def _team_kids(observation: dict):
        me, teams = observation["player"], observation["teams"]
        ours = list(observation["hand"])
        theirs = []
        for seat, kids in enumerate(observation["known_hands"]):
            (ours if teams[seat] == teams[me] else theirs).extend(kids)
        return ours, theirs

    # -- pick phase --------------------------------------------------------------------

    def _random_ties(self) -> bool:
        """True when ties at the schedule's cut are drawn at random (``schedule_tiebreak``)."""
        return self.game.options.schedule_tiebreak == "random"

    def _score_take(self, observation, legal):
        if self._random_ties():  # an event tied at the cut is in play with its share of the places left
            column = [s["event"] for s in observation["schedule"]]
            shares = in_play_shares(column, {s["event"]: s["level"] for s in observation["schedule"]}, True)
            weights = {e: OUTSIDE_WEIGHT + (1 - OUTSIDE_WEIGHT) * shares[e] for e in column}
        else:
            in_play = set(observation["in_play"])
            weights = {s["event"]: 1.0 if s["event"] in in_play else OUTSIDE_WEIGHT for s in observation["schedule"]}
        deck = self.game.deck
        values = self._values()

        def score(action: Take):
            kid = deck.kid(action.kid)
            worth = sum(values[action.kid, e] * w for e, w in weights.items())
            return worth + (BRAT_STEERING if kid.is_brat else 0)

        return score

    def _score_advance(self, observation, legal):
        column = [s["event"] for s in observation["schedule"]]
        levels = {s["event"]: s["level"] for s in observation["schedule"]}
        ours, theirs = self._team_kids(observation)
        values = self._values()
        pref = {e: sum(values[k, e] for k in ours) - sum(values[k, e] for k in theirs) for e in column}
        random_ties = self._random_ties()

        def score(action):
            after = dict(levels)
            if isinstance(action, Advance):
                for e, steps in action.steps.items():
                    after[e] += steps
            if random_ties:  # a tie at the cut is drawn: each tied event counts with its chance
                shares = in_play_shares(column, after, True)
                in_play = sum(pref[e] * shares[e] for e in column)
            else:
                in_play = sum(pref[e] for e in select_events(column, after))
            # The events in play decide the game; a lead in levels keeps them there.
            return in_play + 0.05 * sum(after[e] * pref[e] for e in column)

        return score

    # -- play phase --------------------------------------------------------------------

    def _score_place(self, observation, legal):
        values = self._values()
        best = self._bests(observation["in_play"])

        def score(action: Place):
            return values[action.kid, action.event] - 0.5 * best[action.kid]

        return score

    def _score_action(self, observation, legal):
        team = observation["teams"][observation["player"]]
        mine = "AB".index(team)
        values = self._values()
        best = self._bests(observation["in_play"])
        where = {}
        for e, sides in observation["board"].items():
            for t, side in enumerate(sides):
                for k in side:
                    if k:
                        where[k] = (e, t)

        def c(kid, e, t):
            return values[kid, e] * (1 if t == mine else -1)

        def score(action):
            if isinstance(action, (Switch, Swap)):
                (ea, ta), (eb, tb) = where[action.a], where[action.b]
                return c(action.b, ea, ta) + c(action.a, eb, tb) - c(action.a, ea, ta) - c(action.b, eb, tb)
            if isinstance(action, Move):
                e, t = where[action.kid]
                return c(action.kid, action.event, t) - c(action.kid, e, t)
            if isinstance(action, Lift):
                e, t = where[action.kid]
                later = HAND_SHARE * (best[action.kid] - best[action.put])
                return c(action.put, e, t) - c(action.kid, e, t) + later
            if isinstance(action, Force):
                return FORCE_WORTH
            if isinstance(action, PickFrom):
                return PICK_WORTH
            return 0.0

        return score

    def _score_give_back(self, observation, legal):
        best = self._bests(observation["in_play"])
        return lambda action: -best[action.kid]

    def _score_coach(self, observation, legal):
        mine = "AB".index(observation["team"])
        values = self._values()
        points = {e: sum(values[k, e] for k in sides[mine] if k) for e, sides in observation["board"].items()}
        guarded = {c: (None if p is None else (p[0], "AB".index(p[1]))) for c, p in observation["coaches"].items()}

        def score(action):
            if not isinstance(action, Coach):
                return 0.0  # skip coach
            target = (action.event, "AB".index(action.side))
            if target[1] != mine:
                return -1.0
            current = guarded[action.coach]
            kept = points[current[0]] if current is not None and current[1] == mine else 0
            return points[action.event] - kept

        return score


__all__ = ["GreedyGymBot"]
