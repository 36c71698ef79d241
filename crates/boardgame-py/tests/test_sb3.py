"""Stable-Baselines3's ``VecEnv`` over the native batch (issue 46, item 1): equal to
``DummyVecEnv`` over the single environment step for step, SB3's own checks and wrappers,
``action_masks`` for sb3-contrib, and a short ``MaskablePPO`` training on the CPU.

SB3 imports torch: without it (``pip install stable-baselines3 sb3-contrib`` brings it, about
5 GB) the module is skipped, and ``scripts/test-python.sh`` says so."""

from __future__ import annotations

import numpy as np
import pytest

pytest.importorskip("torch", reason="stable-baselines3 needs torch")
pytest.importorskip("stable_baselines3")
from stable_baselines3.common.env_checker import check_env  # noqa: E402
from stable_baselines3.common.vec_env import (  # noqa: E402
    DummyVecEnv,
    VecCheckNan,
    VecMonitor,
    VecNormalize,
)

from boardgame.gymnasium import BoardgameEnv  # noqa: E402
from boardgame.sb3 import BoardgameSB3VecEnv  # noqa: E402

SHORT = {"max_rolls": 40}
CASES = [
    ("ataxx", {"opponent": "random"}),
    ("thax", {"settings": SHORT}),
    ("thax", {"settings": SHORT, "opponent": "greedy", "seat": 1}),
    ("parchis", {"players": 4, "settings": SHORT}),
    ("co-ca-ngua", {"players": 2, "settings": SHORT, "opponent": "random"}),
]
IDS = [f"{g}-{k.get('opponent', 'self')}" for g, k in CASES]


@pytest.mark.parametrize("game,kwargs", CASES, ids=IDS)
def test_sb3s_check_env_passes_on_the_single_env(game, kwargs):
    check_env(BoardgameEnv(game, illegal_action="forfeit", **kwargs), warn=True)


@pytest.mark.parametrize("game,kwargs", CASES, ids=IDS)
def test_the_sb3_vec_env_equals_dummy_vec_env_over_the_single_env(game, kwargs):
    n = 4
    ours = BoardgameSB3VecEnv(game, n, **kwargs)
    theirs = DummyVecEnv([lambda: BoardgameEnv(game, **kwargs) for _ in range(n)])
    assert ours.observation_space == theirs.observation_space
    assert ours.action_space == theirs.action_space
    ours.seed(17)
    theirs.seed(17)
    a_obs, b_obs = ours.reset(), theirs.reset()
    rng = np.random.default_rng(3)
    ends = 0
    for step in range(150):
        assert np.array_equal(a_obs, b_obs), step
        masks = ours.action_masks()
        assert np.array_equal(masks, np.stack(theirs.env_method("action_masks")))
        actions = np.array([rng.choice(np.flatnonzero(m)) for m in masks])
        a_obs, a_rew, a_done, a_infos = ours.step(actions)
        b_obs, b_rew, b_done, b_infos = theirs.step(actions)
        assert np.array_equal(a_rew, b_rew) and a_rew.dtype == b_rew.dtype, step
        assert np.array_equal(a_done, b_done), step
        for i in np.flatnonzero(a_done):
            ends += 1
            assert np.array_equal(a_infos[i]["terminal_observation"], b_infos[i]["terminal_observation"])
            assert a_infos[i]["TimeLimit.truncated"] is False
    assert ends > 0 or game == "ataxx"


def test_maskable_ppos_helpers_find_the_masks_through_sb3s_wrappers():
    contrib = pytest.importorskip("sb3_contrib")
    from sb3_contrib.common.maskable.utils import get_action_masks, is_masking_supported

    env = BoardgameSB3VecEnv("parchis", 8, players=2, settings=SHORT)
    wrapped = VecNormalize(VecMonitor(VecCheckNan(env, raise_exception=True)), norm_obs=True, norm_reward=True)
    assert contrib and is_masking_supported(wrapped)
    wrapped.reset()
    episodes = 0
    for _ in range(300):
        masks = get_action_masks(wrapped)
        assert masks.shape == (8, env.action_space.n) and masks.dtype == np.bool_
        assert np.array_equal(masks, env.action_masks())
        _, _, dones, infos = wrapped.step(env.sample_legal())
        episodes += sum("episode" in infos[i] for i in np.flatnonzero(dones))
    assert episodes > 0, "VecMonitor saw finished games"


def test_illegal_actions_raise_or_forfeit():
    env = BoardgameSB3VecEnv("ataxx", 2)
    env.reset()
    with pytest.raises(ValueError, match="not legal"):
        env.step(np.array([0, 0]))
    forfeit = BoardgameSB3VecEnv("ataxx", 2, illegal_action="forfeit", illegal_reward=-2.0)
    forfeit.reset()
    actions = forfeit.sample_legal()
    actions[1] = 0
    _, rewards, dones, infos = forfeit.step(actions)
    assert list(dones) == [False, True] and rewards[1] == -2.0 and infos[1]["illegal_action"]


def test_get_images_draws_each_game():
    env = BoardgameSB3VecEnv("thax", 3, render_mode="rgb_array")
    env.reset()
    images = env.get_images()
    assert len(images) == 3 and all(i.dtype == np.uint8 and i.shape[2] == 3 for i in images)
    assert env.get_attr("render_mode") == ["rgb_array"] * 3
    assert env.env_is_wrapped(VecMonitor) == [False] * 3


def test_maskable_ppo_trains_a_few_thousand_steps_on_the_cpu_and_plays_legal_moves():
    contrib = pytest.importorskip("sb3_contrib")
    import torch

    torch.manual_seed(0)
    env = BoardgameSB3VecEnv("thax", 16, opponent="random")
    env.seed(0)
    model = contrib.MaskablePPO(
        "MlpPolicy", env, n_steps=64, batch_size=256, n_epochs=2, seed=0, device="cpu",
        policy_kwargs={"net_arch": [64]},
    )
    model.learn(total_timesteps=4096)
    assert model.num_timesteps >= 4096
    assert np.isfinite(model.logger.name_to_value.get("train/loss", 0.0))
    obs = env.reset()
    for _ in range(50):
        masks = env.action_masks()
        actions, _ = model.predict(obs, action_masks=masks, deterministic=True)
        assert masks[np.arange(16), actions].all(), "the masked policy plays legal moves"
        obs, _, _, _ = env.step(actions)
