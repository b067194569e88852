"""The paper playtest form: type in what a paper game left on its sheets, saved as a
playtest log (``source`` ``"paper"``) that ``playtest.games`` and ``compare_with_bots`` read
beside the games played in the apps.

The form asks, field for field, what the printed results sheet asks
(``printables.paper_record_html``, printed with every observation sheet): the game's seats,
each seat's person or bot, final score, whether it won, played before and four ratings (1 to
5), the rounds played, the tally totals and the initials rows of the observation sheet, the
date, observer, playtest number and notes. A box left empty stays empty in the log (never a
guess). :func:`read_form` turns the typed texts into the log's data, with a sentence naming
each field that is wrong; :func:`paper_form` is the widget (``notebooks/apps/paper_playtest.ipynb``).
"""

from __future__ import annotations

import html

import ipywidgets as widgets

from . import common

#: What the "Person or bot" box takes for a bot seat: "bot" or "bot: NAME".
BOT_WORD = "bot"


class FormError(ValueError):
    """What is wrong with the form, a sentence a field (``problems``)."""

    def __init__(self, problems: list[str]):
        super().__init__("; ".join(problems))
        self.problems = problems


def _number(text: str, what: str, problems: list, whole: bool = False, low=None, high=None):
    text = (text or "").strip()
    if not text:
        return None
    try:
        value = int(text) if whole else float(text.replace(",", "."))
    except ValueError:
        kind = "a whole number" if whole else "a number"
        problems.append(f"{what}: {text!r} is not {kind}" + (" (leave it empty if nobody wrote it down)" if not whole else ""))
        return None
    if value != value or value in (float("inf"), float("-inf")):
        problems.append(f"{what}: {text!r} is not a number")
        return None
    if (low is not None and value < low) or (high is not None and value > high):
        problems.append(f"{what}: {text} is outside {low} to {high}")
        return None
    return int(value) if not whole and float(value).is_integer() else value


def allowed_players(cls) -> tuple:
    """The seat counts a game class allows."""
    return tuple(cls.allowed_players or range(cls.min_players, cls.max_players + 1))


def read_form(name: str, players, options: dict, seats: list[dict], sheet: dict) -> dict:
    """The form's texts as a paper playtest: ``{"game", "seats", "scores", "winners", "sheet"}``
    for :func:`gamedesign.playtest.write_paper`. ``seats``: one dict a seat with ``who``
    (a name, or "bot"/"bot: greedy"), ``score``, ``won`` (bool), ``before`` (True, False or
    None) and each rating's text; ``sheet``: ``date``, ``observer``, ``number``, ``length``,
    ``tallies`` and ``initials`` (dicts of texts) and ``notes``. :class:`FormError` names every
    wrong field and what is allowed."""
    from gamedesign import playtest
    from gamedesign.registry import game_class, load

    problems: list[str] = []
    cls = game_class(name)
    allowed = allowed_players(cls)
    count = _number(str(players), "Players", problems, whole=True)
    if count is None and not problems:
        problems.append("Players: give the number of seats")
    if problems:
        raise FormError(problems)
    if count not in allowed:
        shown = (f"{allowed[0]} to {allowed[-1]}" if list(allowed) == list(range(allowed[0], allowed[-1] + 1))
                 else ", ".join(map(str, allowed[:-1])) + " or " + str(allowed[-1]))
        raise FormError([f"Players: {cls.title} is played by {shown} players, not {count}"])
    try:
        game = load(name, players=count, **(options or {}))
    except (ValueError, TypeError) as err:
        raise FormError([f"Rule options: {common.error_text(err)}"]) from None
    if len(seats) < count:
        raise FormError([f"Seats: the form has {len(seats)} seat rows for {count} players"])
    fields = playtest.paper_fields()
    entries, scores, winners, before, ratings = [], [], [], [], []
    for seat, row in enumerate(seats[:count]):
        who = (row.get("who") or "").strip()
        where = f"Player {seat + 1}"
        if not who:
            problems.append(f"{where}: write the person's name, or '{BOT_WORD}' for a bot")
            entries.append({"person": "?"})
        elif who.casefold() == BOT_WORD or who.casefold().startswith(BOT_WORD + ":"):
            entries.append({"bot": who.partition(":")[2].strip() or "paper bot"})
        else:
            entries.append({"person": who})
        scores.append(_number(row.get("score", ""), f"{where}: final score", problems))
        if row.get("won"):
            winners.append(seat)
        before.append(row.get("before"))
        ratings.append({r: _number(row.get(r, ""), f"{where}: {r}", problems, whole=True, low=1, high=5)
                        for r in fields["ratings"]})
    tallies = {t: _number((sheet.get("tallies") or {}).get(t, ""), f"Tally {t}", problems, whole=True, low=0,
                          high=playtest.MAX_TALLY) for t in fields["counts"]}
    length = _number(sheet.get("length", ""), "Rounds played", problems, whole=True, low=0, high=playtest.MAX_DECISIONS)
    number = _number(sheet.get("number", ""), "Playtest no.", problems, whole=True, low=1, high=100_000)

    def text(key, what, most):
        value = (sheet.get(key) or "").strip()
        if len(value) > most:
            problems.append(f"{what}: at most {most} characters, not {len(value)}")
        return value or None

    initials = {}
    for t in fields["initials"]:
        value = ((sheet.get("initials") or {}).get(t) or "").strip()
        if len(value) > playtest.MAX_PAPER_TEXT["initials"]:
            problems.append(f"{t}: at most {playtest.MAX_PAPER_TEXT['initials']} characters")
        initials[t] = value or None
    paper = {
        "date": text("date", "Date", playtest.MAX_PAPER_TEXT["date"]),
        "observer": text("observer", "Observer", playtest.MAX_PAPER_TEXT["observer"]),
        "playtest number": number, "length": length, "tallies": tallies, "initials": initials,
        "played before": before, "ratings": ratings,
        "notes": text("notes", "Notes", playtest.MAX_PAPER_TEXT["notes"]),
    }
    if problems:
        raise FormError(problems)
    try:
        playtest.check_seats(game, entries)
        playtest.check_paper_sheet(game, paper)
    except playtest.PlaytestError as err:
        raise FormError([str(err)]) from None
    return {"game": game, "seats": entries, "scores": scores, "winners": winners, "sheet": paper}


def save_form(entry: dict, folder="playtests"):
    """Write :func:`read_form`'s entry as a paper playtest file; returns its path."""
    from gamedesign import playtest

    return playtest.write_paper(entry["game"], entry["seats"], entry["scores"], entry["winners"], entry["sheet"],
                                folder=folder)


class PaperForm(common.AppBox):
    """The paper playtest form (see the module): pick the game and the players, fill in the
    sheet, press *Save this paper game*."""

    def __init__(self, game: str | None = None, players: int | None = None, folder="playtests"):
        from gamedesign import playtest
        from gamedesign.registry import BUILT_IN, GAMES, game_class

        names = list(GAMES) or list(BUILT_IN)
        game = game or names[0]
        if game not in names:
            raise ValueError(f"game must be one of {', '.join(names)}, not {game!r}")
        self.folder, self.paths = folder, []
        self.fields = playtest.paper_fields()
        wide = {"description_width": "initial"}
        self.game_box = widgets.Dropdown(options=[(game_class(n).title, n) for n in names], value=game,
                                         description="Game", style=wide)
        self.players_box = widgets.Text(value=str(players or game_class(game).default_players
                                                  or game_class(game).min_players),
                                        description="Players", style=wide, layout=widgets.Layout(width="140px"))
        self.date = widgets.Text(description="Date", placeholder="2026-12-03", style=wide)
        self.observer = widgets.Text(description="Observer", style=wide)
        self.number = widgets.Text(description="Playtest no.", style=wide, layout=widgets.Layout(width="180px"))
        self.length = widgets.Text(description="Rounds played", style=wide, layout=widgets.Layout(width="200px"))
        self.seat_rows = widgets.VBox()
        self.tally_boxes = {t: widgets.Text(description=t, style=wide, layout=widgets.Layout(width="260px"))
                            for t in self.fields["counts"]}
        self.initial_boxes = {t: widgets.Text(description=t, placeholder="as written, e.g. A A B B A",
                                              style=wide, layout=widgets.Layout(width="460px"))
                              for t in self.fields["initials"]}
        self.notes = widgets.Textarea(description="Notes", placeholder="rule questions asked, the observer's note",
                                      style=wide, layout=widgets.Layout(width="calc(100% - 8px)", max_width="600px", height="80px"))
        self.save = widgets.Button(description="Save this paper game", icon="save", button_style="primary",
                                   layout=widgets.Layout(width="auto"))
        self.message = widgets.HTML()
        self.seats: list = []
        self.game_box.observe(lambda _: self._seat_rows(), names="value")
        self.players_box.observe(lambda _: self._seat_rows(), names="value")
        self.save.on_click(lambda _: self.submit())
        self._seat_rows()
        head = widgets.HTML("<b>A paper game, typed in from its sheets</b> (the results sheet of the printables). "
                            "Leave a box empty when nothing was written: it stays empty, never guessed.")
        super().__init__([
            head, widgets.HBox([self.game_box, self.players_box], layout=widgets.Layout(flex_flow="row wrap")),
            widgets.HBox([self.date, self.observer, self.number, self.length], layout=widgets.Layout(flex_flow="row wrap")),
            widgets.HTML("<b>Seats</b> (person: their name; a bot seat: <code>bot</code>)"), self.seat_rows,
            widgets.HTML("<b>Tally totals</b> (strokes on the observation sheet)"),
            widgets.HBox(list(self.tally_boxes.values()), layout=widgets.Layout(flex_flow="row wrap")),
            *self.initial_boxes.values(), self.notes, self.save, self.message,
        ], app_name="the paper playtest form")
        self.add_class("gd-paper-form")

    def _seat_rows(self) -> None:
        """One row a seat for the players typed (an unknown count keeps the rows)."""
        try:
            count = int(self.players_box.value.strip())
        except ValueError:
            return
        count = max(1, min(count, 12))
        rows = []
        for seat in range(count):
            old = self.seats[seat] if seat < len(self.seats) else None
            row = old or {
                "who": widgets.Text(placeholder="name, or bot", layout=widgets.Layout(width="140px")),
                "score": widgets.Text(placeholder="final score", layout=widgets.Layout(width="96px")),
                "won": widgets.Checkbox(description="Won", indent=False, layout=widgets.Layout(width="70px")),
                "before": widgets.Dropdown(options=[("Played before?", ""), ("yes", True), ("no", False)],
                                           layout=widgets.Layout(width="130px")),  # "": not written (a None value shows blank)
                **{r: widgets.Text(placeholder=f"{r} 1-5", layout=widgets.Layout(width="112px"))
                   for r in self.fields["ratings"]},
            }
            rows.append(row)
        self.seats = rows
        self.seat_rows.children = [
            widgets.HBox([widgets.HTML(f"Player {seat + 1}", layout=widgets.Layout(width="56px")), *row.values()],
                         layout=widgets.Layout(flex_flow="row wrap"))
            for seat, row in enumerate(rows)
        ]

    def values(self) -> tuple:
        """The form's texts, as :func:`read_form` takes them."""
        seats = [{key: None if key == "before" and box.value == "" else box.value for key, box in row.items()}
                 for row in self.seats]
        sheet = {"date": self.date.value, "observer": self.observer.value, "number": self.number.value,
                 "length": self.length.value, "notes": self.notes.value,
                 "tallies": {t: b.value for t, b in self.tally_boxes.items()},
                 "initials": {t: b.value for t, b in self.initial_boxes.items()}}
        return self.game_box.value, self.players_box.value, seats, sheet

    def field_names(self) -> list[str]:
        """The form's boxes by the names the printed results sheet gives its boxes
        (``data-field``: "date", "seat 0: score", "tally: Confusion", ...)."""
        name, players, seats, sheet = self.values()
        out = ["players"] + [k for k in ("date", "observer", "number", "length")]
        out += [f"seat {seat}: {key}" for seat, row in enumerate(seats) for key in row]
        out += [f"tally: {t}" for t in sheet["tallies"]] + [f"initials: {t}" for t in sheet["initials"]] + ["notes"]
        return out

    def submit(self) -> None:
        """Check the form and save it (the button); every problem becomes a message."""
        try:
            name, players, seats, sheet = self.values()
            entry = read_form(name, players, {}, seats, sheet)
            path = save_form(entry, self.folder)
        except FormError as err:
            items = "".join(f"<li>{html.escape(p)}</li>" for p in err.problems)
            self.message.value = (f'<div class="gd-message gd-error" role="alert" style="color:#8a1c1c">'
                                  f"<b>Not saved: please check</b><ul>{items}</ul></div>")
            return
        except Exception as err:  # a click must never raise into the notebook
            common.message(self.message, f"Not saved: {common.error_text(err)}", "error")
            return
        self.paths.append(path)
        common.message(self.message, f"Saved as {path.name} in {path.parent}: playtest.load reads it beside the "
                       "app games.", "ok")


def paper_form(game: str | None = None, players: int | None = None, folder="playtests") -> PaperForm:
    """The paper playtest form for ``game`` (a name; default the first game) and ``players``,
    saving to ``folder`` (default ``playtests``, beside the app games' logs)."""
    return PaperForm(game, players, folder)


__all__ = ["BOT_WORD", "FormError", "PaperForm", "allowed_players", "paper_form", "read_form", "save_form"]
