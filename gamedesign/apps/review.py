"""The end of an app's game: "How did I play?" and a replay, shared by every app.

:class:`ReviewPanel` sits in an app's footer (:class:`gamedesign.apps.hotseat.HotSeat`
puts it there) and stays empty while the game is played. When the game is over it offers:

* **How did I play?** - a button: the person's decisions valued by the strongest bot
  (:func:`gamedesign.playtest.review`), with a progress line while they are valued, then the
  three that cost the most, the moments the lead changed and every decision;
* **Replay** - first / back / forward / last through the game, with each step's words and
  the table as that person saw it (their observation at that step, never the full state).

In a hot-seat game each person picks their own name first; their review and replay show
only their own view. The rules and the values come from :mod:`gamedesign.lab.review`.
"""

from __future__ import annotations

import html
import re

import ipywidgets as widgets

from . import common

#: The replay strip's buttons: (description, icon, tooltip, what it does on a Replay).
STRIP = (
    ("First", "fast-backward", "The start of the game", "first"),
    ("Back", "step-backward", "One step back", "back"),
    ("Forward", "step-forward", "One step forward", "forward"),
    ("Last", "fast-forward", "The end of the game", "last"),
)

#: "1. " at the start of a review's numbered line.
NUMBER = re.compile(r"^\d+\. ")


def view_text(game, observation, names) -> str:
    """One seat's view of the table as text: the game's own table (its ``text_view``, as
    the terminal shows it), else every entry of the observation a line."""
    from gamedesign import terminal

    try:
        body = game.text_view(observation, list(names), list(names))
        if body is None:
            body = terminal.generic_view(game, observation, list(names), list(names))
        return "\n".join(str(line) for line in body)
    except Exception:  # a hook that cannot draw an end position: the plain entries
        return "\n".join(f"{key}: {value}" for key, value in observation.items())


class ReviewPanel(widgets.VBox):
    """"How did I play?" and the replay strip for the people of one app (see the module).

    ``names`` are the app's names for the seats, ``people`` the people's seats. Call
    :meth:`offer` with a function that gives the finished game as a
    :class:`~gamedesign.playtest.Playtest`, :meth:`clear` when a new game starts.
    """

    def __init__(self, names, people, iterations: int | None = None):
        super().__init__()
        self.names, self.people, self.iterations = list(names), list(people), iterations
        self.add_class("gd-review")
        self._log = None
        self._build = None
        self.replay = None
        self.seat = self.people[0] if self.people else None
        self.whose = widgets.ToggleButtons(options=[(self.names[s], s) for s in self.people],
                                           description="Whose game?", style={"description_width": "initial"})
        self.whose.observe(lambda change: self._choose(change["new"]), names="value")
        self.ask = widgets.Button(description="How did I play?", icon="search", button_style="",
                                  layout=widgets.Layout(width="auto", align_self="flex-start"),
                                  tooltip="The strongest bot values each of your decisions (a few seconds)")
        self.ask.on_click(lambda _: self.run())
        self.progress = widgets.HTML()
        self.progress.add_class("gd-review-progress")
        self.answer = widgets.HTML()
        self.answer.add_class("gd-review-answer")
        self.buttons = []
        for description, icon, tooltip, move in STRIP:
            button = widgets.Button(description=description, icon=icon, tooltip=tooltip,
                                    layout=widgets.Layout(width="auto"))
            button.on_click(lambda _, move=move: self.move(move))
            self.buttons.append(button)
        self.step_text = widgets.HTML()
        self.step_text.add_class("gd-replay-step")
        self.step_view = widgets.HTML()
        self.step_view.add_class("gd-replay-view")
        self.strip = widgets.VBox([widgets.HBox(self.buttons, layout=widgets.Layout(flex_flow="row wrap")),
                                   self.step_text, self.step_view],
                                  layout=widgets.Layout(margin="10px 0 0 0", padding="6px 0 0 0",
                                                        border_top="1px solid #ddd"))
        self.strip.add_class("gd-replay")
        self.children = ()

    # -- the game's end ----------------------------------------------------------------

    def offer(self, build) -> None:
        """The game is over: show the button and the replay (``build()`` gives the game)."""
        self._build, self._log = build, None
        top = [widgets.HTML("<b>The game is over.</b> Look back at it:")]
        if len(self.people) > 1:
            top.append(widgets.HTML('<small>Each of you: choose your name, then look at your own game. '
                                    'Your replay shows only what you saw.</small>'))
            top.append(self.whose)
        self.children = top + [self.ask, self.progress, self.answer, self.strip]
        self._choose(self.seat if self.seat in self.people else (self.people[0] if self.people else None))

    def clear(self) -> None:
        """A new game: nothing to look back at yet."""
        self._build = self._log = self.replay = None
        for widget in (self.progress, self.answer, self.step_text, self.step_view):
            widget.value = ""
        self.children = ()

    def _game(self):
        if self._log is None:
            self._log = self._build()
        return self._log

    def _names(self, seat) -> list:
        names = list(self.names)
        if seat is not None and len(self.people) == 1:
            names[seat] = "you"
        return names

    def _choose(self, seat) -> None:
        """Show ``seat``'s replay from the start, and empty the last person's review."""
        self.seat = seat
        self.progress.value = self.answer.value = ""
        self.step_text.value = self.step_view.value = ""
        self.replay = None
        if seat is None or self._build is None:
            return
        try:
            from gamedesign.lab.review import replay

            self.replay = replay(self._game(), seat=seat, names=self._names(seat))
            self.move("first")
        except Exception as err:  # a replay must never raise into the notebook
            common.message(self.step_text, f"No replay: {common.error_text(err)}", "error")

    # -- How did I play? ---------------------------------------------------------------

    def run(self) -> None:
        """Value the person's decisions (the button), with a progress line; never raises."""
        if self.seat is None or self._build is None:
            common.message(self.progress, "Finish a game first: then you can look back at it.", "info")
            return
        self.ask.disabled = True
        self.answer.value = ""
        try:
            from gamedesign.lab.review import review

            def progress(done, total):
                self.progress.value = (f'<span role="status">Valuing your decisions: {done} of {total} '
                                       f'done...</span>')

            self.progress.value = '<span role="status">Valuing your decisions...</span>'
            result = review(self._game(), seat=self.seat, iterations=self.iterations, progress=progress,
                            names=self._names(self.seat))
            self.answer.value = review_html(result)
            self.progress.value = ""
        except Exception as err:  # a click must never raise into the notebook
            common.message(self.progress, f"Could not look back at the game: {common.error_text(err)}", "error")
        finally:
            self.ask.disabled = False

    # -- the replay --------------------------------------------------------------------

    def move(self, how: str) -> None:
        """Move the replay: ``"first"``, ``"back"``, ``"forward"`` or ``"last"``."""
        if self.replay is None:
            return
        step = getattr(self.replay, how)()
        total = len(self.replay) - 1
        lines = "".join(f"<li>{html.escape(line)}</li>" for line in step.lines) or "<li>Nothing yet.</li>"
        self.step_text.value = (f'<div><b>Replay, step {step.number} of {total}:</b> {html.escape(step.label)}'
                                f"<ul>{lines}</ul></div>")
        game = self.replay.log.built
        shown = view_text(game, step.view, self.replay.names)
        self.step_view.value = (f'<pre style="white-space:pre-wrap;max-height:320px;overflow:auto;font-size:12px">'
                                f"{html.escape(shown)}</pre>")
        self.buttons[0].disabled = self.buttons[1].disabled = step.number == 0
        self.buttons[2].disabled = self.buttons[3].disabled = step.number == total


def review_html(result) -> str:
    """A :class:`gamedesign.lab.review.Review` as the panel shows it: the summary, the
    decisions that cost the most (numbered), the lead changes, and every decision folded
    away under a line to open (a long game's list would push the replay off the screen)."""
    lines = result.lines()
    head, rest = lines[:3], lines[3:]
    sections = []  # [heading, items]
    for line in rest:
        if not line:
            continue
        if line.startswith("  ") and sections:
            sections[-1][1].append(line.strip())
        else:
            sections.append([line, []])
    parts = [f"<p>{html.escape(line)}</p>" for line in head]
    for heading, items in sections:
        numbered = bool(items) and all(NUMBER.match(item) for item in items)
        tag = "ol" if numbered else "ul"
        if numbered:
            items = [NUMBER.sub("", item) for item in items]
        listing = "".join(f"<li>{html.escape(item)}</li>" for item in items)
        listing = f'<{tag} style="margin:2px 0 8px;padding-left:24px">{listing}</{tag}>' if items else ""
        if heading.startswith("Every decision") and items:
            parts.append(f'<details><summary style="cursor:pointer"><b>{html.escape(heading.rstrip(":"))}</b> '
                         f"({len(items)}): open the list</summary>{listing}</details>")
        else:
            parts.append(f'<p style="margin:8px 0 2px"><b>{html.escape(heading)}</b></p>{listing}')
    return f'<div class="gd-review-text" style="max-width:760px;line-height:1.4">{"".join(parts)}</div>'


__all__ = ["ReviewPanel", "STRIP", "review_html", "view_text"]
