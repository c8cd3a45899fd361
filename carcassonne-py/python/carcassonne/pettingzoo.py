"""Carcassonne as a PettingZoo AEC environment (``pip install carcassonne[pettingzoo]``).

>>> from carcassonne.pettingzoo import env
>>> e = env(players=2, sets=["base", "inns"])
>>> e.reset(seed=42)
>>> for agent in e.agent_iter():
...     obs, reward, terminated, truncated, info = e.last()
...     action = None if terminated or truncated else e.action_space(agent).sample(obs["action_mask"])
...     e.step(action)

``env(**config)`` is ``raw_env`` wrapped the way PettingZoo's classic games are
(``TerminateIllegalWrapper`` with reward -1, ``AssertOutOfBoundsWrapper``,
``OrderEnforcingWrapper``). ``config`` takes the rules keywords of ``Game`` (``players``,
``sets``, ``names``, ``farmers``, ``small_city``, ``farm_city_scoring``, ``explicit_draws``, or
``config=`` with the full config) and the environment's own:

- ``reward``: ``"rank"`` (default) gives every agent ±1 by final rank at the end,
  ``(seats with a lower score - seats with a higher score) / (players - 1)``; ``"margin"`` gives
  the own final score minus the mean of the others'. Both sum to 0; every other reward is 0.
- ``observation_radius`` (default 15): the observation's window around the start tile.
- ``render_mode``: ``"human"`` (prints the text board), ``"ansi"`` (returns it) or
  ``"rgb_array"`` (the board's SVG rasterised by resvg, ``render_size`` pixels, default
  ``(512, 512)``).

Agents are ``player_0`` .. ``player_{n-1}`` (the seats); the agent selected is the seat that takes
the pending decision (``Game.current_player``). Observations are dicts: ``observation`` is the
engine's planes (``Game.observation``, uint8, shape ``(len(OBSERVATION_PLANES), 2r + 1, 2r + 1)``,
the same for every agent) and ``action_mask`` is int8 over the fixed action-id space of the
config (``Game.action_space_size``), 1 at the legal ids of the selected agent and all 0 for the
others. Actions are those ids. ``reset(seed=s)`` starts the game with seed ``s`` (the same game
as ``Game(seed=s)``); ``reset()`` draws the next game's seed from the environment's generator.
Tile draws come from the game's seeded generator; in explicit-draw games every chance node is
sampled from the environment's generator (seeded by ``reset``) by the outcomes' probabilities.
"""

from __future__ import annotations

from typing import Any, Dict, Optional, Tuple

import numpy as np
from gymnasium import spaces
from gymnasium.utils import EzPickle, seeding
from pettingzoo import AECEnv  # type: ignore[import-untyped]
from pettingzoo.utils import wrappers  # type: ignore[import-untyped]

from . import _envs
from ._carcassonne import OBSERVATION_PLANES, Game

__all__ = ["env", "raw_env"]

ObsType = Dict[str, np.ndarray]


def env(**config: Any) -> AECEnv:
    """The environment wrapped like PettingZoo's classic games (see the module docstring); an
    illegal action ends the game with reward -1 for the agent that played it and 0 for the
    others."""
    e: AECEnv = raw_env(**config)
    e = wrappers.TerminateIllegalWrapper(e, illegal_reward=-1)
    e = wrappers.AssertOutOfBoundsWrapper(e)
    e = wrappers.OrderEnforcingWrapper(e)
    return e


class raw_env(AECEnv, EzPickle):  # noqa: N801 (PettingZoo's name)
    """Carcassonne as a PettingZoo AEC environment, unwrapped (see the module docstring). An
    illegal action raises ``IllegalActionError`` and leaves the game unchanged."""

    metadata = {
        "render_modes": list(_envs.RENDER_MODES),
        "name": "carcassonne_v0",
        "is_parallelizable": False,
        "render_fps": 2,
    }

    def __init__(
        self,
        render_mode: Optional[str] = None,
        reward: str = "rank",
        observation_radius: int = 15,
        render_size: Tuple[int, int] = (512, 512),
        **config: Any,
    ) -> None:
        EzPickle.__init__(
            self,
            render_mode=render_mode,
            reward=reward,
            observation_radius=observation_radius,
            render_size=render_size,
            **config,
        )
        super().__init__()
        self.render_mode = _envs.check_render_mode(render_mode)
        self._reward = _envs.check_reward(reward)
        self._radius = _envs.check_radius(observation_radius)
        self._render_size = _envs.check_render_size(render_size)
        self._config = _envs.game_config(config, "carcassonne.pettingzoo.raw_env")
        probe = _envs.make_game(self._config, 0)  # validates the config (ConfigError)
        self._action_count = probe.action_space_size
        self.possible_agents = [f"player_{i}" for i in range(probe.players)]
        self.agents = self.possible_agents[:]
        side = 2 * self._radius + 1
        space = spaces.Dict(
            {
                "observation": spaces.Box(
                    low=0, high=255, shape=(len(OBSERVATION_PLANES), side, side), dtype=np.uint8
                ),
                "action_mask": spaces.Box(low=0, high=1, shape=(self._action_count,), dtype=np.int8),
            }
        )
        self.observation_spaces = {a: space for a in self.possible_agents}
        self.action_spaces = {a: spaces.Discrete(self._action_count) for a in self.possible_agents}
        self._rng: Optional[np.random.Generator] = None
        self.game: Optional[Game] = None
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos: Dict[str, Dict[str, Any]] = {a: {} for a in self.agents}
        self.agent_selection = self.agents[0]

    def observation_space(self, agent: str) -> spaces.Space:
        """The same ``Dict`` space for every agent."""
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space:
        """``Discrete(action_space_size)`` for every agent."""
        return self.action_spaces[agent]

    def reset(self, seed: Optional[int] = None, options: Optional[Dict[str, Any]] = None) -> None:
        """Starts a game: with seed ``seed`` if given, else with a seed drawn from the
        environment's generator (seeded from the operating system at the first unseeded
        reset)."""
        if seed is not None:
            self._rng, _ = seeding.np_random(seed)
            game_seed = seed
        else:
            if self._rng is None:
                self._rng, _ = seeding.np_random(None)
            game_seed = int(self._rng.integers(1 << 63))
        assert self._rng is not None
        self.game = _envs.make_game(self._config, game_seed)
        _envs.resolve_chance(self.game, self._rng)
        self.agents = self.possible_agents[:]
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos = {a: {} for a in self.agents}
        self.agent_selection = self.possible_agents[self.game.current_player]

    def observe(self, agent: str) -> ObsType:
        """The engine's planes and the agent's action mask (all 0 unless it is selected)."""
        game = self._require_game()
        mask = np.zeros(self._action_count, dtype=np.int8)
        if agent == self.agent_selection and not game.is_over:
            mask[game.legal_action_ids()] = 1
        return {"observation": game.observation(self._radius), "action_mask": mask}

    def step(self, action: Any) -> None:
        """Plays the selected agent's action id; at the end of the game every agent gets its
        reward and is terminated."""
        if self.terminations[self.agent_selection] or self.truncations[self.agent_selection]:
            self._was_dead_step(action)
            return
        game = self._require_game()
        assert self._rng is not None
        agent = self.agent_selection
        game.play_id(int(action))  # IllegalActionError leaves the game and the env unchanged
        self._cumulative_rewards[agent] = 0.0
        _envs.resolve_chance(game, self._rng)
        self.rewards = {a: 0.0 for a in self.agents}
        if game.is_over:
            for a, r in zip(self.possible_agents, game.returns(self._reward)):
                self.rewards[a] = float(r)
            self.terminations = {a: True for a in self.agents}
        self.agent_selection = self.possible_agents[game.current_player]
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def render(self) -> Any:
        """The text board (``ansi``), the picture (``rgb_array``), or prints the text board
        (``human``)."""
        return _envs.render(self.game, self.render_mode, self._render_size)

    def close(self) -> None:
        """Nothing to release."""

    def _require_game(self) -> Game:
        if self.game is None:
            raise RuntimeError("call reset() before using the environment")
        return self.game
