"""Tests of the research interface: the vectorised environment, the MCTS bot, rewards and
pictures, and the PettingZoo, Gymnasium and OpenSpiel wrappers checked by those libraries' own
checkers (base game and every set), with the same seed giving the same trajectory everywhere."""

import warnings

import gymnasium
import numpy as np
import pettingzoo.test as pettingzoo_test
import pyspiel
import pytest

import carcassonne
from carcassonne import Bot, ConfigError, Game, IllegalActionError, VectorEnv

# The C1 editions (flying_machines1, mage_witch1) exclude the C2 sets listed here.
EVERY_SET = ["base", "inns", "traders", "river", "river2", "count", "king_robber", "cult",
             "big_top", "flying_machines", "gold_mines", "mage_witch", "ferries", "crop_circles",
             "robbers"]


def pick(ids, step):
    """A fixed choice among legal ids (the same rule in every wrapper)."""
    ids = sorted(int(i) for i in ids)
    return ids[(step * 7 + 3) % len(ids)]


def play_game_by_ids(game, steps):
    """Plays ``steps`` ids chosen by ``pick`` (or to the end); returns the ids played."""
    played = []
    for step in range(steps):
        if game.is_over:
            break
        played.append(pick(game.legal_action_ids(), step))
        game.play_id(played[-1])
    return played


# ----- rewards and pictures -----


def test_returns_by_rank_and_margin():
    game = Game(seed=4)
    assert game.returns() == [0.0, 0.0]
    while not game.is_over:
        game.play(game.legal_actions()[-1])
    a, b = game.scores
    rank = game.returns("rank")
    assert rank == ([1.0, -1.0] if a > b else [-1.0, 1.0] if b > a else [0.0, 0.0])
    assert game.returns("margin") == [float(a - b), float(b - a)]
    with pytest.raises(ValueError, match="rank or margin"):
        game.returns("best")


def test_rgb_array_rasterises_the_board():
    game = Game(seed=1)
    play_game_by_ids(game, 20)
    img = game.to_rgb_array()
    assert img.shape == (512, 512, 3) and img.dtype == np.uint8
    assert tuple(img[0, 0]) == (0xF4, 0xF1, 0xE8), "the background around the fitted board"
    colours = {tuple(p) for p in img.reshape(-1, 3)[::97]}
    assert len(colours) > 5, "fields, cities, roads and figures are drawn"
    assert game.to_rgb_array(width=64, height=32).shape == (32, 64, 3)
    with pytest.raises(ValueError, match="16 to 4096"):
        game.to_rgb_array(width=8)


# ----- the MCTS bot -----


def test_mcts_bot_settings_and_errors():
    bot = Bot("mcts", 3, iterations=50, exploration=0.7, reward="win")
    assert bot.kind == "mcts"
    assert bot.options == {"iterations": 50, "time_budget": None, "exploration": 0.7, "reward": "win"}
    assert repr(bot) == 'Bot("mcts", iterations=50)'
    timed = Bot("mcts", time_budget=0.01)
    assert timed.options["time_budget"] == pytest.approx(0.01)
    game = Game(seed=2)
    action = timed.choose(game)
    assert action in game.legal_actions()
    assert timed.last_search["iterations"] >= 1
    for kwargs, message in [
        ({"iterations": 0}, "at least 1"),
        ({"time_budget": -1.0}, "positive"),
        ({"exploration": float("nan")}, "non-negative"),
        ({"reward": "score"}, "'win' or 'margin'"),
    ]:
        with pytest.raises(ValueError, match=message):
            Bot("mcts", **kwargs)
    with pytest.raises(ValueError, match="mcts bot only"):
        Bot("greedy", iterations=10)
    assert Bot("greedy").options is None


def test_mcts_bot_is_reproducible_and_plays_every_set():
    game = Game(players=3, sets=EVERY_SET, seed=5)
    a, b = Bot("mcts", 9, iterations=30), Bot("mcts", 9, iterations=30)
    while not game.is_over:
        choice = a.choose(game)
        assert choice == b.choose(game)
        game.play(choice)
    assert game.is_over


def test_mcts_beats_greedy_and_random_in_seeded_games():
    mcts = Bot("mcts", iterations=150)
    # Seats alternate: the MCTS bot sits first in the first batch, second in the other.
    first = carcassonne.play_games(4, seed=10, bots=[mcts, "greedy"])
    second = carcassonne.play_games(4, seed=20, bots=["greedy", mcts])
    wins = int((first[:, 0] > first[:, 1]).sum() + (second[:, 1] > second[:, 0]).sum())
    assert wins >= 6, f"{wins} of 8 against greedy"
    against_random = carcassonne.play_games(4, seed=30, bots=[mcts, "random"])
    assert (against_random[:, 0] > against_random[:, 1]).all()


# ----- the vectorised environment -----


def random_actions(step, rng):
    counts = np.diff(step.legal_offsets)
    picks = step.legal_offsets[:-1] + (rng.random(len(counts)) * counts).astype(np.int64)
    return step.legal_ids[picks]


def test_vector_env_replays_single_games_with_auto_reset():
    n = 3
    env = VectorEnv(n, seed=100, sets=["base", "inns"], observations=True, observation_radius=3)
    games = [Game(sets=["base", "inns"], seed=100 + i) for i in range(n)]
    step = env.reset()
    assert env.observation_shape == (len(carcassonne.OBSERVATION_PLANES), 7, 7)
    finished = [0] * n
    rng = np.random.default_rng(0)
    while min(finished) < 1:
        for i, game in enumerate(games):
            ids = step.legal_ids[step.legal_offsets[i] : step.legal_offsets[i + 1]]
            assert list(ids) == game.legal_action_ids()
            assert step.current_player[i] == game.current_player
            assert np.array_equal(step.observation[i], game.observation(3))
        actions = random_actions(step, rng)
        step = env.step(actions)
        for i, game in enumerate(games):
            game.play_id(int(actions[i]))
            assert bool(step.terminated[i]) == game.is_over
            assert list(step.scores[i]) == game.scores
            if game.is_over:
                assert list(step.rewards[i]) == game.returns("rank")
                finished[i] += 1
                games[i] = Game(sets=["base", "inns"], seed=100 + i + finished[i] * n)
                assert env.game(i).seed == games[i].seed
            else:
                assert list(step.rewards[i]) == [0.0, 0.0]


def test_vector_env_threads_masks_and_errors():
    # Enough environments for two threads to share the steps (64 a thread at least).
    n = 130
    one = VectorEnv(n, seed=3, players=3, reward="margin", dense_masks=True)
    two = VectorEnv(n, seed=3, players=3, reward="margin", dense_masks=True, threads=2)
    assert (one.threads, two.threads, len(two)) == (1, 2, n)
    a, b = one.reset(), two.reset()
    rng = np.random.default_rng(1)
    for _ in range(300):
        actions = random_actions(a, rng)
        a, b = one.step(actions), two.step(actions)
        for field in ("rewards", "terminated", "scores", "current_player", "legal_ids", "legal_offsets", "action_mask"):
            assert np.array_equal(getattr(a, field), getattr(b, field)), field
    assert a.observation is None
    assert a.action_mask.shape == (n, one.action_space_size)
    for i in range(n):
        ids = a.legal_ids[a.legal_offsets[i] : a.legal_offsets[i + 1]]
        assert sorted(np.flatnonzero(a.action_mask[i])) == sorted(ids)
    before = [one.game(i).to_json() for i in range(n)]
    bad = random_actions(a, rng)
    bad[7] = -5
    with pytest.raises(IllegalActionError, match="environment 7: action id -5"):
        one.step(bad)
    with pytest.raises(IllegalActionError, match=f"{n - 1} actions given for {n}"):
        one.step(bad[: n - 1])
    assert [one.game(i).to_json() for i in range(n)] == before, "nothing changed"
    with pytest.raises(ConfigError, match="explicit_draws"):
        VectorEnv(1, config={"players": 2, "explicit_draws": True})
    with pytest.raises(ConfigError, match="at least 1"):
        VectorEnv(0)
    with pytest.raises(ValueError, match="rank or margin"):
        VectorEnv(1, reward="best")
    with pytest.raises(IndexError):
        one.game(n)


def test_vector_env_reset_repeats_its_seed():
    env = VectorEnv(2, seed=8)
    first = env.reset()
    env.step(random_actions(first, np.random.default_rng(0)))
    again = env.reset()
    assert np.array_equal(first.legal_ids, again.legal_ids)
    assert [env.game(i).seed for i in range(2)] == [8, 9]
    env.reset(seed=20)
    assert env.seed == 20 and [env.game(i).seed for i in range(2)] == [20, 21]


# ----- PettingZoo -----

@pytest.mark.parametrize("sets", [["base"], EVERY_SET], ids=["base", "every set"])
def test_pettingzoo_api_seed_and_render_tests(sets):
    from carcassonne.pettingzoo import env

    pettingzoo_test.api_test(env(sets=sets), num_cycles=1000)
    pettingzoo_test.seed_test(lambda: env(sets=sets), num_cycles=200)
    pettingzoo_test.render_test(lambda render_mode=None: env(sets=sets, render_mode=render_mode))


def test_pettingzoo_plays_the_same_game_as_game_with_rewards_at_the_end():
    from carcassonne.pettingzoo import env, raw_env

    e = env(players=3, reward="margin")
    e.reset(seed=77)
    game = Game(players=3, seed=77)
    step = 0
    for agent in e.agent_iter():
        obs, reward, terminated, truncated, info = e.last()
        if terminated or truncated:
            assert reward == game.returns("margin")[int(agent.split("_")[1])]
            e.step(None)
            continue
        assert reward == 0
        assert agent == f"player_{game.current_player}"
        assert sorted(np.flatnonzero(obs["action_mask"])) == sorted(game.legal_action_ids())
        assert np.array_equal(obs["observation"], game.observation(15))
        action = pick(game.legal_action_ids(), step)
        game.play_id(action)
        e.step(action)
        step += 1
    assert game.is_over
    raw = raw_env()
    raw.reset(seed=1)
    with pytest.raises(IllegalActionError):
        raw.step(raw.action_space("player_0").n - 2)  # double_turn: not legal now
    with pytest.raises(TypeError, match="reset\\(seed"):
        raw_env(seed=3)
    with pytest.raises(TypeError, match="'colour'"):
        raw_env(colour="red")
    with pytest.raises(ConfigError):
        raw_env(players=9)


def test_pettingzoo_illegal_action_ends_the_game_with_minus_one():
    from carcassonne.pettingzoo import env

    e = env()
    e.reset(seed=0)
    obs, *_ = e.last()
    illegal = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        e.step(illegal)
    assert e.rewards == {"player_0": -1.0, "player_1": 0.0}
    assert all(e.terminations.values())


def test_pettingzoo_samples_explicit_chance_from_its_generator():
    from carcassonne.pettingzoo import raw_env

    def trajectory(seed):
        e = raw_env(explicit_draws=True)
        e.reset(seed=seed)
        for step in range(30):
            e.step(pick(np.flatnonzero(e.observe(e.agent_selection)["action_mask"]), step))
        return e.game.to_json()  # the record holds every draw

    assert trajectory(5) == trajectory(5)
    assert trajectory(5) != trajectory(6)


# ----- Gymnasium -----

@pytest.mark.parametrize("sets", [["base"], EVERY_SET], ids=["base", "every set"])
def test_gymnasium_check_env(sets):
    from gymnasium.utils.env_checker import check_env

    import carcassonne.gymnasium  # noqa: F401 (registers the id)

    env = gymnasium.make("carcassonne/Carcassonne-v0", opponents=["random", "greedy"], sets=sets)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        check_env(env.unwrapped)


def test_gymnasium_episode_illegal_actions_and_seeds():
    from carcassonne.gymnasium import CarcassonneEnv

    env = CarcassonneEnv(opponents=["greedy"], seat=1, reward="margin")
    obs, info = env.reset(seed=12)
    game = Game(seed=12)
    bot = Bot("greedy").reseeded((12 * 0x9E3779B97F4A7C15 + 0) % 2**64)
    steps, done, reward = 0, False, 0.0
    while not done:
        while game.current_player != 1:
            game.play(bot.choose(game))
        assert sorted(info["legal_ids"]) == sorted(game.legal_action_ids())
        assert np.array_equal(np.flatnonzero(info["action_mask"]), np.sort(info["legal_ids"]))
        action = pick(info["legal_ids"], steps)
        game.play_id(action)
        obs, reward, done, truncated, info = env.step(action)
        assert not truncated
        steps += 1
        if not done:
            assert reward == 0.0
    while not game.is_over:
        game.play(bot.choose(game))
    assert reward == game.returns("margin")[1]
    assert list(info["scores"]) == game.scores
    with pytest.raises(RuntimeError, match="reset"):
        env.step(0)
    # An illegal action: the documented penalty, deterministically, and the episode ends.
    penalised = CarcassonneEnv(illegal_action_penalty=-5.0)
    for _ in range(2):
        obs, info = penalised.reset(seed=3)
        before = penalised.game.to_json()
        obs, reward, done, truncated, info = penalised.step(penalised.action_space.n - 2)
        assert (reward, done, info["illegal_action"]) == (-5.0, True, True)
        assert penalised.game.to_json() == before
    with pytest.raises(ConfigError, match="agree"):
        CarcassonneEnv(opponents=["greedy"], players=3)
    with pytest.raises(ValueError, match="seat"):
        CarcassonneEnv(seat=2)
    mcts_env = CarcassonneEnv(opponents=[Bot("mcts", iterations=5)])
    mcts_env.reset(seed=0)


# ----- OpenSpiel -----

@pytest.mark.parametrize(
    "params",
    [{}, {"players": 3, "sets": "+".join(EVERY_SET), "reward": "margin", "observation_radius": 4}],
    ids=["base", "every set"],
)
def test_openspiel_random_sim_test_with_serialisation(params):
    import carcassonne.openspiel

    carcassonne.openspiel.register()
    carcassonne.openspiel.register()  # a second call does nothing
    game = pyspiel.load_game("python_carcassonne", params)
    assert game.get_type().chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    assert game.num_distinct_actions() == Game(**_keywords(params)).action_space_size
    pyspiel.random_sim_test(game, num_sims=2, serialize=True, verbose=False)


def _keywords(params):
    sets = params.get("sets", "base").split("+")
    return {"players": params.get("players", 2), "sets": sets}


def test_openspiel_states_follow_the_engine():
    import carcassonne.openspiel

    carcassonne.openspiel.register()
    game = pyspiel.load_game("python_carcassonne")
    state = game.new_initial_state()
    mirror = Game(explicit_draws=True)
    rng = np.random.default_rng(4)
    tiles = carcassonne.tile_ids()
    step = 0
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            assert sorted((tiles.index(t), p) for t, p in mirror.chance_outcomes()) == outcomes
            assert sum(p for _, p in outcomes) == pytest.approx(1.0)
            action = int(rng.choice([a for a, _ in outcomes], p=[p for _, p in outcomes]))
            mirror.resolve(tiles[action])
        else:
            assert state.current_player() == mirror.current_player
            assert state.legal_actions() == sorted(mirror.legal_action_ids())
            tensor = np.array(state.observation_tensor(state.current_player()))
            assert np.array_equal(tensor, mirror.observation(15).ravel().astype(np.float32))
            action = pick(state.legal_actions(), step)
            mirror.play_id(action)
            step += 1
        state.apply_action(action)
        if step % 25 == 0:
            copy = game.deserialize_state(state.serialize())
            assert str(copy) == str(state) and copy.history() == state.history()
    assert mirror.is_over
    assert state.returns() == mirror.returns("rank")
    assert state.current_player() == pyspiel.PlayerId.TERMINAL


def test_openspiel_mcts_bot_plays_a_game():
    from open_spiel.python.algorithms import evaluate_bots, mcts

    import carcassonne.openspiel

    carcassonne.openspiel.register()
    game = pyspiel.load_game("python_carcassonne")
    bot = mcts.MCTSBot(
        game,
        uct_c=2.0,
        max_simulations=6,
        evaluator=mcts.RandomRolloutEvaluator(1, np.random.RandomState(1)),
        random_state=np.random.RandomState(2),
    )
    returns = evaluate_bots.evaluate_bots(
        game.new_initial_state(), [bot, pyspiel.make_uniform_random_bot(1, 3)], np.random.RandomState(0)
    )
    assert sorted(returns) in ([-1.0, 1.0], [0.0, 0.0])


def test_openspiel_chance_nodes_include_the_flying_machines_die():
    import carcassonne.openspiel

    carcassonne.openspiel.register()
    game = pyspiel.load_game("python_carcassonne", {"sets": "base+flying_machines", "players": 3})
    outcomes = carcassonne.outcome_ids()
    assert game.max_chance_outcomes() == len(outcomes)
    rolls = [outcomes.index(f"roll:{d}") for d in (1, 2, 3)]
    rng = np.random.default_rng(3)
    state = game.new_initial_state()
    seen = 0
    while not state.is_terminal():
        if state.is_chance_node():
            chances = state.chance_outcomes()
            assert sum(p for _, p in chances) == pytest.approx(1.0)
            if state.game.pending == "flier_roll":
                seen += 1
                assert chances == [(r, pytest.approx(1 / 3)) for r in rolls]
                assert state.action_to_string(pyspiel.PlayerId.CHANCE, rolls[1]) == "draw roll:2"
            action = int(rng.choice([a for a, _ in chances], p=[p for _, p in chances]))
        else:
            legal = state.legal_actions()
            flights = [a for a in legal if state.action_to_string(state.current_player(), a).startswith("fly")]
            action = flights[0] if flights else int(rng.choice(legal))
        state.apply_action(action)
    assert seen > 0
    assert len(state.history()) <= game.max_game_length()
    chance_nodes = sum(1 for a in state.full_history() if a.player == pyspiel.PlayerId.CHANCE)
    assert chance_nodes <= game.max_chance_nodes_in_history()
