"""Carcassonne as a single-agent Gymnasium environment against built-in bots
(``pip install carcassonne[gymnasium]``).

Importing this module registers ``carcassonne/Carcassonne-v0``:

>>> import gymnasium
>>> import carcassonne.gymnasium
>>> env = gymnasium.make("carcassonne/Carcassonne-v0", opponents=["greedy"])
>>> obs, info = env.reset(seed=42)
>>> obs, reward, terminated, truncated, info = env.step(int(info["legal_ids"][0]))

(``gymnasium.make("carcassonne.gymnasium:carcassonne/Carcassonne-v0")`` imports it on the way.)

The agent plays seat ``seat`` (default 0); the other seats are played by built-in bots, one per
entry of ``opponents`` (``"random"``, ``"greedy"``, ``"mcts"`` or a ``carcassonne.Bot``, whose
kind and settings are used), so the game has ``len(opponents) + 1`` players. The rules keywords
of ``Game`` (``sets``, ``farmers``, ``small_city``, ``farm_city_scoring``, ``names``,
``explicit_draws``, ``config=``; ``players`` if given must agree with the opponents) pass
through.

- Observation: the engine's planes (``Game.observation``), uint8, shape
  ``(len(OBSERVATION_PLANES), 2r + 1, 2r + 1)`` with ``r = observation_radius`` (default 15).
- Action: an action id of the config's fixed space (``Discrete(Game.action_space_size)``).
- ``info["action_mask"]``: int8 over the action ids, 1 at the legal ones; ``info["legal_ids"]``
  the same as an int64 array; ``info["scores"]`` the scores by seat.
- Reward: 0 until the game ends, then the agent's final reward by ``reward`` (``"rank"``: ±1 by
  rank, ``(seats with a lower score - seats with a higher score) / (players - 1)``;
  ``"margin"``: own score minus the mean of the others').
- An illegal action ends the episode at once (``terminated=True``) with reward
  ``illegal_action_penalty`` (default -1.0) and ``info["illegal_action"] = True``; the game is
  left as it was. This is deterministic.
- ``reset(seed=s)`` plays the game ``Game(seed=s)`` and seeds the opponents from ``s``; the same
  seed and actions give the same episode. Explicit-draw chance nodes are sampled from the
  environment's generator.
"""

from __future__ import annotations

from typing import Any, Dict, List, Optional, Sequence, Tuple, Union

import gymnasium
import numpy as np
from gymnasium import spaces

from . import _envs
from ._carcassonne import OBSERVATION_PLANES, Bot, ConfigError, Game

__all__ = ["CarcassonneEnv", "ENV_ID"]

#: The id this module registers with Gymnasium.
ENV_ID = "carcassonne/Carcassonne-v0"

_U64 = 1 << 64


class CarcassonneEnv(gymnasium.Env):
    """One seat of a Carcassonne game against built-in bots (see the module docstring)."""

    metadata = {"render_modes": list(_envs.RENDER_MODES), "render_fps": 2}

    def __init__(
        self,
        opponents: Sequence[Union[str, Bot]] = ("greedy",),
        seat: int = 0,
        reward: str = "rank",
        illegal_action_penalty: float = -1.0,
        observation_radius: int = 15,
        render_mode: Optional[str] = None,
        render_size: Tuple[int, int] = (512, 512),
        **config: Any,
    ) -> None:
        self.render_mode = _envs.check_render_mode(render_mode)
        self._reward = _envs.check_reward(reward)
        self._radius = _envs.check_radius(observation_radius)
        self._render_size = _envs.check_render_size(render_size)
        self._penalty = float(illegal_action_penalty)
        if not opponents:
            raise ConfigError("opponents must name at least one bot")
        self._opponents: List[Bot] = [o if isinstance(o, Bot) else Bot(str(o)) for o in opponents]
        players = len(self._opponents) + 1
        self._config = _envs.game_config(config, "carcassonne.gymnasium.CarcassonneEnv")
        if self._config.get("config") is None:
            given = self._config.setdefault("players", players)
            if given != players:
                raise ConfigError(f"players={given} does not agree with {len(self._opponents)} opponents")
        probe = _envs.make_game(self._config, 0)
        if probe.players != players:
            raise ConfigError(f"the config has {probe.players} players, not {players} (the agent and its opponents)")
        if not (isinstance(seat, (int, np.integer)) and 0 <= seat < players):
            raise ValueError(f"seat must be 0 to {players - 1}, not {seat!r}")
        self._seat = int(seat)
        self._action_count = probe.action_space_size
        side = 2 * self._radius + 1
        self.observation_space = spaces.Box(
            low=0, high=255, shape=(len(OBSERVATION_PLANES), side, side), dtype=np.uint8
        )
        self.action_space = spaces.Discrete(self._action_count)
        self.game: Optional[Game] = None
        self._bots: List[Optional[Bot]] = []
        self._done = True

    @property
    def seat(self) -> int:
        """The agent's seat."""
        return self._seat

    def reset(
        self, *, seed: Optional[int] = None, options: Optional[Dict[str, Any]] = None
    ) -> Tuple[np.ndarray, Dict[str, Any]]:
        """Starts a game (``Game(seed=seed)`` when a seed is given, else a seed from the
        environment's generator) and plays the opponents up to the agent's first decision."""
        super().reset(seed=seed)
        game_seed = seed if seed is not None else int(self.np_random.integers(1 << 63))
        self.game = _envs.make_game(self._config, game_seed)
        bots: List[Optional[Bot]] = []
        others = iter(self._opponents)
        for p in range(self.game.players):
            if p == self._seat:
                bots.append(None)
            else:
                bot_seed = ((game_seed % _U64) * 0x9E3779B97F4A7C15 + p) % _U64
                bots.append(next(others).reseeded(bot_seed))
        self._bots = bots
        self._done = False
        self._advance()
        return self._observation(), self._info()

    def step(self, action: Any) -> Tuple[np.ndarray, float, bool, bool, Dict[str, Any]]:
        """Plays the agent's action id, then the opponents up to its next decision or the end."""
        game = self._require_game()
        if self._done:
            raise RuntimeError("the episode is over: call reset()")
        legal = game.legal_action_ids()
        if int(action) not in legal:
            self._done = True
            info = self._info()
            info["illegal_action"] = True
            return self._observation(), self._penalty, True, False, info
        game.play_id(int(action))
        self._advance()
        reward = 0.0
        if game.is_over:
            self._done = True
            reward = float(game.returns(self._reward)[self._seat])
        if self.render_mode == "human":
            self.render()
        return self._observation(), reward, game.is_over, False, self._info()

    def render(self) -> Any:
        """The text board (``ansi``), the picture (``rgb_array``), or prints the text board
        (``human``)."""
        return _envs.render(self.game, self.render_mode, self._render_size)

    def close(self) -> None:
        """Nothing to release."""

    def _advance(self) -> None:
        """Resolves chance and plays the opponents until the agent decides or the game ends."""
        game = self._require_game()
        while True:
            _envs.resolve_chance(game, self.np_random)
            if game.is_over or game.current_player == self._seat:
                return
            bot = self._bots[game.current_player]
            assert bot is not None
            action = bot.choose(game)
            if action is None:
                raise RuntimeError(f"the {bot.kind} bot found no action ({game.pending} pending)")
            game.play(action)

    def _observation(self) -> np.ndarray:
        return self._require_game().observation(self._radius)

    def _info(self) -> Dict[str, Any]:
        game = self._require_game()
        ids = np.array(game.legal_action_ids() if not self._done else [], dtype=np.int64)
        mask = np.zeros(self._action_count, dtype=np.int8)
        mask[ids] = 1
        return {"action_mask": mask, "legal_ids": ids, "scores": np.array(game.scores, dtype=np.int64)}

    def _require_game(self) -> Game:
        if self.game is None:
            raise RuntimeError("call reset() before using the environment")
        return self.game


if ENV_ID not in gymnasium.registry:
    gymnasium.register(id=ENV_ID, entry_point="carcassonne.gymnasium:CarcassonneEnv")
