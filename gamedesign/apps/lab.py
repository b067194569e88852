"""The what-if lab: flip rule options, move deck sliders, run, and read the measures.

``lab_app()`` returns the app. Pick a game (and perhaps a shipped preset to start from)
and the number of players, change any rule
option (dropdowns list the allowed values) and any deck number (card counts, points,
skill values) with sliders, choose a bot for each seat and the number of games, and
press **Run**. With *Compare with the standard rules* ticked, both are played on the same
seeds and the table gives each measure's difference with its 95% interval; the charts
show the differences, the win rate by seat and (Leg Day, GYM) what each card is worth. Errors (a deck too small for the players,
an option out of range) are shown as a message.

The app only gathers the settings into a :class:`gamedesign.lab.Variant` and calls the
lab: no measure is computed here.
"""

from __future__ import annotations

import dataclasses

import ipywidgets as widgets

from gamedesign.apps.common import AppBox, check_seed, error_text, guard, message, seed_input
from gamedesign.bots import bot_names
from gamedesign.charts.lab import card_value_chart, differences_chart, seat_chart, summary_chart
from gamedesign.lab import Variant
from gamedesign.lab.compare import compare_tables, comparison_summary, run_variants
from gamedesign.lab.metrics import card_values, game_table, summary
from gamedesign.lab.variants import default_deck_data, load_preset, preset_names
from gamedesign.registry import GAMES, game_class, game_module

_STYLE = {"description_width": "190px"}
#: The range of the Games slider.
MIN_GAMES, MAX_GAMES = 10, 2000
_WIDE = widgets.Layout(width="430px")


def _players(game: str) -> tuple:
    cls = game_class(game)
    return cls.allowed_players or tuple(range(cls.min_players, cls.max_players + 1))


def _deck_numbers(game: str) -> list[tuple]:
    """Every whole number of the default deck a slider can change:
    ``(label, path, default, low, high)``; ``path`` says where it sits in the deck data."""
    if getattr(game_module(game), "DEFAULT_DECK", None) is None:
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
                        out.append((f"{entry['name']}: {field}", (key, entry["name"], field), number, low,
                                    max(10, 2 * number + 2)))
                for i, skill in enumerate(entry.get("skills", [])):
                    out.append((f"{entry['name']}: {skill['colour']}", (key, entry["name"], "skills", i),
                                skill["value"], 1, 6))
        elif isinstance(value, dict):
            for field, number in value.items():
                if isinstance(number, int) and not isinstance(number, bool):
                    out.append((f"{key}: {field}", (key, field), number, min(-5, number), max(12, 2 * number)))
        elif isinstance(value, int) and not isinstance(value, bool):
            out.append((key.replace("_", " "), (key,), value, 1, max(12, 2 * value)))
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

    def __init__(self, game: str = "legday", games: int = 100, seed: int = 0):
        # Every setting is checked before a widget is built: a bad one is a clear ValueError.
        if not isinstance(game, str) or game not in GAMES:
            raise ValueError(f"unknown game {game!r}; allowed: {', '.join(GAMES)}")
        if isinstance(games, bool) or not isinstance(games, int) or not MIN_GAMES <= games <= MAX_GAMES:
            raise ValueError(f"games must be a whole number from {MIN_GAMES} to {MAX_GAMES}, not {games!r}")
        seed = check_seed(seed)
        self.game = widgets.Dropdown(options=list(GAMES), value=game, description="Game", style=_STYLE, layout=_WIDE)
        self.players = widgets.Dropdown(description="Players", style=_STYLE, layout=_WIDE)
        self.preset = widgets.Dropdown(description="Start from preset", style=_STYLE, layout=_WIDE)
        self.games = widgets.IntSlider(value=games, min=MIN_GAMES, max=MAX_GAMES, step=10, description="Games",
                                       continuous_update=False, style=_STYLE, layout=_WIDE)
        self.seed = seed_input(seed)
        self.compare_box = widgets.Checkbox(value=True, description="Compare with the standard rules", indent=False)
        self.run_button = widgets.Button(description="Run", icon="play", button_style="primary")
        self.progress = widgets.IntProgress(value=0, min=0, max=1, description="Games played",
                                            style={"description_width": "100px"})
        self.status = widgets.HTML()
        self.table = widgets.Output()
        self.charts = widgets.Output()
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
                self.table,
                self.charts,
            ],
            app_name="the design lab's what-if app",
        )
        self.widget.add_class("gd-lab")  # a hook for styles and for the browser tests
        self.last_result = None
        self._game_changed()

    # -- building the controls -----------------------------------------------------------

    def _game_changed(self) -> None:
        game = self.game.value
        cls = game_class(game)
        self.players.options = [(str(n), n) for n in _players(game)]
        self.players.value = cls.default_players or _players(game)[0]
        self.option_widgets = {}
        for field in dataclasses.fields(cls.Options):
            if field.name == "deck":
                continue
            doc = field.metadata.get("doc", "")
            choices = field.metadata.get("choices")
            if choices:
                control = widgets.Dropdown(options=[(str(c), c) for c in choices], value=field.default,
                                           description=field.name, tooltip=doc, style=_STYLE, layout=_WIDE)
            else:
                control = widgets.IntText(value=field.default, description=field.name, tooltip=doc, style=_STYLE,
                                          layout=_WIDE)
            self.option_widgets[field.name] = control
        self.options_box.children = list(self.option_widgets.values())
        self.deck_sliders = {}
        for label, path, default, low, high in _deck_numbers(game):
            self.deck_sliders[path] = widgets.IntSlider(value=default, min=low, max=high, description=label,
                                                        continuous_update=False, style=_STYLE, layout=_WIDE)
        self.deck_box.children = list(self.deck_sliders.values())
        self.preset.options = [("standard rules", "")] + [(name.split("_", 1)[1], name) for name in preset_names(game)]
        self.preset.value = ""
        self._players_changed()

    def load_preset(self, name: str) -> None:
        """Set the players, options and deck sliders to a shipped preset ("" = standard rules)."""
        game = self.game.value
        cls = game_class(game)
        v = load_preset(name) if name else None
        self.players.value = v.players if v is not None and v.players else cls.default_players or _players(game)[0]
        options = v.options if v is not None else {}
        for field in dataclasses.fields(cls.Options):
            if field.name in self.option_widgets:
                self.option_widgets[field.name].value = options.get(field.name, field.default)
        data = (v.deck_data() if v is not None else None) or default_deck_data(game)
        for path, slider in self.deck_sliders.items():
            slider.value = _deck_value(data, path)

    def _players_changed(self) -> None:
        if self.players.value is None:
            return
        names = bot_names(self.game.value)
        preferred = "greedy" if "greedy" in names else names[0]
        self.bot_widgets = [
            widgets.Dropdown(options=names, value=preferred, description=f"Seat {seat}", style=_STYLE, layout=_WIDE)
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
        cls = game_class(self.game.value)
        defaults = {f.name: f.default for f in dataclasses.fields(cls.Options)}
        options = {name: w.value for name, w in self.option_widgets.items() if w.value != defaults[name]}
        return Variant(self.game.value, players=self.players.value, options=options, deck=self.deck_changes(),
                       name="your variant")

    def bots(self) -> list[str]:
        """The bot of each seat."""
        return [w.value for w in self.bot_widgets]

    # -- running -------------------------------------------------------------------------

    def _progress(self, done: int, total: int) -> None:
        self.progress.max = total
        self.progress.value = done

    def run(self) -> None:
        """Play the games and show the measures; errors become a message."""
        self.table.outputs = ()
        self.charts.outputs = ()
        self.progress.value = 0
        try:
            mine = self.variant()
            compare = self.compare_box.value and (mine.options or mine.deck)
            variants = [Variant(mine.game, players=mine.players, name="standard rules"), mine] if compare else [mine]
            self.run_button.disabled = True
            message(self.status, f"Playing {self.games.value} games of {len(variants)} variant(s)…", "info")
            records = run_variants(variants, self.bots(), games=self.games.value, seed=self.seed.value,
                                   progress=self._progress)
        except Exception as err:  # a bad variant or a failing bot: a message, never a traceback
            message(self.status, error_text(err), "error")
            return
        finally:
            self.run_button.disabled = False
        tables = {label: game_table(recs) for label, recs in records.items()}
        comparison = compare_tables(tables)
        self.last_result = comparison
        if compare:
            self.table.append_display_data(comparison_summary(comparison))
            self.charts.append_display_data(differences_chart(comparison))
            note = "differences marked * have a 95% interval that leaves out 0"
        else:
            self.table.append_display_data(summary(tables[mine.label]).drop(columns="definition").round(3))
            self.charts.append_display_data(summary_chart(summary(tables[mine.label])))
            note = "these are the standard rules" if not (mine.options or mine.deck) else "no comparison asked for"
        self.charts.append_display_data(seat_chart(comparison))
        cards = card_values(records)
        if not cards.empty:
            self.charts.append_display_data(card_value_chart(cards))
        message(self.status, f"Done: {self.games.value} games per variant, seed {self.seed.value}; {note}.", "ok")


def lab_app(game: str = "legday", games: int = 100, seed: int = 0) -> widgets.VBox:
    """The what-if lab as a widget."""
    return LabApp(game, games, seed).widget


__all__ = ["LabApp", "lab_app"]
