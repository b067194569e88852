"""Speed-ups of the engines and bots change no game: seeded tables are pinned by digest."""

import hashlib
import pickle

import pytest

import gamedesign

#: Digests of seeded tables (seed 11, one process), recorded before the engines and bots
#: were made faster.
DIGESTS = {
    ("legday", 4, "random", 40): "d71b25ba2cebf2ef",
    ("legday", 4, "greedy", 20): "d9458e4588d151a0",
    ("legday", 3, "greedy", 10): "7a5497268cb8a772",
    ("gym", 2, "random", 40): "b5cd794b5ae9900f",
    ("gym", 2, "greedy", 20): "6be9cc2817f02e66",
    ("gym", 4, "greedy", 10): "c5fe3ded64f903cb",
}


@pytest.mark.parametrize("name, players, bot, games", list(DIGESTS))
def test_seeded_tables_are_the_same_as_before(name, players, bot, games):
    table = gamedesign.simulate(gamedesign.load(name, players=players), bot, games=games, seed=11, workers=1, batch=False)
    assert table.attrs["path"] == "object"
    digest = hashlib.sha256(table.to_csv(index=False).encode()).hexdigest()[:16]
    assert digest == DIGESTS[name, players, bot, games]


def test_games_pickle_with_the_same_legal_actions():
    for name in ("legday", "gym"):
        game = gamedesign.load(name)
        state = game.new_state(seed=3)
        seat = state.to_move()[0]
        first = state.legal_actions(seat)
        copy = pickle.loads(pickle.dumps(game))
        assert copy.new_state(seed=3).legal_actions(seat) == first
