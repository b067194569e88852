"""Determinization keeps everything the player knows: sampled states agree with the view,
respect every fact the public log gives, and are uniform over the states it allows."""

from __future__ import annotations

import math
import random
from collections import Counter

import pytest

import gamedesign
from gamedesign.bots import make_bot
from gamedesign.games.diet.rules import DietState
from gamedesign.games.gym import determinize as gym_determinize


def chi_square_limit(df: int, z: float = 3.09) -> float:
    """The chi-square value a fit exceeds with chance about 0.001 (Wilson-Hilferty)."""
    return df * (1 - 2 / (9 * df) + z * math.sqrt(2 / (9 * df))) ** 3


def chi_square(counts: Counter, expected: dict) -> float:
    return sum((counts.get(k, 0) - e) ** 2 / e for k, e in expected.items())


# -- The Diet Game ------------------------------------------------------------------------


@pytest.fixture
def diet_piles(monkeypatch):
    """Record, per state, the cards each reshuffle turned into the deck (the engine's own
    truth, read apart from the log the determinization reads)."""
    shuffle = DietState._shuffle

    def recording(self, cards):
        if getattr(self, "reshuffles", None) is not None and cards is self.deck and self.discard == []:
            self.reshuffled_pile = Counter(cards)  # kept on the state itself
        shuffle(self, cards)

    monkeypatch.setattr(DietState, "_shuffle", recording)
    return lambda state: getattr(state, "reshuffled_pile", None)


def whole_log_view(state, seat):
    """The view a search bot gives the determinization: its observation with the whole log
    it has read (perfect recall)."""
    return dict(state.observe(seat), log=list(state.log))


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_diet_samples_keep_reshuffled_cards_in_the_deck_and_known_cards_in_hands(players, diet_piles):
    game = gamedesign.load("diet", players=players)
    checked = after_reshuffle = 0
    for seed in range(6):
        state = game.new_state(seed=seed)
        bots = [make_bot("greedy", game) for _ in range(players)]
        for seat, bot in enumerate(bots):
            bot.reset(game, seat, seed * 10 + seat)
        rng = random.Random(seed)
        while not state.is_over():
            mover = state.to_move()[0]
            if rng.random() < 0.15:
                for seat in range(players):
                    view = whole_log_view(state, seat)
                    sample = game.sample_state(view, random.Random(rng.random()))
                    assert sample.observe(seat) == state.observe(seat)
                    assert [len(h) for h in sample.hands] == [len(h) for h in state.hands]
                    everything = Counter(sample.deck) + Counter(sample.discard)
                    for hand in sample.hands:
                        everything.update(hand)
                    if sample.pending:
                        everything[sample.pending["card"]] += 1
                    assert everything == Counter(game.deck.full_deck())
                    pile = diet_piles(state)
                    if pile is not None:
                        # Only cards of the reshuffled pile can still be in the deck; every
                        # other unseen card is known to be in someone's hand.
                        assert not Counter(sample.deck) - pile
                        after_reshuffle += 1
                    checked += 1
            state.apply(mover, bots[mover].act(state.observe(mover), state.legal_actions(mover)))
    assert checked > 20 and after_reshuffle > 5


def test_diet_without_the_whole_log_still_agrees_with_the_view():
    game = gamedesign.load("diet")
    state = game.new_state(seed=5)
    bots = [make_bot("greedy", game) for _ in range(4)]
    for seat, bot in enumerate(bots):
        bot.reset(game, seat, seat)
    while state.reshuffles == 0 or len(state.log) <= 60:
        mover = state.to_move()[0]
        state.apply(mover, bots[mover].act(state.observe(mover), state.legal_actions(mover)))
    view = state.observe(0)
    assert view["log_length"] > len(view["log"])  # the window does not reach the deal
    unseen = Counter(game.deck.full_deck()) - Counter(view["hand"]) - Counter(view["discard"])
    for i in range(30):
        sample = game.sample_state(view, random.Random(i))
        assert sample.observe(0) == view
        assert not Counter(sample.deck) - unseen


def test_diet_deck_after_a_reshuffle_is_uniform_over_the_cards_it_may_hold(diet_piles):
    """Every card of the reshuffled pile that is still unseen is as likely as any other to
    be in the deck (the deal is uniform over the deals the log allows)."""
    game = gamedesign.load("diet")
    state = game.new_state(seed=2)
    bots = [make_bot("greedy", game) for _ in range(4)]
    for seat, bot in enumerate(bots):
        bot.reset(game, seat, seat)
    while not (state.reshuffles and len(state.deck) < 30 and state.to_move() == [0]):
        mover = state.to_move()[0]
        state.apply(mover, bots[mover].act(state.observe(mover), state.legal_actions(mover)))
    view = whole_log_view(state, 0)
    pile = diet_piles(state)
    unseen = Counter(game.deck.full_deck()) - Counter(view["hand"]) - Counter(view["discard"])
    eligible = Counter({c: min(k, pile[c]) for c, k in unseen.items() if pile[c]})
    samples = 3000
    counts = Counter()
    rng = random.Random(11)
    for _ in range(samples):
        counts.update(set(game.sample_state(view, rng).deck))
    size = len(state.deck)
    singles = {c for c, k in eligible.items() if k == 1}
    assert len(singles) > size // 2
    # A card with one copy among the eligible ones is in the deck with chance size / eligible.
    expected = {c: samples * size / sum(eligible.values()) for c in singles}
    assert chi_square(counts, expected) < chi_square_limit(len(expected) - 1)


# -- GYM ---------------------------------------------------------------------------------


def possible_holders(observation):
    """For each Kid in a hand, the seats whose hand may hold it, by the plain reading of
    the public log: a Kid taken or lifted is in that hand; a Pick the observer is not
    part of may move any of the victim's possible Kids to the picker, a give-back any of
    the picker's to the victim."""
    n, me = len(observation["hand_sizes"]), observation["player"]
    where: dict = {}
    for kind, who, victim, kid, other in gym_determinize.public_events(observation):
        if kind == "take":
            where[kid] = {who}
        elif kind in ("place", "force"):
            where.pop(kid, None)
        elif kind == "lift":
            where.pop(other, None)
            where[kid] = {who}
        else:
            source, target = (victim, who) if kind == "pick" else (who, victim)
            if kid is not None:
                where[kid] = {target}
            else:
                for holders in where.values():
                    if source in holders:
                        holders.add(target)
    assert n and me is not None
    return where


def gym_views(players, games, rng):
    game = gamedesign.load("gym", players=players)
    for seed in range(games):
        state = game.new_state(seed=seed)
        while not state.is_over():
            mover = state.to_move()[0]
            if rng.random() < 0.2:
                yield game, state
            state.apply(mover, rng.choice(state.legal_actions(mover)))


@pytest.mark.parametrize("players", [2, 4, 6])
def test_gym_samples_put_every_kid_where_the_log_allows(players):
    checked = 0
    rng = random.Random(players)
    for game, state in gym_views(players, 10, rng):
        for seat in range(players):
            view = state.observe(seat)
            holders = possible_holders(view)
            sample = game.sample_state(view, random.Random(rng.random()))
            assert sample.observe(seat) == view
            assert [len(h) for h in sample.hands] == view["hand_sizes"]
            for other, hand in enumerate(sample.hands):
                assert set(view["known_hands"][other]) <= set(hand)
                for kid in hand:
                    assert other in holders[kid], (kid, other, holders[kid])
            # The unrevealed stack holds only Kids nobody has seen.
            assert not set(sample.stack) & set(holders)
            checked += 1
    assert checked > 100


def exact_worlds(observation):
    """Every world the log allows, with its chance: the other hands (sorted) after each
    history of random Picks (uniform from the victim's hand) and give-backs (uniform from
    the picker's hand) that ends where the observation stands."""
    n, me = len(observation["hand_sizes"]), observation["player"]
    events = gym_determinize.public_events(observation)
    worlds = Counter()

    def walk(i, hands, forced, chance):
        if i == len(events):
            if sorted(hands[me]) != sorted(observation["hand"]) or forced != observation["forced"]:
                return
            if [len(h) for h in hands] != observation["hand_sizes"]:
                return
            worlds[tuple(tuple(sorted(h)) for h in hands)] += chance
            return
        kind, who, victim, kid, other = events[i]
        hands = [list(h) for h in hands]
        forced = list(forced)
        if kind == "take":
            hands[who].append(kid)
        elif kind == "place":
            if forced[who] == kid:
                forced[who] = None
            elif kid in hands[who]:
                hands[who].remove(kid)
            else:
                return
        elif kind == "lift":
            if other not in hands[who]:
                return
            hands[who].remove(other)
            hands[who].append(kid)
        elif kind == "force":
            if kid not in hands[victim]:
                return
            hands[victim].remove(kid)
            forced[victim] = kid
        else:
            source, target = (victim, who) if kind == "pick" else (who, victim)
            choices = [kid] if kid is not None else list(hands[source])
            if kid is not None and kid not in hands[source]:
                return
            for choice in choices:
                moved = [list(h) for h in hands]
                moved[source].remove(choice)
                moved[target].append(choice)
                walk(i + 1, moved, forced, chance / len(choices))
            return
        walk(i + 1, hands, forced, chance)

    walk(0, [[] for _ in range(n)], [None] * n, 1.0)
    total = sum(worlds.values())
    return {world: p / total for world, p in worlds.items()}


def test_gym_samples_follow_the_chances_of_the_hidden_picks():
    """On a 4-player game with Picks the observer did not see, the sampled hands are drawn
    with the chances an enumeration of every history gives (chi-square)."""
    rng = random.Random(3)
    for game, state in gym_views(4, 40, rng):
        if state.step != "place":
            continue
        view = state.observe(0)
        hidden = sum(1 for e in gym_determinize.public_events(view) if e[0] in ("pick", "give") and e[3] is None)
        if not 1 <= hidden <= 4:
            continue
        worlds = exact_worlds(view)
        if not 4 <= len(worlds) <= 40:
            continue
        samples = 4000
        sampler = random.Random(8)
        counts = Counter(
            tuple(tuple(sorted(h)) for h in game.sample_state(view, sampler).hands) for _ in range(samples)
        )
        assert set(counts) <= set(worlds)  # never a world the log rules out
        expected = {w: samples * p for w, p in worlds.items()}
        assert chi_square(counts, expected) < chi_square_limit(len(expected) - 1)
        return
    pytest.fail("no 4-player position with a few hidden Picks found")


def test_diet_samples_give_no_hand_more_new_deck_cards_than_its_player_can_hold(monkeypatch):
    """A card whose every copy went into the reshuffled pile can only be in a hand as a
    draw from the new deck: a sampled hand holds no more of them than its player drew
    since the reshuffle, less those of them the player has played or discarded since
    (the engine's own draws counted, apart from the log the sampling reads)."""
    draw, shuffle = DietState._draw, DietState._shuffle

    def recording(self, cards):
        if getattr(self, "reshuffles", None) is not None and cards is self.deck and self.discard == []:  # a reshuffle
            self.pile_now = Counter(cards)
        shuffle(self, cards)

    def counting(self, seat, count):
        before = self.reshuffles
        drawn = draw(self, seat, count)
        if self.reshuffles != before:  # this draw set a reshuffle off: count from it
            self.fresh_draws = [0] * len(self.hands)
            self.fresh_draws[seat] = sum(self.pile_now.values()) - len(self.deck)
        elif getattr(self, "fresh_draws", None) is not None:
            self.fresh_draws[seat] += drawn
        return drawn

    monkeypatch.setattr(DietState, "_shuffle", recording)
    monkeypatch.setattr(DietState, "_draw", counting)
    game = gamedesign.load("diet", players=4)
    copies = Counter(game.deck.full_deck())
    checked = broken = 0
    for seed in range(40):
        state = game.new_state(seed=seed)
        bots = [make_bot("greedy", game) for _ in range(4)]
        for seat, bot in enumerate(bots):
            bot.reset(game, seat, seed * 10 + seat)
        rng = random.Random(seed)
        used = [0] * 4  # new-deck-only cards that left each hand since the reshuffle
        seen_reshuffles = 0
        while not state.is_over():
            pile = getattr(state, "pile_now", None)
            if pile is not None and rng.random() < 0.3:
                only_new = {c for c in pile if pile[c] >= copies[c]}
                for me in range(4):
                    sample = game.sample_state(whole_log_view(state, me), random.Random(rng.random()))
                    for s in range(4):
                        if s != me:
                            held = sum(1 for c in sample.hands[s] if c in only_new)
                            checked += 1
                            broken += held > state.fresh_draws[s] - used[s]
            mover = state.to_move()[0]
            before = [Counter(h) for h in state.hands]
            state.apply(mover, bots[mover].act(state.observe(mover), state.legal_actions(mover)))
            if state.reshuffles != seen_reshuffles:
                seen_reshuffles, used = state.reshuffles, [0] * 4
                continue
            if getattr(state, "pile_now", None) is not None:
                only_new = {c for c in state.pile_now if state.pile_now[c] >= copies[c]}
                for s in range(4):
                    used[s] += sum(k for c, k in (before[s] - Counter(state.hands[s])).items() if c in only_new)
    assert checked > 50 and broken == 0
