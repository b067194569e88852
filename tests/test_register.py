"""A student's game joins every tool through ``gamedesign.register``."""

from __future__ import annotations

import multiprocessing
from concurrent.futures import ProcessPoolExecutor

import pandas as pd
import pytest

import gamedesign
from gamedesign import lab
from gamedesign.bots import ValueBot, bot_names, make_bot
from gamedesign.checks import GameCheckError
from gamedesign.ladder import fair_share
from gamedesign.registry import unregister

from own_games import CountingGame, MySprint, names_in_worker


@pytest.fixture
def registered():
    """Register the test games, and forget them afterwards."""
    gamedesign.register(MySprint)
    gamedesign.register(CountingGame)
    yield
    for name in ("mysprint", "counting"):
        if name in gamedesign.registry._REGISTERED:
            unregister(name)


def test_a_registered_game_is_loaded_by_name_and_listed(registered):
    assert gamedesign.GAMES[:3] == ("legday", "gym", "diet")
    assert "mysprint" in gamedesign.GAMES and "counting" in gamedesign.GAMES
    game = gamedesign.load("mysprint", players=4, ties="lose")
    assert isinstance(game, MySprint) and game.num_players == 4 and game.options.ties == "lose"
    assert gamedesign.load("counting").num_players == 2  # no default_players: the fewest allowed
    unregister("counting")
    assert "counting" not in gamedesign.GAMES
    with pytest.raises(ValueError, match="unknown game 'counting'; allowed: legday, gym, diet, sprint, mysprint"):
        gamedesign.load("counting")


def test_registering_again_replaces_and_built_in_names_are_refused(registered):
    class Again(MySprint):
        name = "mysprint"

    assert gamedesign.register(Again) is Again
    assert type(gamedesign.load("mysprint")) is Again
    class Impostor(MySprint):
        name = "gym"

    with pytest.raises(ValueError, match="belongs to a built-in game"):
        gamedesign.register(Impostor)
    with pytest.raises(GameCheckError, match="not a game class"):
        gamedesign.register(gamedesign.load("gym"))


def test_the_shipped_example_loads_by_name():
    game = gamedesign.load("sprint")
    assert game.title == "Sprint Finish" and game.num_players == 3


def test_the_example_quotes_a_huge_typed_move_briefly():
    game = gamedesign.load("sprint")
    with pytest.raises(ValueError, match="'xxxx.*is not an effort card; allowed: a number from 1 to 7") as err:
        game.parse_action("x" * 1_000_000)
    assert len(str(err.value)) < 200
    with pytest.raises(gamedesign.IllegalAction) as err:
        game.new_state(seed=1).apply(0, "9" * 1_000_000)
    assert len(str(err.value)) < 200


@pytest.mark.parametrize("seat", [-1, 3, True, "0"])
def test_the_example_shows_no_seat_but_its_own(seat):
    state = gamedesign.load("sprint", players=3).new_state(seed=1)
    with pytest.raises(ValueError, match="players are numbered 0 to 2"):
        state.observe(seat)


def test_worker_processes_that_start_fresh_know_a_registered_game(registered):
    with ProcessPoolExecutor(1, mp_context=multiprocessing.get_context("spawn")) as pool:
        names, title = pool.submit(names_in_worker, "mysprint").result()
    assert "mysprint" in names and title == "My Sprint"


def test_simulate_and_record_on_a_fresh_process_pool_give_the_serial_tables(registered):
    game = gamedesign.load("mysprint", players=3)
    serial = gamedesign.simulate(game, ["greedy", "random", "search:20"], games=24, seed=3)
    with ProcessPoolExecutor(2, mp_context=multiprocessing.get_context("spawn")) as pool:
        pooled = gamedesign.simulate(game, ["greedy", "random", "search:20"], games=24, seed=3, executor=pool,
                                     chunk_size=6)
        records = lab.record_games(game, "random", games=120, seed=1, executor=pool)
    forked = gamedesign.simulate(game, ["greedy", "random", "search:20"], games=24, seed=3, workers=2, chunk_size=6)
    pd.testing.assert_frame_equal(serial, pooled)
    pd.testing.assert_frame_equal(serial, forked)
    assert [r.scores for r in records] == [r.scores for r in lab.record_games(game, "random", games=120, seed=1)]


def test_bots_come_from_the_hooks_the_game_defines(registered):
    assert bot_names(gamedesign.load("mysprint")) == ["random", "greedy", "search", "expert"]
    assert bot_names(gamedesign.load("counting")) == ["random"]  # only the protocol: random bots
    with pytest.raises(ValueError, match="unknown bot 'greedy' for 'counting'; allowed: random"):
        make_bot("greedy", gamedesign.load("counting"))
    table = gamedesign.simulate(gamedesign.load("counting", players=3), "random", games=30, seed=0)
    assert len(table) == 90 and table.groupby("game").won.sum().eq(1).all()


def test_the_greedy_bot_plays_the_action_of_highest_value(registered):
    game = gamedesign.load("mysprint", players=2)
    moves = []
    bots = [make_bot("greedy", game), ValueBot(lambda observation, card: card)]  # save effort / spend it all
    gamedesign.play_game(game.new_state(seed=2), bots, [1, 2],
                         on_move=lambda seat, card, state: moves.append((seat, card, state)))
    by_seat = {0: [], 1: []}
    for seat, card, _ in moves:
        by_seat[seat].append(card)
    assert by_seat[0] == sorted(by_seat[0]) and by_seat[1] == sorted(by_seat[1], reverse=True)


def test_the_sprint_greedy_bot_beats_random_bots():
    game = gamedesign.load("sprint", players=3)
    table = gamedesign.simulate(game, ["greedy", "random", "random"], games=400, seed=5)
    rate = gamedesign.odds.estimate(int(table[table.seat == 0].won.sum()), 400)
    assert rate.low > fair_share(game)


def test_fair_share_counts_teams():
    assert fair_share(gamedesign.load("gym", players=4)) == 0.5
    assert fair_share(gamedesign.load("legday", players=4)) == 0.25

    class Pairs(MySprint):
        name = "pairs"

        def teams(self):
            return [[0, 2], [1, 3]] if self.num_players == 4 else super().teams()

    assert fair_share(Pairs(4)) == 0.5 and fair_share(Pairs(3)) == pytest.approx(1 / 3)


def test_the_lab_measures_a_registered_game_with_its_running_scores(registered):
    records = lab.record_games(gamedesign.load("mysprint"), "random", games=60, seed=0)
    table = lab.metrics.game_table(records)
    first = records[0]
    assert first.length == len(first.legal_counts) == 21  # 7 races, 3 secret choices each
    assert all(len(s) == 3 for s in first.standings) and first.standings[-1] == first.scores
    assert table["lead changes"].max() >= 1 and "tied races" in table.columns
    summary = lab.metrics.summary(records)
    assert {"win-rate gap", "real choices", "drama"} <= set(summary.measure)


def test_a_game_with_only_the_protocol_still_gets_the_generic_measures(registered):
    records = lab.record_games(gamedesign.load("counting"), "random", games=50, seed=0)
    table = lab.metrics.game_table(records)
    assert all(r.standings == [] for r in records)  # no running scores: no race to follow
    assert table["lead changes"].eq(0).all()
    assert table["length"].between(5, 10).all() and table["real choices"].eq(1).all()


def test_variants_of_a_registered_game_compare_on_the_same_seeds(registered):
    carry = lab.Variant("mysprint", name="ties carry")
    lose = lab.Variant("mysprint", options={"ties": "lose"}, name="ties lose")
    with pytest.raises(ValueError, match="unknown option 'tie' for 'mysprint'; allowed options: cards, ties"):
        lab.Variant("mysprint", options={"tie": "lose"})
    comparison = lab.compare([carry, lose], "random", games=150, seed=0)
    mean = comparison.set_index(["variant", "measure"])["value"]
    # Lost ties give nobody the points: fewer points are won in all.
    assert mean["ties lose", "mean score"] < mean["ties carry", "mean score"]
    from gamedesign.charts import lab as lab_charts

    spec = lab_charts.differences_chart(comparison, ["mean score", "lead changes"]).to_dict()
    assert "ties lose" in str(spec)


def test_the_what_if_lab_app_runs_a_registered_game(registered):
    from gamedesign.apps.lab import LabApp

    app = LabApp("mysprint", games=10)
    assert list(app.players.options)[0] == ("2", 2) and app.players.value == MySprint.default_players
    assert set(app.option_widgets) == {"cards", "ties"} and app.deck_sliders == {}
    app.option_widgets["ties"].value = "lose"
    app.run_button.click()
    assert "Done: 10 games per variant" in app.status.value
    assert set(app.last_result["variant"]) == {"standard rules", "your variant"}


def test_a_game_class_works_with_the_tools_before_it_is_registered():
    game = CountingGame(3)  # not registered: only name lookups need the registry
    assert gamedesign.simulate(game, "random", games=20, seed=1).groupby("game").won.sum().eq(1).all()
    assert len(lab.record_games(game, "random", games=20, seed=1)) == 20
    with pytest.raises(ValueError, match="unknown game 'counting'.*register your own game class"):
        gamedesign.load("counting")


def test_a_registered_game_without_a_batch_path_says_so(registered):
    with pytest.raises(ValueError, match="Counting Race has no batch path"):
        gamedesign.simulate(gamedesign.load("counting"), "random", games=20, seed=1, batch=True)
