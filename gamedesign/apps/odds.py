"""The odds explorer: change deck counts, hand size and target, see the exact answer.

``odds_explorer()`` returns the app with every built-in game's questions;
``odds_explorer(game=...)`` with the questions a game declares (its ``odds_questions``: a
student's game too; a game that declares none starts on the sliders). Pick a preset
question or set the numbers yourself with the sliders; the formula, the exact fraction, the decimal and a chart of the
whole distribution update at once, and **Simulate** shuffles a deck 10,000 times to
check the exact value.
"""

from __future__ import annotations

import html

import ipywidgets as widgets

from gamedesign import odds
from gamedesign.apps.common import AppBox, error_text, guard, message
from gamedesign.charts import PALETTE, alt
from gamedesign.registry import BUILT_IN, class_of, game_class

#: Preset questions: label -> (population, wanted, hand, at least, redraw), each built-in
#: game's own (its ``Game.odds_questions``), in the order of the games.
PRESETS = {label: numbers for name in BUILT_IN for label, numbers in game_class(name).odds_questions.items()}

#: What the question menu shows once the sliders no longer ask one of the presets.
OWN_NUMBERS = "Your own numbers (set with the sliders)"

#: The numbers of a question, in order, as the sliders call them.
_NUMBERS = ("cards in the deck", "wanted cards in the deck", "hand size", "at least (target)", "redraw up to")

#: ``OddsExplorer(preset=FIRST)``: the first question offered (your own numbers when none is).
FIRST = object()


def questions_of(game=None) -> dict:
    """The preset questions the explorer offers: with no game, every built-in game's
    (:data:`PRESETS`); else the questions ``game`` (a game, its class or its name) declares
    in its ``odds_questions``, maybe none. ``ValueError`` naming the question if its numbers
    are not five whole numbers (cards in the deck, wanted cards, hand, at least, redraw)."""
    if game is None:
        return dict(PRESETS)
    cls = class_of(game)
    declared = getattr(cls, "odds_questions", None) or {}
    if not isinstance(declared, dict):
        raise ValueError(f"{cls.title}'s odds_questions must be a dict of label -> numbers, not {type(declared).__name__}")
    for label, numbers in declared.items():
        if not isinstance(label, str) or not label.strip():
            raise ValueError(f"{cls.title}'s odds question {label!r} needs a label: a text")
        if (not isinstance(numbers, (tuple, list)) or len(numbers) != len(_NUMBERS)
                or any(isinstance(n, bool) or not isinstance(n, int) or n < 0 for n in numbers)):
            raise ValueError(f"{cls.title}'s odds question {label!r}: give 5 whole numbers, 0 or more "
                             f"({', '.join(_NUMBERS)}), not {numbers!r}")
    return {label: tuple(numbers) for label, numbers in declared.items()}


def deck_problem(population: int, wanted: int, hand: int) -> str | None:
    """Why the sliders' numbers make no deck, in the sliders' own words (``None`` if they do)."""
    if wanted > population:
        return (f"the deck has {population} card{'s' if population != 1 else ''}, so it cannot hold {wanted} wanted "
                f"cards: set “Wanted cards in the deck” to at most {population}, or add cards to the deck")
    if hand > population:
        return (f"a hand of {hand} cannot be dealt from a deck of {population} card{'s' if population != 1 else ''}: "
                f"set “Hand size” to at most {population}")
    return None


def distribution_chart(successes: int, population: int, draws: int, need: int, redraw: int = 0) -> alt.Chart:
    """Bar chart of P(X = i), the bars that meet the target marked (text and colour).

    With a redraw step the chart shows the first hand, before the redraw."""
    table = odds.distribution(successes, population, draws)
    table["meets target"] = ["yes (counts)" if i >= need else "no" for i in table["count"]]
    return (
        alt.Chart(
            table[["count", "probability", "meets target"]],
            title=f"Wanted cards in a hand of {draws}" + (" (before the redraw)" if redraw else ""),
        )
        .mark_bar()
        .encode(
            x=alt.X("count:O", title="Wanted cards in the hand"),
            y=alt.Y("probability:Q", title="Probability", axis=alt.Axis(format="%")),
            color=alt.Color("meets target:N", scale=alt.Scale(domain=["yes (counts)", "no"], range=[PALETTE[0], "#BBBBBB"])),
            tooltip=["count", alt.Tooltip("probability:Q", format=".4f"), "meets target"],
        )
        .properties(width=360, height=180)
    )


class OddsExplorer:
    """Sliders for the deck, the hand and the target; the exact answer and its check."""

    def __init__(self, preset: str = FIRST, game=None):
        self.questions = questions_of(game)
        self.game_title = None if game is None else class_of(game).title
        if preset is FIRST:
            preset = next(iter(self.questions), OWN_NUMBERS)
        if not isinstance(preset, str) or preset not in self.questions and not (preset == OWN_NUMBERS and not self.questions):
            allowed = ", ".join(self.questions) or f"none: {self.game_title} declares no odds questions"
            raise ValueError(f"unknown preset {preset!r}; allowed: {allowed}")
        style = {"description_width": "170px"}
        layout = widgets.Layout(width="440px")

        def slider(description, low, high, value):
            return widgets.IntSlider(
                value=value, min=low, max=high, description=description, style=style, layout=layout,
                continuous_update=False,
            )

        self.population = slider("Cards in the deck", 1, 120, 108)
        self.wanted = slider("Wanted cards in the deck", 0, 120, 30)
        self.hand = slider("Hand size", 1, 20, 9)
        self.need = slider("At least (target)", 0, 20, 1)
        self.redraw = slider("Redraw up to (Planning)", 0, 7, 0)
        most = [max((q[i] for q in self.questions.values()), default=0) for i in range(len(_NUMBERS))]
        self.population.max, self.wanted.max = max(120, most[0]), max(120, most[1])
        self.hand.max, self.need.max, self.redraw.max = max(20, most[2]), max(20, most[3]), max(7, most[4])
        self.preset = widgets.Dropdown(options=[*self.questions, OWN_NUMBERS], value=preset, description="Question", style=style,
                                       layout=widgets.Layout(width="560px"))
        self.answer = widgets.HTMLMath()
        self.status = widgets.HTML()
        self.chart = widgets.Output()
        self.simulate_button = widgets.Button(description="Simulate 10,000 hands", icon="random",
                                              tooltip="Shuffle the deck 10,000 times and count",
                                              layout=widgets.Layout(width="auto", min_width="200px"))
        self.check = widgets.HTML()
        self.preset.observe(
            lambda change: guard(self.status, "Could not load the question", self.load_preset, change["new"]),
            names="value",
        )
        for control in (self.population, self.wanted, self.hand, self.need, self.redraw):
            control.observe(lambda change: guard(self.status, "Could not update the answer", self.update), names="value")
        self.simulate_button.on_click(lambda _: guard(self.status, "Cannot simulate", self.simulate))
        #: Says when the game declares no questions (empty otherwise).
        self.note = widgets.HTML()
        if not self.questions:
            message(self.note, f"{self.game_title} declares no odds questions (its class's odds_questions): "
                    "set your own numbers with the sliders.", "info")
        self.widget = AppBox(
            [
                self.preset,
                *([self.note] if not self.questions else []),
                widgets.HBox(
                    [
                        widgets.VBox(
                            [self.population, self.wanted, self.hand, self.need, self.redraw],
                            layout=widgets.Layout(min_width="450px"),
                        ),
                        self.chart,
                    ],
                    layout=widgets.Layout(flex_flow="row wrap"),
                ),
                self.answer,
                self.status,
                widgets.HBox([self.simulate_button, self.check]),
            ],
            app_name="the odds explorer",
        )
        self.widget.add_class("gd-odds")  # a hook for styles and for the browser tests
        self._loading = False
        guard(self.status, "Could not load the question", self.load_preset, preset)
        if not self.questions:  # nothing to pick: the sliders ask the question
            guard(self.status, "Could not update the answer", self.update)

    def load_preset(self, name: str) -> None:
        """Set every slider to a preset question (the sliders stay as they are for
        :data:`OWN_NUMBERS`)."""
        if name == OWN_NUMBERS:
            return
        population, wanted, hand, need, redraw = self.questions[name]
        self._loading = True
        try:
            self.population.value = population
            self.wanted.value, self.hand.value, self.need.value, self.redraw.value = wanted, hand, need, redraw
        finally:
            self._loading = False
        self.update()

    def numbers(self) -> tuple[int, int, int, int, int]:
        """(population, wanted, hand, at least, redraw) as set now."""
        return self.population.value, self.wanted.value, self.hand.value, self.need.value, self.redraw.value

    def update(self) -> None:
        """Recompute the exact answer and the chart; explain impossible settings."""
        if self._loading:
            return
        population, wanted, hand, need, redraw = self.numbers()
        self.check.value = ""
        if self.questions.get(self.preset.value) != self.numbers():  # the menu names the question asked
            self.preset.value = next((name for name, numbers in self.questions.items() if numbers == self.numbers()),
                                     OWN_NUMBERS)
        problem = deck_problem(population, wanted, hand)
        if problem:
            self.answer.value = ""
            self.chart.outputs = ()
            message(self.status, f"These numbers do not make a deck: {problem}.", "error")
            return
        try:
            if redraw:
                answer = odds.with_redraw(need, wanted, population, hand, redraw)
            else:
                answer = odds.at_least(need, wanted, population, hand)
            chart = distribution_chart(wanted, population, hand, need, redraw)
        except odds.TooLargeError as err:
            self.answer.value = ""
            self.chart.outputs = ()
            message(self.status, f"These numbers are too big for an exact answer: {err}", "error")
            return
        except ValueError as err:
            self.answer.value = ""
            self.chart.outputs = ()
            message(self.status, f"These numbers do not make a deck: {err}", "error")
            return
        except Exception as err:  # any other failure is a message, never a traceback
            self.answer.value = ""
            self.chart.outputs = ()
            message(self.status, f"Could not work out the answer: {error_text(err)}", "error")
            return
        self.status.value = ""
        self.answer.value = (
            f"<p><b>{html.escape(answer.question)}</b></p>"
            f"<p>$$P = {answer.formula} = {_latex(answer.value)} \\approx {answer.decimal:.4f}$$</p>"
        )
        self.chart.outputs = ()
        self.chart.append_display_data(chart)

    def simulate(self) -> None:
        """Shuffle and count, and say whether the exact value lies in the 95% interval."""
        population, wanted, hand, need, redraw = self.numbers()
        problem = deck_problem(population, wanted, hand)
        if problem:
            self.check.value = ""
            message(self.status, f"Cannot simulate: {problem}.", "error")
            return
        try:
            exact = odds.p_with_redraw(need, wanted, population, hand, redraw)
            result = odds.sample_draws(wanted, population, hand, need, redraw, trials=10_000, seed=0)
        except ValueError as err:
            self.check.value = ""
            message(self.status, f"Cannot simulate: {err}", "error")
            return
        verdict = "✔ agrees with the exact value" if odds.agrees(exact, result) else "✘ outside the 95% interval"
        self.check.value = f"Simulated: {html.escape(str(result))} — {verdict}"


def _latex(value) -> str:
    import sympy as sp

    return sp.latex(value)


def odds_explorer(preset: str = FIRST, game=None) -> widgets.VBox:
    """The odds explorer as a widget: every built-in game's questions, or with ``game`` (a
    game, its class or its name) the questions that game declares."""
    return OddsExplorer(preset, game).widget


__all__ = ["FIRST", "OddsExplorer", "PRESETS", "distribution_chart", "odds_explorer", "questions_of"]
