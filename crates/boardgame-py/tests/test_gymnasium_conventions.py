"""Gymnasium's conventions (issue 46, item 4): registered ids for ``gym.make`` and
``gym.make_vec``, ``autoreset_mode`` ``NEXT_STEP`` and ``SAME_STEP`` (each equal to
``SyncVectorEnv`` over the single environment, and ``NormalizeObservation`` on top),
``reset(seed=list)``, pickling, ``boardgame.__version__``."""

from __future__ import annotations

import copy
import importlib.metadata
import pickle

import numpy as np
import pytest

gymnasium = pytest.importorskip("gymnasium")
from gymnasium.vector import AutoresetMode, SyncVectorEnv  # noqa: E402
from gymnasium.wrappers.vector import NormalizeObservation, RecordEpisodeStatistics  # noqa: E402

import boardgame  # noqa: E402
from boardgame.gymnasium import IDS, BoardgameEnv, BoardgameVectorEnv  # noqa: E402

SHORT = {"max_rolls": 40}


@pytest.mark.parametrize("env_id", IDS)
def test_gym_make_builds_each_registered_game(env_id):
    env = gymnasium.make(env_id, opponent="random", illegal_action="forfeit")
    assert env.spec.id == env_id
    assert isinstance(env.unwrapped, BoardgameEnv)
    assert env.unwrapped.game.name == IDS[env_id]
    obs, info = env.reset(seed=1)
    assert env.observation_space.contains(obs)
    obs, reward, terminated, truncated, info = env.step(int(np.flatnonzero(info["action_mask"])[0]))
    assert env.observation_space.contains(obs)


def test_gym_make_passes_the_game_keywords():
    env = gymnasium.make("boardgame/Parchis-v0", players=3, settings=SHORT, render_mode="rgb_array")
    env.reset(seed=0)
    assert env.unwrapped.game.num_players() == 3
    assert env.render().dtype == np.uint8


@pytest.mark.parametrize("env_id", IDS)
def test_gym_make_vec_builds_the_native_vector_env(env_id):
    envs = gymnasium.make_vec(env_id, num_envs=8)
    assert isinstance(envs, BoardgameVectorEnv) and envs.num_envs == 8
    assert envs.spec.id == env_id
    obs, infos = envs.reset(seed=3)
    obs, rewards, terminations, truncations, infos = envs.step(envs.sample_legal())
    assert obs.shape == (8, *envs.single_observation_space.shape)
    next_step = gymnasium.make_vec(env_id, num_envs=2, autoreset_mode="next_step")
    assert next_step.metadata["autoreset_mode"] == AutoresetMode.NEXT_STEP
    sync = gymnasium.make_vec(env_id, num_envs=2, vectorization_mode="sync")
    assert isinstance(sync, SyncVectorEnv)


def test_gym_make_with_the_module_prefix_needs_no_import():
    # "module:id" imports the module (which registers the ids) before looking the id up.
    env = gymnasium.make("boardgame.gymnasium:boardgame/Thax-v0")
    assert env.unwrapped.game.name == "thax"


CASES = [
    ("thax", {"settings": SHORT}),
    ("parchis", {"players": 4, "settings": SHORT}),
    ("co-ca-ngua", {"players": 2, "settings": SHORT, "opponent": "random", "seat": 1}),
    ("thax", {"settings": SHORT, "illegal_action": "forfeit"}),
]


def compare_with_sync(mode, game, kwargs, wrap=None, steps=150):
    """Steps ours and SyncVectorEnv over BoardgameEnv with the same seeds and actions, and
    checks every output; returns how many games ended."""
    n = 4
    ours = BoardgameVectorEnv(game, n, autoreset_mode=mode, **kwargs)
    theirs = SyncVectorEnv([lambda: BoardgameEnv(game, **kwargs) for _ in range(n)], autoreset_mode=mode)
    if wrap is not None:
        ours, theirs = wrap(ours), wrap(theirs)
    assert ours.metadata["autoreset_mode"] == mode
    a_obs, a_infos = ours.reset(seed=[5, 6, 7, 8])
    b_obs, b_infos = theirs.reset(seed=[5, 6, 7, 8])
    rng = np.random.default_rng(9)
    ends = 0
    ended = np.zeros(n, np.bool_)
    for step in range(steps):
        assert np.allclose(a_obs, b_obs), step
        # A game that has just ended shows the next game's mask here (issue 53, repro 07),
        # where the single environment shows none.
        assert np.array_equal(a_infos["action_mask"][~ended], b_infos["action_mask"][~ended]), step
        assert not b_infos["action_mask"][ended].any() and a_infos["action_mask"][ended].any(axis=1).all()
        assert np.array_equal(a_infos["player"], b_infos["player"]), step
        actions = np.array([rng.choice(np.flatnonzero(m)) if m.any() else 0 for m in a_infos["action_mask"]])
        if kwargs.get("illegal_action") == "forfeit" and step % 37 == 36:
            actions[0] = 10**9  # an illegal action forfeits game 0
        a_obs, a_rew, a_term, a_trunc, a_infos = ours.step(actions)
        b_obs, b_rew, b_term, b_trunc, b_infos = theirs.step(actions)
        assert np.array_equal(a_rew, b_rew) and np.array_equal(a_term, b_term), step
        assert np.array_equal(a_trunc, b_trunc)
        if mode != AutoresetMode.SAME_STEP:
            ended = a_term.copy()
        if a_term.any():
            ends += int(a_term.sum())
            if mode == AutoresetMode.DISABLED:
                # The ended games start again where the user says so (the mask's rows only).
                a_obs, a_reset_infos = ours.reset(options={"reset_mask": a_term.copy()})
                b_obs, b_reset_infos = theirs.reset(options={"reset_mask": a_term.copy()})
                for key in ("action_mask", "player"):
                    assert np.array_equal(a_reset_infos[key][a_term], b_reset_infos[key][a_term])
                    a_infos[key][a_term] = a_reset_infos[key][a_term]
                    b_infos[key][a_term] = b_reset_infos[key][a_term]
                ended[:] = False
            if mode != AutoresetMode.SAME_STEP:
                assert np.array_equal(a_infos["_returns"], b_infos["_returns"])
                assert np.array_equal(a_infos["returns"][a_term], b_infos["returns"][a_term])
                if "illegal_action" in b_infos:
                    assert np.array_equal(a_infos["illegal_action"], b_infos["illegal_action"])
            else:
                for i in np.flatnonzero(a_term):
                    assert np.allclose(a_infos["final_obs"][i], b_infos["final_obs"][i])
    return ends


@pytest.mark.parametrize("game,kwargs", CASES, ids=[f"{g}-{i}" for i, (g, _) in enumerate(CASES)])
@pytest.mark.parametrize(
    "mode", [AutoresetMode.NEXT_STEP, AutoresetMode.SAME_STEP, AutoresetMode.DISABLED], ids=["next", "same", "disabled"]
)
def test_each_autoreset_mode_equals_sync_vector_env_step_for_step(mode, game, kwargs):
    assert compare_with_sync(mode, game, kwargs) > 0


def test_next_step_shows_the_end_then_the_new_game_with_reward_zero():
    envs = BoardgameVectorEnv("thax", 4, settings=SHORT, autoreset_mode=AutoresetMode.NEXT_STEP)
    _, infos = envs.reset(seed=2)
    while True:
        obs, rewards, terminations, _, infos = envs.step(envs.sample_legal())
        if terminations.any():
            break
    ended = np.flatnonzero(terminations)
    # The next game's mask (its action is ignored, but a masked policy needs a legal one).
    assert np.array_equal(infos["action_mask"][ended], envs.action_masks()[ended])
    assert infos["action_mask"][ended].any(axis=1).all()
    assert (infos["player"][ended] == boardgame.TERMINAL).all()
    # The next step ignores the ended games' actions (even illegal ones) and starts them anew.
    actions = envs.sample_legal()
    actions[ended] = 10**6
    obs, rewards, terminations, _, infos = envs.step(actions)
    assert (rewards[ended] == 0).all() and not terminations[ended].any()
    assert infos["action_mask"][ended].any(axis=1).all()


@pytest.mark.parametrize("game,kwargs", CASES[:2], ids=["thax", "parchis"])
def test_normalize_observation_runs_on_next_step_and_equals_it_over_sync_vector_env(game, kwargs):
    ends = compare_with_sync(AutoresetMode.NEXT_STEP, game, kwargs, wrap=NormalizeObservation, steps=120)
    assert ends > 0


def test_normalize_observation_refuses_same_step_as_gymnasium_does():
    with pytest.raises(ValueError, match="NEXT_STEP"):
        NormalizeObservation(BoardgameVectorEnv("thax", 2))


@pytest.mark.parametrize("mode", [AutoresetMode.NEXT_STEP, AutoresetMode.SAME_STEP], ids=["next", "same"])
def test_record_episode_statistics_counts_every_finished_game(mode):
    envs = RecordEpisodeStatistics(BoardgameVectorEnv("thax", 4, settings=SHORT, autoreset_mode=mode))
    envs.reset(seed=0)
    episodes = 0
    for _ in range(400):
        _, _, terminations, _, infos = envs.step(envs.unwrapped.sample_legal())
        if "episode" in infos:
            episodes += int(infos["_episode"].sum())
            assert (infos["episode"]["l"][infos["_episode"]] > 0).all()
    assert episodes > 0


def test_an_unknown_autoreset_mode_is_refused():
    with pytest.raises(ValueError, match="autoreset_mode"):
        BoardgameVectorEnv("thax", 2, autoreset_mode="sometimes")


def test_reset_with_a_list_of_seeds_equals_sync_vector_env():
    # Issue 46, defect 2: it raised gymnasium.error.Error.
    seeds = [11, 22, 33, 44]
    ours = BoardgameVectorEnv("thax", 4)
    theirs = SyncVectorEnv([lambda: BoardgameEnv("thax") for _ in seeds])
    a, _ = ours.reset(seed=seeds)
    b, _ = theirs.reset(seed=seeds)
    assert np.array_equal(a, b)
    with pytest.raises(ValueError, match="3 seeds for 4"):
        ours.reset(seed=[1, 2, 3])


@pytest.mark.parametrize("mode", [AutoresetMode.NEXT_STEP, AutoresetMode.SAME_STEP], ids=["next", "same"])
def test_the_vector_env_pickles_and_deep_copies_mid_game(mode):
    # Issue 46, defect 4: BoardgameVectorEnv neither pickled nor deep-copied.
    envs = BoardgameVectorEnv("parchis", 3, players=2, settings=SHORT, opponent="random", autoreset_mode=mode)
    envs.reset(seed=4)
    for _ in range(30):
        envs.step(envs.sample_legal())
    for make_copy in (lambda e: pickle.loads(pickle.dumps(e)), copy.deepcopy):
        a, b = copy.deepcopy(envs), make_copy(envs)
        assert b.metadata["autoreset_mode"] == mode
        for _ in range(60):
            actions = a.sample_legal()
            assert np.array_equal(actions, b.sample_legal())
            out_a, out_b = a.step(actions), b.step(actions)
            assert all(np.array_equal(x, y) for x, y in zip(out_a[:4], out_b[:4]))


def test_the_package_has_a_version_equal_to_its_metadata():
    assert boardgame.__version__ == importlib.metadata.version("boardgame")
    assert boardgame.__version__.count(".") == 2


# Issue 53, item 4: partial reset (Gymnasium 1.x and EnvPool's reset_mask) under the default
# SAME_STEP, and the native VectorEnv.reset(mask=...).
def test_reset_mask_starts_only_the_marked_games_with_their_seeds():
    n = 6
    envs = BoardgameVectorEnv("thax", n, settings=SHORT)
    envs.reset(seed=3)
    for _ in range(6):
        obs, *_ = envs.step(envs.sample_legal())
    before = [envs.notation(i) for i in range(n)]
    kept = obs.copy()
    mask = np.array([True, False, False, True, False, True])
    # What games 0, 3 and 5 look like when started with the seeds 100 + i.
    fresh, fresh_infos = BoardgameVectorEnv("thax", n, settings=SHORT).reset(seed=100)
    obs, infos = envs.reset(seed=100, options={"reset_mask": mask})
    after = [envs.notation(i) for i in range(n)]
    for i in range(n):
        if mask[i]:
            assert np.array_equal(obs[i], fresh[i]) and infos["seat"][i] == fresh_infos["seat"][i]
            assert np.array_equal(infos["action_mask"][i], fresh_infos["action_mask"][i])
        else:
            assert after[i] == before[i] and np.array_equal(obs[i], kept[i]), i
    assert np.array_equal(infos["_action_mask"], mask)
    with pytest.raises(ValueError, match="marks no game"):
        envs.reset(options={"reset_mask": np.zeros(n, np.bool_)})
    # The native batch: reset(mask=m) leaves the unmarked games and their rows alone.
    native = boardgame.VectorEnv("ataxx", 4, seed=1)
    native.reset()
    for _ in range(3):
        native.step(native.sample_legal())
    moved = [native.notation(i) for i in range(4)]
    native.reset(mask=np.array([False, True, False, False]))
    assert native.notation(1) == "x5o/7/7/7/7/7/o5x x 0 1"
    assert [native.notation(i) for i in (0, 2, 3)] == [moved[i] for i in (0, 2, 3)]


# Issue 53, item 4: observation_mode="dict" in the vector environment, RLlib-style masking.
def test_observation_mode_dict_holds_the_tensor_and_the_mask_in_a_dict_space():
    arrays = BoardgameVectorEnv("ataxx", 4, opponent="greedy")
    dicts = BoardgameVectorEnv("ataxx", 4, opponent="greedy", observation_mode="dict")
    assert isinstance(dicts.single_observation_space, gymnasium.spaces.Dict)
    a, a_infos = arrays.reset(seed=2)
    d, d_infos = dicts.reset(seed=2)
    for step in range(40):
        assert set(d) == {"observation", "action_mask"}
        assert dicts.observation_space.contains(d), step
        assert np.array_equal(d["observation"], a)
        assert d["action_mask"].dtype == np.int8
        assert np.array_equal(d["action_mask"], d_infos["action_mask"].astype(np.int8))
        actions = arrays.sample_legal()
        a, _, _, _, a_infos = arrays.step(actions)
        d, _, _, _, d_infos = dicts.step(actions)
    single = BoardgameEnv("thax", observation_mode="dict")
    obs, info = single.reset(seed=0)
    assert single.observation_space.contains(obs)
    assert np.array_equal(obs["action_mask"], info["action_mask"].astype(np.int8))
    with pytest.raises(ValueError, match="observation_mode"):
        BoardgameVectorEnv("thax", 2, observation_mode="tuple")
