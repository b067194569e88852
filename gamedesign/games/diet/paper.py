"""The Diet Game on paper: the cards to print and the rules on one page.

Both follow the game's deck and options, so a designer's variant prints its own counts,
pounds and rules. The readings of the rulebook are those of ``docs/diet.md``.
:mod:`gamedesign.printables` lays them out; ``DietGame.printed_cards`` and
``DietGame.rules_summary`` call these functions.
"""

from __future__ import annotations

from ...cardfaces import CardFace, RulesSheet, ScorePad
from .cards import card_lines, card_value

#: The band colour of each kind (the kind is always written on the card as well).
KIND_COLOUR = {
    "breakfast": "yellow",
    "lunch": "orange",
    "dinner": "red",
    "snack": "pink",
    "exercise": "green",
    "cheat": "purple",
    "willpower": "blue",
    "laziness": "grey",
}


def printed_cards(game) -> list:
    """One :class:`CardFace` per card of the game's deck, with its count as the copies."""
    faces = []
    for card in game.deck.cards:
        faces.append(
            CardFace(card.name, card.kind.capitalize(), card.count, card_value(card), card_lines(card),
                     colour=KIND_COLOUR[card.kind], back="")  # one draw pile: all backs alike
        )
    return faces


def rules_summary(game) -> RulesSheet:
    """The rules on one page, for this game's players, deck and options."""
    deck, o = game.deck, game.options
    hand, swaps, target = deck.hand_size, deck.planning_discards, o.target
    first = "Seat 0" if o.first_player == 0 else f"Seat {o.first_player}"
    setup = [
        f"{game.min_players} to {game.max_players} players; seats go clockwise and play passes to the left. "
        "The player on your right is the one before you.",
        f"Shuffle the {deck.size} cards. "
        + (f"Deal {hand} cards to each player, one at a time, starting with the first player."
           if o.deal_at_start else "Hands start empty: each player fills theirs on their own first turn."),
        f"Every weight starts at 0; keep each player's weight with coins, tokens or a tally. {first} "
        "(the rulebook's most out-of-shape player) goes first.",
    ]
    turn = [
        f"1. A New Day: fill your hand to {hand}. When the deck is empty, shuffle the discard pile into a new deck.",
        f"2. Planning: discard 0 to {swaps} cards face up, then draw as many.",
        "3. Breakfast, Lunch, Dinner, Snack, one phase each: you may eat one card of that meal worth 0 or less. "
        "If you eat none, the player on your right may feed you one fattening card of that meal.",
        "4. Exercise: you may play one Exercise card. The opponents, starting on your left, may cancel it with "
        "Laziness: the first to play one is the only one.",
        "5. Cheat: the opponents, in the same order, may play one Cheat card on you; the first one is the only one. "
        "You may cancel it with Willpower.",
        "Played and cancelled cards go face up on the discard pile. Drawn cards stay hidden.",
    ]
    end = [
        f"The moment your weight reaches {target} ({-target} pounds lost) you win: the game ends in the middle of your turn. Only your own "
        "turn can bring your weight down, so the winner is always the player whose turn it is.",
        f"An Exercise that would reach {target} counts only once every opponent has declined Laziness.",
        f"Simulations call a game a draw after {o.max_turns} turns in all; at the table, agree a time limit first.",
    ]
    table = [
        "Eating is optional, also when you could eat.",
        "Only a fattening card of the meal you skipped may be fed to you, and only one.",
        "Laziness answers only Exercise; Willpower answers only a Cheat.",
        "A player with nothing to play is still asked, and says pass: skipping them would tell the table what "
        "they do not hold.",
    ]
    return RulesSheet(
        (("Setup", setup), ("Your turn, phase by phase", turn), ("Winning", end), ("At the table", table)),
        needs=f"the {deck.size} cards of this printout and coins or tokens to keep each player's weight.",
        source="Written from gamedesign's docs/diet.md (the rulebook as the engine reads it).",
        columns=tuple(f"Round {k}" for k in range(1, 13)),
    )


#: Rounds on the Diet Game's score pad (a longer game goes on a second pad).
PAD_ROUNDS = 14


def score_pad(game) -> ScorePad:
    """Each player's weight, round by round, toward the target."""
    target = game.options.target
    rows = tuple((f"Round {k}", "weight at the end of your turn") for k in range(1, PAD_ROUNDS + 1))
    return ScorePad(rows, total="", note=f"Every weight starts at 0. The first player whose weight reaches {target} "
                                         "wins at once, in the middle of their turn.")
