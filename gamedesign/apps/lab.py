"""The what-if lab: flip rule options, move deck sliders, run, read the verdict; ask for a fix.

``lab_app()`` returns the app. Pick a game (and perhaps a shipped preset to start from)
and the number of players, change any rule option (dropdowns list the allowed values in
words) and any deck number (card counts, points, skill values) with sliders, choose a bot
for each seat and the number of games, and press **Run**. With *Compare with the standard
rules* ticked, both are played on the same seeds: the verdict says in plain words what
changed clearly, then a short table shows the measures chosen under *Measures in the
table* (every measure is one click away, under *All measures*), and the charts show the
changes, the win rate by seat and what each card is worth. *Suggest a fix* asks the
balance search for variants that meet a goal (even seats, a game length, a card's value).
Errors (a deck too small for the players, an option out of range) are shown as a message.

Every label and explanation comes from :mod:`gamedesign.lab.labels`. The app only gathers
the settings into a :class:`gamedesign.lab.Variant` and calls the lab: no measure is
computed here.
"""

from __future__ import annotations

import dataclasses

import ipywidgets as widgets

from gamedesign.apps.common import AppBox, check_seed, error_text, guard, message, seed_input
from gamedesign.bots import bot_names
from gamedesign.charts.lab import card_value_chart, differences_chart, seat_chart, summary_chart
from gamedesign.lab import Variant, labels
from gamedesign.lab.balance import CAUTION, card_value, default_space, fair_seats, game_length, search_balance
from gamedesign.lab.compare import compare_tables, run_variants
from gamedesign.lab.metrics import card_values, game_table, summary
from gamedesign.lab.variants import default_deck_data, load_preset, preset_names
from gamedesign.lab.verdict import DEFAULT_MEASURES, measures_table, verdict
from gamedesign.core import package_of
from gamedesign.registry import BUILT_IN, GAMES, class_of, game_class

_STYLE = {"description_width": "270px"}
#: The range of the Games slider.
MIN_GAMES, MAX_GAMES = 10, 2000
#: The range of the number of variants *Suggest a fix* tries.
MIN_TRIALS, MAX_TRIALS = 4, 60
_WIDE = widgets.Layout(width="540px")

#: The goals *Suggest a fix* offers: label -> goal name ("{first}" is the first seat in the
#: game's own words: Player 1, Team A).
GOALS = {"Every seat wins about equally often": "fair", "{first} wins a fair share": "seat0",
         "Games last a target length": "length", "A card is worth a target value": "card"}


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def goal_options(game) -> list[tuple]:
    """The *Suggest a fix* goals of ``game`` (a game, its class or name) as (label, goal name)."""
    first = _capital(labels.seat_name(0, game))
    return [(text.format(first=first), goal) for text, goal in GOALS.items()]


class _Switched(Exception):
    """The game was switched while its games were being played: the run stops."""


def _players(cls: type) -> tuple:
    return cls.allowed_players or tuple(range(cls.min_players, cls.max_players + 1))


def _has_deck(game) -> bool:
    """Whether the game (a game class or its name) has a deck file whose numbers the lab can change."""
    return getattr(package_of(class_of(game)), "DEFAULT_DECK", None) is not None


def _deck_numbers(game: str) -> list[tuple]:
    """Every whole number of the default deck a slider can change:
    ``(label, path, default, low, high, help)``; ``path`` says where it sits in the deck data."""
    if not _has_deck(game):
        return []  # a game without a deck file: only its rule options change
    data = default_deck_data(game)
    out = []
    for key, value in data.items():
        if key.startswith("_"):
            continue
        if isinstance(value, list) and all(isinstance(e, dict) and "name" in e for e in value):
            for entry in value:
                for field, number in entry.items():
                    if field in ("count", "points", "images", "pounds") and isinstance(number, int):
                        low = min(0, number - 3) if field == "pounds" else 0
                        text, help_text = labels.deck_field(field, entry["name"])
                        out.append((text, (key, entry["name"], field), number, low, max(10, 2 * number + 2), help_text))
                for i, skill in enumerate(entry.get("skills", [])):
                    text, help_text = labels.deck_field("skill", entry["name"], skill["colour"])
                    out.append((text, (key, entry["name"], "skills", i), skill["value"], 1, 6, help_text))
        elif isinstance(value, dict):
            for field, number in value.items():
                if isinstance(number, int) and not isinstance(number, bool):
                    text, help_text = labels.deck_field(field)
                    out.append((text, (key, field), number, min(-5, number), max(12, 2 * number), help_text))
        elif isinstance(value, int) and not isinstance(value, bool):
            text, help_text = labels.deck_field(key)
            out.append((text, (key,), value, 1, max(12, 2 * value), help_text))
    return out


def _deck_value(data: dict, path: tuple) -> int:
    """The number at ``path`` (as made by :func:`_deck_numbers`) in deck data."""
    if len(path) == 1:
        return data[path[0]]
    if len(path) == 2:
        return data[path[0]][path[1]]
    entry = next(e for e in data[path[0]] if e["name"] == path[1])
    return entry["skills"][path[3]]["value"] if path[2] == "skills" else entry[path[2]]


class LabApp:
    """Widgets for one what-if experiment; ``widget`` is what a notebook shows."""

    def __init__(self, game: str | None = None, games: int = 100, seed: int = 0):
        game = BUILT_IN[0] if game is None else game  # the first game of the course
        if not isinstance(game, str):  # a game or its class: the lab runs the game registered by its name
            cls = class_of(game)
            if cls.name not in GAMES or game_class(cls.name) is not cls:
                raise ValueError(f"{cls.title} is not a known game: register its class first (gamedesign.register)")
            game = cls.name
        # Every setting is checked before a widget is built: a bad one is a clear ValueError.
        if not isinstance(game, str) or game not in GAMES:
            raise ValueError(f"unknown game {game!r}; allowed: {', '.join(GAMES)}")
        if isinstance(games, bool) or not isinstance(games, int) or not MIN_GAMES <= games <= MAX_GAMES:
            raise ValueError(f"games must be a whole number from {MIN_GAMES} to {MAX_GAMES}, not {games!r}")
        seed = check_seed(seed)
        #: Each game's class, looked up once: the app passes the class on, never the name to look up again.
        self.classes = {g: game_class(g) for g in GAMES}
        self.game = widgets.Dropdown(options=[(cls.title, g) for g, cls in self.classes.items()], value=game,
                                     description="Game", style=_STYLE, layout=_WIDE)
        self.players = widgets.Dropdown(description="Players", style=_STYLE, layout=_WIDE)
        self.preset = widgets.Dropdown(description="Start from preset", style=_STYLE, layout=_WIDE)
        self.games = widgets.IntSlider(value=games, min=MIN_GAMES, max=MAX_GAMES, step=10, description="Games",
                                       continuous_update=False, style=_STYLE, layout=_WIDE)
        self.seed = seed_input(seed)
        self.seed.style.description_width = _STYLE["description_width"]  # its label in line with the others
        self.seed.layout.width = "380px"
        self.compare_box = widgets.Checkbox(value=True, description="Compare with the standard rules", indent=False)
        self.run_button = widgets.Button(description="Run", icon="play", button_style="primary")
        self.progress = widgets.IntProgress(value=0, min=0, max=1, description="Games played",
                                            style={"description_width": "100px"})
        self.status = widgets.HTML()
        self.verdict = widgets.Output()
        self.table = widgets.Output()
        self.all_measures = widgets.Output()
        self.charts = widgets.Output()
        self.measure_picker = widgets.SelectMultiple(description="Measures in the table", rows=6,
                                                     style={"description_width": "160px"},
                                                     layout=widgets.Layout(width="470px"))
        all_panel = widgets.Accordion(children=[self.all_measures])
        all_panel.set_title(0, "All measures")
        all_panel.selected_index = None
        self.all_panel = all_panel
        self.goal = widgets.Dropdown(options=goal_options(self.classes[game]), value="fair", description="Goal",
                                     style=_STYLE, layout=_WIDE)
        self.margin = widgets.IntSlider(value=5, min=1, max=20, description="Seats within (percentage points)",
                                        continuous_update=False, style=_STYLE, layout=_WIDE)
        self.target = widgets.FloatText(value=0.0, description="Target (length, or a card's worth)", style=_STYLE,
                                        layout=_WIDE)
        self.tolerance = widgets.BoundedFloatText(value=0.5, min=0.0, max=100.0, step=0.1, description="Give or take",
                                                  style=_STYLE, layout=_WIDE)
        self.card = widgets.Dropdown(description="Card", style=_STYLE, layout=_WIDE)
        self.trials = widgets.IntSlider(value=12, min=MIN_TRIALS, max=MAX_TRIALS, description="Variants to try",
                                        continuous_update=False, style=_STYLE, layout=_WIDE)
        self.suggest_button = widgets.Button(description="Suggest a fix", icon="magic")
        self.suggestions = widgets.Output()
        self.proposal = widgets.Dropdown(description="Proposal", style=_STYLE, layout=_WIDE, disabled=True)
        self.use_button = widgets.Button(description="Use this proposal", disabled=True,
                                         tooltip="set the controls to the proposal, to run and study it")
        self.last_search = None
        #: The game a run or a search is playing (None: none going); a switch of the game stops it.
        self._running = None
        fix_panel = widgets.Accordion(children=[widgets.VBox([
            widgets.HTML('<div style="line-height:1.5">The balance search tries variants of the rules and deck '
                         "above on the same seeds and proposes those that best meet the goal. <i>" + CAUTION +
                         "</i></div>"),
            self.goal, self.margin, self.target, self.tolerance, self.card, self.trials, self.suggest_button, self.suggestions,
            widgets.HBox([self.proposal, self.use_button])])])
        fix_panel.set_title(0, "Suggest a fix")
        fix_panel.selected_index = None
        self.option_widgets: dict = {}
        self.deck_sliders: dict = {}
        self.bot_widgets: list = []
        self.options_box = widgets.VBox()
        self.deck_box = widgets.VBox()
        self.bots_box = widgets.VBox()
        deck_panel = widgets.Accordion(children=[self.deck_box])
        deck_panel.set_title(0, "Deck: counts and values")
        deck_panel.selected_index = None
        self.game.observe(lambda change: guard(self.status, "Could not switch the game", self._game_changed),
                          names="value")
        self.players.observe(lambda change: guard(self.status, "Could not set the players", self._players_changed),
                             names="value")
        self.preset.observe(lambda change: guard(self.status, "Could not load the preset", self.load_preset,
                                                 change["new"]), names="value")
        self.run_button.on_click(lambda _: guard(self.status, "Could not run the games", self.run))
        self.measure_picker.observe(lambda change: guard(self.status, "Could not show the measures",
                                                         self._show_table), names="value")
        self.suggest_button.on_click(lambda _: guard(self.status, "Could not suggest a fix", self.suggest))
        self.use_button.on_click(lambda _: guard(self.status, "Could not use the proposal", self.use_proposal))
        self.widget = AppBox(
            [
                # The collapsed panel title is grey on grey by default (4.4:1): darken it (AA).
                widgets.HTML("<style>.gd-lab.gd-lab .jupyter-widget-Collapse-header { color: #333; }</style>"),
                widgets.HBox(
                    [
                        widgets.VBox([widgets.HTML("<b>Game and rules</b>"), self.game, self.preset, self.players,
                                      self.options_box]),
                        widgets.VBox([widgets.HTML("<b>Bots and games</b>"), self.bots_box, self.games, self.seed,
                                      self.compare_box]),
                    ],
                    layout=widgets.Layout(flex_flow="row wrap"),
                ),
                deck_panel,
                widgets.HBox([self.run_button, self.progress]),
                self.status,
                self.verdict,
                self.measure_picker,
                self.table,
                all_panel,
                self.charts,
                fix_panel,
            ],
            app_name="the design lab's what-if app",
        )
        self.widget.add_class("gd-lab")  # a hook for styles and for the browser tests
        self.last_result = None
        self._game_changed()

    # -- building the controls -----------------------------------------------------------

    def _game_changed(self) -> None:
        game = self.game.value
        cls = self.classes[game]
        # What was shown belongs to the game before: a run still going stops at its next
        # progress report (see _progress), and its results are never shown.
        self.last_result = self.last_search = None
        for out in (self.verdict, self.table, self.all_measures, self.charts, self.suggestions):
            out.outputs = ()
        self.proposal.options, self.proposal.value = [], None
        self.proposal.disabled = self.use_button.disabled = True
        # The new game's presets first, quietly (no preset of the game before is loaded).
        self._switching = True
        try:
            self.preset.options = [("standard rules", "")] + [(load_preset(name).description or name, name)
                                                              for name in preset_names(game)]
            self.preset.value = ""
        finally:
            self._switching = False
        goal = self.goal.value
        self.goal.options = goal_options(cls)
        self.goal.value = goal
        self.players.options = [(str(n), n) for n in _players(cls)]
        self.players.value = cls.default_players or _players(cls)[0]
        self.option_widgets = {}
        for field in dataclasses.fields(cls.Options):
            if field.name == "deck":
                continue
            text, help_text, _ = labels.option(cls, field.name)
            doc = help_text or field.metadata.get("doc", "")
            choices = field.metadata.get("choices")
            if choices:
                control = widgets.Dropdown(options=[(labels.value_label(cls, field.name, c), c) for c in choices],
                                           value=field.default, description=text, tooltip=doc, style=_STYLE,
                                           layout=_WIDE)
            else:
                control = widgets.IntText(value=field.default, description=text, tooltip=doc, style=_STYLE,
                                          layout=_WIDE)
            self.option_widgets[field.name] = control
        self.options_box.children = list(self.option_widgets.values())
        self.deck_sliders = {}
        for text, path, default, low, high, help_text in _deck_numbers(game):
            self.deck_sliders[path] = widgets.IntSlider(value=default, min=low, max=high, description=text,
                                                        tooltip=help_text, continuous_update=False, style=_STYLE,
                                                        layout=_WIDE)
        self.deck_box.children = list(self.deck_sliders.values())
        data = default_deck_data(game) if _has_deck(game) else {}
        cards = [e["name"] for key in ("cards", "kids") for e in data.get(key, [])]
        self.card.options = cards
        self.card.value = cards[0] if cards else None
        self.suggestions.outputs = ()
        self._players_changed()

    def load_preset(self, name: str) -> None:
        """Set the players, options and deck sliders to a shipped preset ("" = standard rules)."""
        if getattr(self, "_switching", False):
            return  # the game is being switched: its controls start from the standard rules
        self.use_variant(load_preset(name) if name else None)

    def use_variant(self, v) -> None:
        """Set the players, options and deck sliders to the variant ``v`` (``None``: the standard rules)."""
        game = self.game.value
        cls = self.classes[game]
        self.players.value = v.players if v is not None and v.players else cls.default_players or _players(cls)[0]
        options = v.options if v is not None else {}
        for field in dataclasses.fields(cls.Options):
            if field.name in self.option_widgets:
                self.option_widgets[field.name].value = options.get(field.name, field.default)
        if not self.deck_sliders:
            return
        data = (v.deck_data() if v is not None else None) or default_deck_data(game)
        for path, slider in self.deck_sliders.items():
            slider.value = _deck_value(data, path)

    def _players_changed(self) -> None:
        if self.players.value is None:
            return
        names = bot_names(self.game.value)
        cls = self.classes[self.game.value]
        preferred = "greedy" if "greedy" in names else names[0]
        self.bot_widgets = [
            widgets.Dropdown(options=names, value=preferred, description=_capital(cls.seat_name(seat)), style=_STYLE,
                             layout=_WIDE)
            for seat in range(self.players.value)
        ]
        self.bots_box.children = self.bot_widgets

    # -- reading the controls ------------------------------------------------------------

    def deck_changes(self) -> dict:
        """The deck sliders that differ from the default deck, as variant deck changes."""
        if not self.deck_sliders:
            return {}  # nothing to change (a game without a deck file)
        data = default_deck_data(self.game.value)
        changes: dict = {}
        for path, slider in self.deck_sliders.items():
            if slider.value == _deck_value(data, path):
                continue
            key = path[0]
            if len(path) == 1:
                changes[key] = slider.value
            elif len(path) == 2:
                changes.setdefault(key, {})[path[1]] = slider.value
            elif path[2] == "skills":
                named = changes.setdefault(key, {}).setdefault(path[1], {})
                entry = next(e for e in data[key] if e["name"] == path[1])
                named.setdefault("skills", [dict(s) for s in entry["skills"]])[path[3]]["value"] = slider.value
            else:
                changes.setdefault(key, {}).setdefault(path[1], {})[path[2]] = slider.value
        return changes

    def variant(self) -> Variant:
        """The variant the controls describe (``ValueError`` naming what is wrong)."""
        cls = self.classes[self.game.value]
        defaults = {f.name: f.default for f in dataclasses.fields(cls.Options)}
        options = {name: w.value for name, w in self.option_widgets.items() if w.value != defaults[name]}
        mine = Variant(self.game.value, players=self.players.value, options=options, deck=self.deck_changes(),
                       name="your variant")
        if self.preset.value:  # still the preset as loaded: call it by its name and label
            preset = load_preset(self.preset.value)
            if preset.game == mine.game and preset.build().deck == mine.build().deck and preset.options == options \
                    and (preset.players or cls.default_players) == self.players.value:
                return mine.with_changes(preset.name, label=preset.label)
        if not options and not mine.deck:  # nothing changed: call it what it is, in tables and charts
            return mine.with_changes("standard rules")
        return mine

    def bots(self) -> list[str]:
        """The bot of each seat."""
        return [w.value for w in self.bot_widgets]

    # -- running -------------------------------------------------------------------------

    def _progress(self, done: int, total: int) -> None:
        if self._running is not None and self._running != self.game.value:
            raise _Switched()  # stops the games being played (a pool of processes too)
        self.progress.max = total
        self.progress.value = done

    def _stopped(self, game: str) -> None:
        """Say that a run or a search of ``game`` stopped because the game was switched."""
        message(self.status, f"Stopped: the game was switched to {self.classes[self.game.value].title} while "
                             f"{self.classes[game].title} was being played, so nothing of that run is shown. "
                             "Press Run again for the game now chosen.", "info")

    def run(self) -> None:
        """Play the games and show the verdict, the measures and the charts; errors become a message."""
        for out in (self.verdict, self.table, self.all_measures, self.charts):
            out.outputs = ()
        self.progress.value = 0
        game = self.game.value
        try:
            mine = self.variant()
            compare = self.compare_box.value and (mine.options or mine.deck)
            variants = [Variant(mine.game, players=mine.players, name="standard rules"), mine] if compare else [mine]
            self.run_button.disabled = True
            self._running = game
            message(self.status, f"Playing {self.games.value} games of {len(variants)} variant(s)…", "info")
            records = run_variants(variants, self.bots(), games=self.games.value, seed=self.seed.value,
                                   progress=self._progress)
        except _Switched:
            self._stopped(game)
            return
        except Exception as err:  # a bad variant or a failing bot: a message, never a traceback
            message(self.status, error_text(err), "error")
            return
        finally:
            self.run_button.disabled = False
            self._running = None
        if self.game.value != game:  # switched at the very end: the results belong to the game before
            self._stopped(game)
            return
        tables = {label: game_table(recs) for label, recs in records.items()}
        comparison = compare_tables(tables)
        self.last_result = comparison
        present = list(dict.fromkeys(comparison["measure"]))
        chosen = [m for m in self.measure_picker.value if m in present] or [m for m in DEFAULT_MEASURES
                                                                              if m in present]
        self._picking = True
        try:
            self.measure_picker.options = [(labels.label(m, game), m) for m in present]
            self.measure_picker.value = tuple(chosen)
        finally:
            self._picking = False
        if compare:
            said = verdict(comparison, game=self.classes[game])
            self.verdict.append_display_data(said)
            self.all_measures.append_display_data(measures_table(comparison, "all", game=self.classes[game], explain=True))
            self.charts.append_display_data(differences_chart(comparison, game=game))
            note = "the verdict counts a change as clear when it stays clear after the correction for many measures"
        else:
            own = summary(tables[mine.label])
            self.all_measures.append_display_data(
                own.set_index("label")[["value", "low", "high", "games", "definition"]].round(3))
            self.charts.append_display_data(summary_chart(own, game=game))
            note = "these are the standard rules" if not (mine.options or mine.deck) else "no comparison asked for"
        self._show_table()
        self.charts.append_display_data(seat_chart(comparison, game=self.classes[game]))
        cards = card_values(records)
        if not cards.empty:
            self.charts.append_display_data(card_value_chart(cards, game=game))
        message(self.status, f"Done: {self.games.value} games per variant, seed {self.seed.value}; {note}.", "ok")

    def _show_table(self) -> None:
        """The short table of the measures picked (after a run)."""
        if self.last_result is None or getattr(self, "_picking", False):
            return
        self.table.outputs = ()
        chosen = list(self.measure_picker.value)
        if not chosen:
            return
        game = self.game.value
        if self.last_result["variant"].nunique() > 1:
            self.table.append_display_data(measures_table(self.last_result, chosen, game=self.classes[game]))
        else:
            rows = self.last_result.set_index("measure").loc[chosen]
            shown = rows[["value", "value_low", "value_high"]].rename(columns={"value_low": "low", "value_high": "high"})
            shown.index = [labels.label(m, game) for m in chosen]
            self.table.append_display_data(shown.round(3))

    # -- suggest a fix -------------------------------------------------------------------

    def goal_object(self):
        """The balance search's goal the *Suggest a fix* controls describe."""
        kind = self.goal.value
        margin = self.margin.value / 100
        if kind == "fair":
            return fair_seats(margin)
        if kind == "seat0":
            return fair_seats(margin, seat=0)
        if kind == "length":
            if self.target.value <= 0:
                raise ValueError("give the target length (in the game's own unit) in 'Target (length, or a card's "
                                 "worth)'")
            return game_length(self.target.value, tolerance=self.tolerance.value)
        if self.card.value is None:
            raise ValueError("this game has no cards to value")
        return card_value(self.card.value, self.target.value - self.tolerance.value,
                          self.target.value + self.tolerance.value)

    def suggest(self) -> None:
        """Run the balance search from the current variant and show its proposals."""
        self.suggestions.outputs = ()
        base = self.variant()
        base = base.with_changes("your variant" if (base.options or base.deck) else "standard rules")
        goal = self.goal_object()
        games = min(self.games.value, 200)
        self.suggest_button.disabled = True
        message(self.status, f"Trying {self.trials.value} variants of {games} games each…", "info")
        game = base.game
        self._running = game
        try:
            found = search_balance(base, default_space(self.classes[base.game]), goal,
                                   budget={"trials": self.trials.value, "games": games, "confirm_games": 2 * games},
                                   seed=self.seed.value, bots=self.bots(), progress=self._progress)
        except _Switched:
            self._stopped(game)
            return
        finally:
            self.suggest_button.disabled = False
            self._running = None
        if self.game.value != game:
            self._stopped(game)
            return
        self.last_search = found
        self.suggestions.append_display_data(found)
        self.suggestions.append_display_data(found.table()[["changes", "goal value", "low", "high", "meets the goal"]]
                                             .round(3))
        self.proposal.options = [(f"{v.name}: {'; '.join(found.changes[v.name])}", i) for i, v in enumerate(found.best)]
        self.proposal.value = 0 if found.best else None
        self.proposal.disabled = self.use_button.disabled = not found.best
        if found.best:
            message(self.status, f"Done: {self.trials.value} variants tried, the best {len(found.best)} measured again "
                                 f"on {2 * games} fresh games.", "ok")
        else:
            message(self.status, f"No proposal: {found.summary()}", "error")

    def use_proposal(self) -> None:
        """Set the controls to the proposal picked under *Suggest a fix* (the seats keep their bots)."""
        if self.last_search is None or self.proposal.value is None:
            raise ValueError("ask for a fix first: press 'Suggest a fix'")
        chosen = self.last_search.best[self.proposal.value]
        bots = self.bots()
        self.use_variant(chosen)
        if len(bots) == len(self.bot_widgets):
            for widget, bot in zip(self.bot_widgets, bots):
                widget.value = bot
        self.compare_box.value = True
        message(self.status, f"The controls now describe {chosen.name}: press Run to compare it with the standard "
                             "rules.", "ok")


def lab_app(game: str | None = None, games: int = 100, seed: int = 0) -> widgets.VBox:
    """The what-if lab as a widget (``game``: a game's name; by default the first built-in game)."""
    return LabApp(game, games, seed).widget


__all__ = ["LabApp", "lab_app"]
