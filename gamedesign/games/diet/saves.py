"""Diet Game saves: what a saved state must satisfy to load.

:func:`load_state` reads the text of ``DietState.to_json()``; :func:`check_state` checks
any state against the rules. With ``n`` players, the deck's hand size ``H`` and the
options' ``target``, ``max_turns`` and ``first_player``, a save loads when:

* ``seed`` is a whole number 0 or more and ``rng`` a state of Python's generator;
* ``turn`` is 1 to ``max_turns`` and ``active`` is the seat whose turn it is
  (``first_player`` + turn - 1, round the table);
* ``phase`` is one of planning, breakfast, exercise, lunch, dinner, cheat, snack (a new
  day passes at once) or over, and ``step`` fits it: ``own`` in Planning and the meal and
  Exercise phases, ``neighbour`` in a meal phase, ``laziness`` in Exercise, ``cheat`` or
  ``willpower`` in Cheat, null once over;
* ``asked`` is the seat being asked: the right-hand neighbour at ``neighbour``, an
  opponent at ``laziness`` and ``cheat``, null otherwise; ``pending`` (the card on the
  table) is the active player's Exercise card at ``laziness``, an opponent's Cheat card
  at ``willpower``, null otherwise;
* every hand holds at most ``H`` cards, and every card of the deck is in exactly one
  place: the deck, the discard pile, a hand or on the table;
* weights are whole numbers no farther from 0 than a turn's most change times the turns
  played; while the game runs nobody has reached ``target`` and ``winner`` is null; once
  over, ``winner`` is the active player, who reached the target, or null for a draw at
  the turn limit, with nobody at the target;
* ``causes`` has the four causes for each seat (own meals and exercise 0 or less, the
  neighbour's meals and cheats 0 or more), ``tally`` its counts (0 or more) and
  ``reshuffles`` a whole number 0 or more, all within what the turns played allow;
* ``log`` is a list of texts and ``history`` a list of 1 to ``turn + 1`` rows of weights;
* ``rules_used`` (older saves may lack it) maps rule events of ``DietGame.rule_events`` to
  whole numbers 0 or more; with ``feed_last_place=False`` nobody is asked to feed a player
  heavier than everyone else.
"""

from __future__ import annotations

import json
from collections import Counter

from ...saves import (
    check_conserved,
    fail,
    generator,
    items,
    name,
    name_lists,
    names,
    one_of,
    read_save,
    seat,
    table,
    texts,
    whole,
    wholes,
)
from .cards import MEALS
from .rules import CAUSES, TALLIES, DietState

#: The fields of a save, beside the game's name, players and options.
FIELDS = (
    "seed", "rng", "deck", "discard", "hands", "weights", "turn", "active", "phase", "step", "asked", "pending",
    "winner", "causes", "tally", "reshuffles", "log", "history",
)

#: Fields older saves may lack, with their value then.
OPTIONAL = {"rules_used": {}}

#: The phases a save can be in ("new day" passes at once) and the steps of each.
STEPS = {
    "planning": ("own",),
    **{meal: ("own", "neighbour") for meal in MEALS},
    "exercise": ("own", "laziness"),
    "cheat": ("cheat", "willpower"),
    "over": (None,),
}
#: Signs of the causes of weight: own meals and exercise only lose weight, the others gain.
CAUSE_SIGNS = {"own meals": -1, "neighbour meals": 1, "exercise": -1, "cheats": 1}


def load_state(game, text) -> DietState:
    """The state saved in ``text``; ``ValueError`` naming what is wrong if it is not a
    state the rules can reach (see the module docstring)."""
    try:
        data = read_save(game, text, FIELDS, OPTIONAL)
    except ValueError as err:
        raise ValueError(f"cannot load this save of {game.title}: {err}") from None
    return state_from_data(game, data)


def state_from_data(game, data: dict) -> DietState:
    """The state of saved data (the fields of ``to_json()`` as Python data), checked as a
    save is."""
    try:
        state = _build(game, data)
        check_state(state)
    except ValueError as err:
        raise ValueError(f"cannot load this save of {game.title}: {err}") from None
    return state


def _build(game, data: dict) -> DietState:
    """A state from the saved fields, each checked for its type and size."""
    deck, n, options = game.deck, game.num_players, game.options
    known = deck.by_name
    state = DietState.__new__(DietState)
    state.game = game
    state.seed = whole(data["seed"], "seed", 0)
    state.rng = generator(data["rng"])
    state._rng_json = None
    state.deck = names(data["deck"], "deck", known, most=deck.size)
    state.discard = names(data["discard"], "discard", known, most=deck.size)
    state.hands = name_lists(data["hands"], "hands", n, known, most=deck.hand_size)
    state.turn = whole(data["turn"], "turn", 1, options.max_turns)
    swing = _most_change(game) * state.turn
    state.weights = wholes(data["weights"], "weights", -swing, swing, n)
    state.active = seat(data["active"], "active", n)
    state.phase = one_of(data["phase"], "phase", STEPS)
    state.step = one_of(data["step"], "step", STEPS[state.phase])
    state.asked = seat(data["asked"], "asked", n, none=True)
    pending = data["pending"]
    if pending is not None:
        table(pending, "pending", ("card", "by"))
        pending = {"card": name(pending["card"], "pending card", known), "by": seat(pending["by"], "pending by", n)}
    state.pending = pending
    state.winner = seat(data["winner"], "winner", n, none=True)
    state.causes = []
    for s, causes in enumerate(items(data["causes"], "causes", n)):
        table(causes, f"causes[{s}]", CAUSES)
        state.causes.append({c: whole(causes[c], f"causes[{s}][{c!r}]", -swing, swing) for c in CAUSES})
    most = state.turn * max(len(MEALS), deck.planning_discards)
    tally = table(data["tally"], "tally", TALLIES)
    state.tally = {t: wholes(tally[t], f"tally[{t!r}]", 0, most, n) for t in TALLIES}
    draws = n * deck.hand_size + state.turn * (deck.hand_size + deck.planning_discards)
    state.reshuffles = whole(data["reshuffles"], "reshuffles", 0, draws)
    state.rules_used = {}
    for event, count in table(data.get("rules_used", {}), "rules_used").items():
        if event not in game.rule_events:
            fail("a key of rules_used", event, "a rule event: " + ", ".join(game.rule_events))
        state.rules_used[event] = whole(count, f"rules_used[{event!r}]", 0, state.turn * len(MEALS))
    state.log = texts(data["log"], "log")
    state._log_json = [json.dumps(line) for line in state.log]
    state.history = [
        wholes(row, f"history[{i}]", -swing, swing, n)
        for i, row in enumerate(items(data["history"], "history", most=state.turn + 1))
    ]
    state._history_json = [json.dumps(w) for w in state.history]
    return state


def _most_change(game) -> int:
    """The most a weight can change in one turn: four meals, an Exercise and a Cheat."""
    deck = game.deck

    def most(kinds):
        return max((abs(c.pounds) for c in deck.cards if c.kind in kinds), default=0)

    return len(MEALS) * most(MEALS) + most(("exercise",)) + most(("cheat",))


def check_state(state: DietState) -> None:
    """``ValueError`` naming the first rule ``state`` breaks (see the module docstring)."""
    game, deck, n, options = state.game, state.game.deck, state.game.num_players, state.game.options
    if not 1 <= state.turn <= options.max_turns:
        fail("turn", state.turn, f"a whole number from 1 to {options.max_turns} (max_turns)")
    active = (options.first_player + state.turn - 1) % n
    if state.active != active:
        fail("active", state.active, f"{active}, whose turn {state.turn} it is")
    phase, step = state.phase, state.step
    if phase not in STEPS or step not in STEPS[phase]:
        fail("step", step, f"for phase {phase!r}: " + ", ".join(map(repr, STEPS.get(phase, ()))))
    asked = {"neighbour": [state.right_of(active)], "laziness": [s for s in range(n) if s != active],
             "cheat": [s for s in range(n) if s != active]}.get(step, [None])
    if state.asked not in asked:
        fail("asked", state.asked, f"at step {step!r}: " + ", ".join("null" if a is None else str(a) for a in asked))
    if step == "neighbour" and not options.feed_last_place and state.in_last_place(active):
        fail("step", step, f"not 'neighbour': player {active} is heavier than everyone else, and with "
             "feed_last_place=False nobody may feed them")
    kind = {"laziness": "exercise", "willpower": "cheat"}.get(step)
    pending = state.pending
    if kind is None and pending is not None:
        fail("pending", pending, f"null at step {step!r} (no card waits for an answer)")
    if kind is not None:
        if pending is None or deck.card(pending["card"]).kind != kind:
            fail("pending", pending, f"the {kind} card waiting for an answer at step {step!r}")
        if (pending["by"] == active) != (kind == "exercise"):
            fail("pending by", pending["by"], f"{active}, the active player" if kind == "exercise"
                 else f"an opponent of player {active}")
    for s, hand in enumerate(state.hands):
        if len(hand) > deck.hand_size:
            fail(f"hands[{s}]", hand, f"at most {deck.hand_size} cards (the hand size)")
    check_conserved(
        {
            "deck": state.deck,
            "discard": state.discard,
            "hands": [c for hand in state.hands for c in hand],
            "on the table": [pending["card"]] if pending else [],
        },
        Counter(deck.full_deck()),
    )
    target = options.target
    reached = [s for s, w in enumerate(state.weights) if w <= target]
    if phase != "over":
        if reached:
            fail(f"weights[{reached[0]}]", state.weights[reached[0]],
                 f"above the target ({target}) while the game runs (reaching it ends the game)")
        if state.winner is not None:
            fail("winner", state.winner, "null while the game runs")
    elif state.winner is None:
        if reached or state.turn != options.max_turns:
            fail("winner", None, f"a seat at the target ({target}); a draw only at the turn limit "
                 f"({options.max_turns}) with nobody at the target")
    elif reached != [state.winner] or state.winner != active:
        fail("winner", state.winner, f"the active player ({active}), the only one at the target ({target})")
    for s, causes in enumerate(state.causes):
        for cause, sign in CAUSE_SIGNS.items():
            if causes[cause] * sign < 0:
                fail(f"causes[{s}][{cause!r}]", causes[cause], "0 or less" if sign < 0 else "0 or more")
    if not 1 <= len(state.history) <= state.turn + 1:
        raise ValueError(
            f"history has {len(state.history)} rows; allowed: 1 to {state.turn + 1} (the start and one a turn)"
        )


__all__ = ["FIELDS", "check_state", "load_state", "state_from_data"]
