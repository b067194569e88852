"""Text for playing in a terminal: who is who, what each card does, the table at your turn.

Pure text formatting, no widgets and no charts: every function takes a game, an
observation (what one player may know) and the players' names, and returns lines that
fit an 80-column terminal. ``cli.py`` prints them.

Names are the same everywhere: "You" for the person at the keyboard, "Bot 1", "Bot 2", ...
for the bots in seat order, with their kind where a table introduces them
("Bot 1 (greedy)"). :func:`rename` rewrites the engine's own words ("player 1", the Diet
Game's "Ann" and "Bo") into those names; the Diet Game's names only where one of its log
sentences (:data:`DIET_SENTENCES`) names a player, so a card called "Bo" keeps its name.
"""

from __future__ import annotations

import re
import textwrap
from collections import Counter

#: The width every line is wrapped to.
WIDTH = 80


# ----------------------------------------------------------------------------------------
# Names
# ----------------------------------------------------------------------------------------


def seat_names(bots: list, human: int) -> list[str]:
    """One short name per seat: "You" at ``human``, "Bot 1", "Bot 2", ... elsewhere.

    ``bots`` has one entry per seat (the bot's kind, ignored at the human's seat).
    """
    names, number = [], 0
    for seat in range(len(bots)):
        if seat == human:
            names.append("You")
        else:
            number += 1
            names.append(f"Bot {number}")
    return names


def full_names(bots: list, human: int) -> list[str]:
    """Each seat's name with the bot's kind: "You", "Bot 1 (greedy)", ..."""
    short = seat_names(bots, human)
    return [name if seat == human else f"{name} ({bots[seat]})" for seat, name in enumerate(short)]


#: The sentences the Diet Game writes in its log. ``{seat}`` is where a player is named
#: (with the engine's seat names: Ann, Bo, ...), ``{seat}'s`` a player's possessive,
#: ``{n}`` a number, ``{lb}`` a weight change and ``{x}`` anything else (cards). Names are
#: swapped only where these sentences put a player: a card called "Bo" stays "Bo".
DIET_SENTENCES = (
    "Each player was dealt {n} cards.",
    "The deck ran out: the discard pile was shuffled into a new deck of {n} cards.",
    "Turn {n}: {seat}'s day; {seat} drew {x}.",
    "The turn limit ({n} turns) was reached: the game is a draw.",
    "{seat} reached {x} pounds and won the game!",
    "{seat} discarded {x} and drew {n}.",
    "{seat} kept the hand.",
    "{seat} did no exercise.",
    "{seat} ate no {x}.",
    "{seat} ate {x} ({lb}).",
    "{seat} fed {seat} {x} ({lb}).",
    "{seat} played {x} on {seat}'s {x}: it does not count.",
    "{seat} exercised: {x} ({lb}).",
    "{seat} played {x} on {seat}; {seat} cancelled it with {x}.",
    "{seat} played {x} on {seat} ({lb}).",
)

_PIECES = {"{n}": r"-?\d+", "{lb}": r"(?:[+-]\d+|0) lb", "{x}": r".+?"}


def _sentence_patterns(engine_names: tuple) -> list:
    """Each of :data:`DIET_SENTENCES` as a regular expression whose groups ``s0``,
    ``s1``, ... are its players (one of ``engine_names``), and which of them are possessive."""
    who = "|".join(re.escape(n) for n in sorted(engine_names, key=len, reverse=True))
    patterns = []
    for sentence in DIET_SENTENCES:
        parts, possessive = [], []
        for piece in re.split(r"(\{seat\}'s|\{seat\}|\{n\}|\{lb\}|\{x\})", sentence):
            if piece.startswith("{seat}"):
                parts.append(f"(?P<s{len(possessive)}>{who})" + ("'s" if piece.endswith("'s") else ""))
                possessive.append(piece.endswith("'s"))
            elif piece in _PIECES:
                parts.append(_PIECES[piece])
            else:
                parts.append(re.escape(piece))
        patterns.append((re.compile("".join(parts) + r"\Z"), possessive))
    return patterns


_PATTERNS: dict = {}


def diet_seats(line: str, engine_names) -> list | None:
    """Where a Diet Game log line names players: ``(start, end, seat, possessive)`` for
    each, ``start:end`` covering the name (and its "'s"); ``None`` when the line is none of
    :data:`DIET_SENTENCES` (then nothing in it is a player's name)."""
    engine_names = tuple(engine_names)
    if not engine_names:
        return None
    patterns = _PATTERNS.get(engine_names)
    if patterns is None:
        patterns = _PATTERNS[engine_names] = _sentence_patterns(engine_names)
    for pattern, possessive in patterns:
        found = pattern.match(line)
        if found:
            spots = []
            for i, mine in enumerate(possessive):
                start, end = found.span(f"s{i}")
                spots.append((start, end + (2 if mine else 0), engine_names.index(found[f"s{i}"]), mine))
            return spots
    return None


def _person(name: str, possessive: bool, start: bool) -> str:
    """How ``name`` reads in a sentence: "You"/"you"/"your" for the person at the keyboard."""
    if name == "You":
        word = "your" if possessive else "you"
        return word.title() if start else word
    return name + ("'s" if possessive else "")


def rename(text: str, names: list[str], engine_names=(), capitalise: bool = True) -> str:
    """``text`` with "player N" and the engine's seat names (``engine_names``, e.g. the
    Diet Game's "Ann", "Bo") replaced by ``names``; the person at the keyboard becomes
    "You" at the start of a sentence, "you" or "your" inside one.

    The engine's seat names are replaced only in the Diet Game's own log sentences
    (:data:`DIET_SENTENCES`) and only where they name a player, so a card or a move that
    happens to be called "Bo" keeps its name."""
    spots = diet_seats(text, engine_names)
    if spots is not None:
        out, last = [], 0
        for start, end, seat, possessive in spots:
            out.append(text[last:start])
            if seat < len(names):
                at_start = not text[:start].strip() or text[:start].rstrip().endswith((".", "!", "?"))
                out.append(_person(names[seat], possessive, at_start))
            else:
                out.append(text[start:end])
            last = end
        text = "".join(out) + text[last:]
        return text[:1].upper() + text[1:] if capitalise else text

    def name(match) -> str:
        seat = int(match["seat"])
        if seat >= len(names):
            return match.group(0)
        start = not text[: match.start()].strip() or text[: match.start()].rstrip().endswith((".", "!", "?"))
        return _person(names[seat], bool(match["s"]), start)

    text = re.sub(r"\bplayer (?P<seat>\d{1,2})\b(?P<s>'s)?", name, text)
    return text[:1].upper() + text[1:] if capitalise else text


# ----------------------------------------------------------------------------------------
# Small pieces
# ----------------------------------------------------------------------------------------


def wrap(text: str, indent: str = "", width: int = WIDTH) -> list[str]:
    """``text`` wrapped to ``width``, continuation lines indented a little more; a bot's
    name ("Bot 2 (random)") is never split."""
    glued = re.sub(r"\bBot \d+(?: \([^()\s]*\))?", lambda m: m.group(0).replace(" ", "\xa0"), text)
    lines = textwrap.wrap(glued, width, initial_indent=indent, subsequent_indent=indent + "  ") or [indent]
    return [line.replace("\xa0", " ") for line in lines]


def listing(items, empty: str = "none") -> str:
    """Items joined with commas, or ``empty`` when there are none."""
    items = list(items)
    return ", ".join(items) if items else empty


def table(rows: list[tuple], indent: str = "  ") -> list[str]:
    """Rows of cells as left-aligned columns (the last column is wrapped to fit)."""
    if not rows:
        return []
    columns = len(rows[0])
    widths = [max(len(str(row[i])) for row in rows) for i in range(columns - 1)]
    lines = []
    for row in rows:
        head = indent + "  ".join(str(cell).ljust(w) for cell, w in zip(row[:-1], widths))
        rest = str(row[-1])
        room = max(20, WIDTH - len(head) - 2)
        parts = textwrap.wrap(rest, room) or [""]
        lines.append((head + "  " + parts[0]).rstrip())
        lines += [" " * (len(head) + 2) + part for part in parts[1:]]
    return lines


def pounds(value: int) -> str:
    """A weight change as the Diet Game writes it: "+1 lb", "0 lb", "-1 lb"."""
    return f"{value:+d} lb" if value else "0 lb"


# ----------------------------------------------------------------------------------------
# What a card or a value is
# ----------------------------------------------------------------------------------------


def _counted(name: str, count: int) -> str:
    return f"{count} {name}" if count > 1 else name


def gym_kid(deck, name: str) -> str:
    """A GYM Kid with its kind and skills: "Zoe  Brat  purple 2"."""
    kid = deck.kid_by_name.get(name)
    if kid is None:
        return name
    skills = ", ".join(f"{colour} {value}" for colour, value in kid.skills)
    return f"{name} ({'BRAT, ' if kid.is_brat else ''}{skills})"


def diet_card_cells(deck, name: str) -> tuple:
    """A Diet Game card as table cells: its kind, its pounds, what you do with it."""
    card = deck.by_name.get(name)
    if card is None:
        return ("unknown", "", "")
    weight = pounds(card.pounds) if card.kind in ("breakfast", "lunch", "dinner", "snack", "exercise", "cheat") else ""
    if card.is_healthy:
        what = "eat it yourself"
    elif card.is_fattening:
        what = "feed your left neighbour"
    else:
        what = {
            "exercise": "do it at your Exercise",
            "cheat": "play on another's Cheat",
            "laziness": "cancels another's Exercise",
            "willpower": "cancels a Cheat on you",
        }.get(card.kind, "")
    return (card.kind, weight, what)


def diet_card(deck, name: str) -> str:
    """What a Diet Game card does, in a few words: "dinner, +1 lb: feed your left neighbour"."""
    kind, weight, what = diet_card_cells(deck, name)
    return f"{kind}{', ' + weight if weight else ''}: {what}" if what else kind


def legday_card(deck, name: str) -> str:
    """How a Leg Day card scores, from the deck's Scoring Reference Chart."""
    try:
        card = deck.card(name)
    except ValueError:
        return ""
    s = deck.scoring
    if card.kind == "curl":
        return "Preacher Curl set: " + "/".join(map(str, s["curl_points"])) + " for 1-5 cards"
    if card.kind == "bench":
        return f"{s['bench_set_points']} points for each {s['bench_set_size']}"
    if card.kind == "press":
        return f"{s['press_set_points']} points for each {s['press_set_size']}"
    if card.kind == "pullup":
        return f"{card.points} point{'s' if card.points != 1 else ''}"
    if card.kind == "shake":
        return (
            f"{card.images} shake image{'s' if card.images != 1 else ''}: most images "
            f"{s['shake_most_points']}, second {s['shake_second_points']}"
        )
    if card.kind == "selfie":
        return f"{s['selfie_points_per_symbol']} per different symbol on your other cards"
    if card.kind == "legday":
        return (
            f"Leg Day: 0 face down, {s['legday_face_up_points']} face up; the fewest are out"
        )
    return card.kind


def score_text(game, score) -> str:
    """A final score in the game's unit: the Diet Game counts pounds."""
    if score is None:
        return "eliminated"
    return pounds(score) if game.name == "diet" else str(score)


def breakdown_text(game, breakdown) -> str:
    """A seat's points by category, the ones that count: "Selfie 12, Leg Day -4"."""
    if not isinstance(breakdown, dict):
        return ""
    unit = pounds if game.name == "diet" else str
    return ", ".join(f"{what} {unit(points)}" for what, points in breakdown.items() if points)


def gym_place(obs: dict, kid: str) -> str:
    """Where a Kid stands on the GYM board ("at Pick a Kid, side A"), or "" off the board."""
    for event, sides in (obs.get("board") or {}).items():
        for side, kids in zip("AB", sides):
            if kid in kids:
                return f"at {event}, side {side}"
    return ""


def value_label(game, value, obs: dict | None = None) -> str:
    """A value inside an action (a Kid, a card) with what it is, for menus; a GYM Kid also
    with where it stands, given the observation ``obs``."""
    if not isinstance(value, str):
        return str(value)
    if game.name == "gym":
        where = gym_place(obs, value) if obs and obs.get("board") else ""
        return gym_kid(game.deck, value) + (f" {where}" if where else "")
    if game.name == "diet":
        about = diet_card(game.deck, value)
        return f"{value}  ({about})" if about else value
    return value


# ----------------------------------------------------------------------------------------
# The table at your turn
# ----------------------------------------------------------------------------------------


def legday_view(game, obs: dict, names: list[str], full: list[str]) -> list[str]:
    """Don't Skip Leg Day: the day, your hand with its scoring, everyone's cards."""
    face = "face up" if obs["day_type"] == "Gym Day" else "face down (only you see it)"
    lines = wrap(
        f"Week {obs['week']}, day {obs['day']}: {obs['day_type']}, your pick goes {face}; "
        f"then hands pass {obs['pass_direction']}. Pile: {obs['pile_size']} cards."
    )
    lines += ["", "Your hand:"]
    counts = Counter(obs["hand"])
    lines += table(
        [(name, f"x{count}" if count > 1 else "", legday_card(game.deck, name)) for name, count in counts.items()]
    )
    lines += ["", "Cards in front of each player:"]
    for seat, cards in enumerate(obs["tableaus"]):
        up = Counter(card for card, face_up in cards if card is not None and face_up)
        down = Counter(card for card, face_up in cards if card is not None and not face_up)
        hidden = sum(1 for card, _ in cards if card is None)
        shown = [_counted(card, count) for card, count in up.items()]
        shown += [_counted(card, count) + " (face down)" for card, count in down.items()]
        if hidden:
            shown.append(f"{hidden} face down, unknown")
        lines += wrap(f"{full[seat]}: {listing(shown, 'no cards yet')}", "  ")
    return lines


#: What the person at the keyboard is asked at each step of a GYM turn.
GYM_STEPS = {
    "take": "take a Kid from the face-up row",
    "advance": "you took a Brat: you may advance the schedule",
    "place": "place a Kid on your side",
    "action": "you may do one Event Action",
    "give_back": "give a Kid back",
    "coach": "you placed a Brat: you may put out or move a Coach",
}

#: A few words on each kind of GYM move, for the first menu of a long choice.
GYM_KINDS = {
    "place": "put a Kid from your hand on an empty spot of your side",
    "advance": "move events up the schedule",
    "lift": "take a placed Kid into your hand and put one of yours in its place",
    "switch": "two Kids on one side exchange places",
    "swap": "a Kid of each side exchange places",
    "move": "move a placed Kid to an empty spot on its side",
    "force": "an opponent must place a random Kid from their hand next",
    "pick": "take a random Kid from an opponent, then give one back",
    "coach": "put a Coach beside a side: it stops Kids moving on or off it",
}


def kind_label(game, kind: str, count: int) -> str:
    """A kind of move (an action's first word), how many there are, and a few words on
    what it does."""
    about = GYM_KINDS.get(kind) if game.name == "gym" else None
    return f"{kind} ({count} choices)" + (f": {about}" if about else "")


def action_hint(game, action) -> str:
    """A short note after an action in a menu: what a GYM placement scores there."""
    if game.name == "gym" and type(action).__name__ in ("Place", "Move"):
        colour = game.deck.event(action.event).colour
        return f"({colour}, scores {game.deck.kid(action.kid).value(colour)})"
    return ""


def gym_view(game, obs: dict, names: list[str], full: list[str]) -> list[str]:
    """GYM: the schedule, the board with its points, your hand of Kids, the others."""
    deck = game.deck
    me = obs["player"]
    teams = obs["teams"]
    team_of = [teams[seat % len(teams)] for seat in range(obs["players"])]
    mates = [names[s] for s in range(obs["players"]) if s != me and team_of[s] == team_of[me]]
    phase = "Pick phase" if obs["phase"] == "pick" else "Play phase"
    lines = [
        f"{phase}, {GYM_STEPS.get(obs['step'], obs['step'])}.",
        f"You play for team {obs['team']}"
        + (f" with {listing(mates)}." if mates else ".")
        + f" Points now: team A {obs['points'][0]}, team B {obs['points'][1]}.",
    ]
    lines += ["", "Events (the 4 highest levels are played):" if not obs["in_play_final"] else "Events:"]
    rows = []
    for event in obs["schedule"]:
        if obs["in_play_final"]:
            status = "in play" if event["event"] in obs["in_play"] else "Coach"
        else:
            status = "in play now" if event["event"] in obs["in_play"] else "out now"
        rows.append((event["event"], event["colour"], f"level {event['level']}", status, event["action"]))
    lines += table([(*row[:4], f"action: {row[4]}") for row in rows])
    if obs["board"]:
        lines += ["", "Board (each Kid with the points it scores there):"]
        colour = {e["event"]: e["colour"] for e in obs["schedule"]}
        rows = []
        for event, sides in obs["board"].items():
            cells = []
            for side, kids in zip("AB", sides):
                shown = [
                    "empty" if kid is None else f"{kid} {deck.kid(kid).value(colour[event])}" for kid in kids
                ]
                coach = [c for c, where in obs["coaches"].items() if where and list(where) == [event, side]]
                whose = f"{side} ({'yours' if side == obs['team'] else 'theirs'}):".ljust(12)
                cells.append(f"{whose}{' | '.join(shown)}" + (f"  + Coach {coach[0]}" if coach else ""))
            rows += [(event, cells[0]), ("", cells[1])]
        lines += table(rows)
        spare = [c for c, w in obs["coaches"].items() if not w]
        if spare:
            lines += wrap(f"Coaches not out yet: {listing(spare)}", "  ")
    if obs["row"]:
        lines += ["", f"Face-up row ({_kids(len(obs['row']))}; {_kids(obs['stack_size'])} face down in the stack):"]
        lines += table([_kid_row(deck, kid) for kid in obs["row"]])
    lines += ["", f"Your hand ({_kids(len(obs['hand']))}):" if obs["hand"] else "Your hand: empty."]
    lines += table([_kid_row(deck, kid) for kid in obs["hand"]])
    if obs["forced"][me]:
        lines += [f"  Forced: {obs['forced'][me]} must be your next placement."]
    lines += ["", "The others:"]
    for seat in range(obs["players"]):
        if seat == me:
            continue
        known = obs["known_hands"][seat]
        unknown = obs["hand_sizes"][seat] - len(known)
        parts = [f"team {team_of[seat]}", f"{_kids(obs['hand_sizes'][seat])} in hand"]
        if known:
            parts.append("known: " + ", ".join(known) + (f" and {unknown} unknown" if unknown > 0 else ""))
        elif obs["hand_sizes"][seat]:
            parts.append("all unknown")
        if obs["forced"][seat]:
            parts.append(f"forced to place {obs['forced'][seat]}")
        if obs["exempt"][seat]:
            parts.append("safe from Force")
        lines += wrap(f"{full[seat]}: " + "; ".join(parts), "  ")
    return lines


def _kids(count: int) -> str:
    return f"{count} Kid" + ("" if count == 1 else "s")


def _kid_row(deck, name: str) -> tuple:
    """A Kid as table cells: name, "BRAT" or nothing, skills."""
    kid = deck.kid_by_name.get(name)
    if kid is None:
        return (name, "", "unknown")
    return (name, "BRAT" if kid.is_brat else "", ", ".join(f"{colour} {value}" for colour, value in kid.skills))


def _cards(count: int) -> str:
    return f"{count} card" + ("" if count == 1 else "s")


def _diet_question(obs: dict, names: list[str]) -> str:
    """What the Diet Game asks you now, in your words."""
    phase, step = obs["phase"], obs["step"]
    active = names[obs["active"]]
    table = obs.get("on_table") or {}
    card, by = table.get("card", "a card"), names[table["by"]] if "by" in table else "someone"
    if phase == "planning":
        return "Your Planning: swap cards of your hand for new ones from the deck."
    if step == "own" and phase == "exercise":
        return "Your Exercise: play an Exercise card, or none."
    if step == "own":
        return f"Your {phase.title()}: play a {phase} card on yourself, or none."
    if step == "neighbour":
        return f"{active} ate no {phase}: you may feed them a fattening {phase} card."
    if step == "laziness":
        return f"{by} played {card}: you may cancel that Exercise with Laziness."
    if step == "cheat":
        return f"{active}'s Cheat phase: you may play a Cheat card on them."
    if step == "willpower":
        return f"{by} played {card} on you: you may cancel it with Willpower."
    return f"Step: {step}."


def diet_view(game, obs: dict, names: list[str], full: list[str]) -> list[str]:
    """The Diet Game: whose day and which phase, weights, your hand with meals and pounds."""
    me, active = obs["player"], obs["active"]
    whose = "your day" if active == me else f"{names[active]}'s day"
    lines = [
        f"Turn {obs['turn']} (at most {obs['max_turns']}), {whose}, phase: {obs['phase'].title()}. "
        f"First to {pounds(obs['target'])} wins."
    ]
    lines += wrap(_diet_question(obs, names))
    lines += ["", "Weights and hands:"]
    lines += table(
        [(full[s], pounds(obs["weights"][s]), f"{obs['hand_sizes'][s]} cards") for s in range(obs["players"])]
    )
    top = obs["discard"][-1] if obs["discard"] else None
    pile = f"{_cards(len(obs['discard']))}, {top} on top." if top else "empty."
    lines += [f"Deck: {_cards(obs['deck_size'])}. Discard pile: {pile}"]
    lines += ["", "Your hand:" if obs["hand"] else "Your hand: empty."]
    lines += table([(f"{i}.", name, *diet_card_cells(game.deck, name)) for i, name in enumerate(obs["hand"], 1)])
    return lines


#: The table of each game; other games get :func:`generic_view`.
VIEWS = {"legday": legday_view, "gym": gym_view, "diet": diet_view}


def generic_view(game, obs: dict, names: list[str], full: list[str]) -> list[str]:
    """Any game: one entry a line, with words for what is unknown or empty."""
    lines = []
    per_seat = set(getattr(game, "seat_keys", ()))
    for key, value in obs.items():
        if key in ("game", "player", "players", "over", "names", "result", "log", "log_length"):
            continue
        if key in per_seat and isinstance(value, list) and len(value) == len(full):
            lines.append(f"{key.replace('_', ' ')}:")
            lines += [f"  {full[seat]}: {plain(v)}" for seat, v in enumerate(value)]
            continue
        lines += wrap(f"{key.replace('_', ' ')}: {plain(value)}")
    return lines


def plain(value) -> str:
    """A JSON value in words: ``None`` is "unknown", an empty list "empty"."""
    if value is None:
        return "unknown"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, dict):
        return "; ".join(f"{k} {plain(v)}" for k, v in value.items()) or "empty"
    if isinstance(value, (list, tuple)):
        return ", ".join(plain(v) for v in value) if value else "empty"
    return str(value)


def view(game, obs: dict, names: list[str], full: list[str]) -> str:
    """The situation at your turn as text: a title line, then the game's own table."""
    title = f"== {game.title}: your turn =="
    body = VIEWS.get(game.name, generic_view)(game, obs, names, full)
    return "\n".join([title, *body])


def new_log_lines(obs: dict, seen: int) -> tuple[list[str], int]:
    """The log lines added since ``seen`` lines were shown, and the new count."""
    log = obs.get("log") or []
    total = obs.get("log_length", len(log))
    fresh = min(len(log), max(0, total - seen))
    return (log[len(log) - fresh :] if fresh else []), total


__all__ = [
    "DIET_SENTENCES",
    "GYM_KINDS",
    "GYM_STEPS",
    "action_hint",
    "breakdown_text",
    "gym_place",
    "kind_label",
    "VIEWS",
    "WIDTH",
    "diet_card",
    "diet_card_cells",
    "diet_seats",
    "full_names",
    "generic_view",
    "gym_kid",
    "legday_card",
    "listing",
    "new_log_lines",
    "plain",
    "pounds",
    "rename",
    "score_text",
    "seat_names",
    "table",
    "value_label",
    "view",
    "wrap",
]
