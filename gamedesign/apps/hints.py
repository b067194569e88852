"""Hints for the game apps: what the greedy or the search bot would play in your place, and why.

``hint(game, seat, observation, legal_actions)`` asks the game's greedy bot for its move
and returns a :class:`Hint`: the move, a sentence saying why, and the values it compared
(best first; each move named by the game's ``move_words``, the words of its buttons), as the bot gives them (its ``hint(observation, legal_actions)`` method,
beside its rules in the game's package; a bot without one gives its move alone). ``search_hint(...)`` asks the search bot: the move it chose and, for each
move it tried, how it did in the games it imagined. Like every bot they read only the
player's own observation and the legal actions, never the full state. ``HintBar`` is the
widget: "Hint", "Why?" and "Ask search" buttons and the answer beneath them.
"""

from __future__ import annotations

import html
from dataclasses import dataclass, field

import ipywidgets as widgets
from gamedesign.bots import make_bot
from gamedesign.core import legal_move


@dataclass(frozen=True)
class Hint:
    """The greedy bot's move for a player, why, and the values it compared (best first)."""

    action: object
    reason: str
    values: list = field(default_factory=list)  # (choice as text, value) pairs


def _greedy(game, seat: int):
    bot = make_bot("greedy", game)
    bot.reset(game, seat, 0)
    return bot


def _ranked(pairs) -> list:
    return sorted(pairs, key=lambda pair: -pair[1])


def _put_first(values: list, label: str) -> list:
    """``values`` with the pair labelled ``label`` first, the others in their order."""
    return [pair for pair in values if pair[0] == label][:1] + [pair for pair in values if pair[0] != label]


def hint(game, seat: int, observation: dict, legal_actions) -> Hint:
    """What the greedy bot would play for ``seat`` from ``observation`` only, and why."""
    legal = list(legal_actions)
    if not legal:
        raise ValueError("there is nothing to play now: wait for your turn")
    bot = _greedy(game, seat)
    if not callable(getattr(type(bot), "hint", None)):  # a greedy bot that gives no reasons
        return Hint(bot.act(observation, legal), "the greedy bot's choice")
    action, reason, values = bot.hint(observation, legal)
    values, label = list(values), game.move_words(action, observation)
    value = dict(values).get(label)
    if value is not None and value >= values[0][1] - 1e-9:  # tied best: the move named comes first
        values = _put_first(values, label)
    return Hint(action, reason, values)


def search_hint(game, seat: int, observation: dict, legal_actions, seed: int = 0) -> Hint:
    """What the search bot (``make_bot("search")``, seeded by ``seed``) would play for
    ``seat`` from ``observation`` only, and the mean reward of each move it tried in its
    imagined games (best first)."""
    legal = list(legal_actions)
    if not legal:
        raise ValueError("there is nothing to play now: wait for your turn")
    bot = make_bot("search", game)
    bot.reset(game, seat, seed)
    action = legal_move(game, bot.act(observation, list(legal)), legal)
    words = {str(move): game.move_words(move, observation) for move in legal}  # the search names moves by their text
    tried = {words.get(label, label): result for label, result in bot.last_search.get("actions", {}).items()}
    chosen = game.move_words(action, observation)
    if not tried:
        summary = bot.last_search.get("policy") or "it plays a fixed rule of thumb"
        return Hint(action, f"{chosen}. The strongest bot here does not imagine games: it plays a "
                    f"rule of thumb that won more often than any search it was tried against: {summary}.")
    games = max(visits for visits, _ in tried.values())
    values = _ranked((label, round(reward, 3)) for label, (_, reward) in tried.items())
    dealt = (f"{chosen}: the search bot dealt the cards you cannot see in ways that fit what you have "
             f"seen and played the game out (up to {games} imagined games a move)")
    values_are = " Values: mean reward in those games (a win counts most); the bot's move first."
    if chosen not in tried or tried[chosen][1] >= values[0][1] - 1e-9:  # the best mean, or tied with it
        return Hint(action, dealt + "; this move did best." + values_are, _put_first(values, chosen))
    # The bot's own rule chose another move than the best mean: say which rule, and list its move first.
    best, best_value = values[0]
    visits, mine = tried[chosen]
    if visits == games and any(v < games for v, _ in tried.values()):
        rule = (f"it imagined this move the most ({visits} games), its sign of the move that holds up best, though "
                f"{best} had the higher mean ({best_value:g} against {mine:.3g}) in fewer games")
    else:
        rule = (f"{best} had a higher mean ({best_value:g} against {mine:.3g}), but by less than chance alone could "
                "make, so the bot keeps the move its rule of thumb picks")
    return Hint(action, f"{dealt}; {rule}." + values_are, _put_first(values, chosen))


def hint_html(result: Hint, why: bool, words=None) -> str:
    """The hint as a short line, with the compared values as a list when ``why``;
    ``words(text)`` puts the app's names for the players into the texts ("player 1" ->
    "Bot 1")."""
    words = words or (lambda text: text)
    text = f'<div class="gd-hint" role="status"><b>Hint:</b> {html.escape(words(result.reason))}'
    if why and result.values:
        rows = "".join(
            f"<li>{html.escape(words(str(label)))}: <b>{value:g}</b></li>" for label, value in result.values[:8]
        )
        more = f" (and {len(result.values) - 8} more)" if len(result.values) > 8 else ""
        text += f"<br><small>The values the bot compares, best first{more}:</small><ol>{rows}</ol>"
    return text + "</div>"


class HintBar(widgets.VBox):
    """"Hint", "Why?" and "Ask search" buttons and the answer beneath them.

    ``ask()`` returns ``(game, seat, observation, legal_actions)`` for the player now, or
    raises ``ValueError`` saying why there is nothing to hint. ``words(text)``, when
    given, names the players in the hint as the app does.
    """

    def __init__(self, ask, enabled: bool = True, words=None):
        if not isinstance(enabled, bool):
            raise ValueError(f"hints must be True or False, not {enabled!r}")
        self.ask, self.enabled, self.words = ask, enabled, words
        self.answer = widgets.HTML()
        self.hint_button = widgets.Button(description="Hint", tooltip="What would the greedy bot play?")
        self.why_button = widgets.Button(description="Why?", tooltip="The values the greedy bot compares")
        self.search_button = widgets.Button(
            description="Ask search", tooltip="What would the search bot play, and how did each move do in its imagined games?"
        )
        self.hint_button.on_click(lambda _: self.show(why=False))
        self.why_button.on_click(lambda _: self.show(why=True))
        self.search_button.on_click(lambda _: self.show(why=True, ask=search_hint))
        super().__init__([widgets.HBox([self.hint_button, self.why_button, self.search_button]), self.answer])
        self.add_class("gd-hints")
        self.layout.display = None if enabled else "none"

    def show(self, why: bool, ask=None) -> None:
        """Answer a click (``ask``: :func:`hint` by default, or :func:`search_hint`); a
        refusal is a sentence, never an exception."""
        try:
            self.answer.value = hint_html((ask or hint)(*self.ask()), why, self.words)
        except Exception as err:  # a click must never raise into the notebook
            from gamedesign.apps.common import error_text

            self.answer.value = f'<div class="gd-hint" role="status">No hint now: {html.escape(error_text(err))}.</div>'

    def clear(self, playing: bool = True) -> None:
        """Forget the last answer (after a move it no longer fits); shown only while
        ``playing`` (not after the game) and when the teacher left hints on."""
        self.answer.value = ""
        self.layout.display = None if self.enabled and playing else "none"


__all__ = ["Hint", "hint", "search_hint", "hint_html", "HintBar"]
