"""Carcassonne as an OpenSpiel game (``pip install carcassonne[openspiel]``).

>>> import pyspiel
>>> import carcassonne.openspiel
>>> carcassonne.openspiel.register()
>>> game = pyspiel.load_game("python_carcassonne", {"players": 3, "sets": "base+inns"})
>>> state = game.new_initial_state()
>>> state.is_chance_node()
True

``register()`` registers ``python_carcassonne`` with ``pyspiel`` (once; later calls do nothing):
a sequential, explicit-stochastic, perfect-information, zero-sum game with terminal rewards.

- Chance nodes are the engine's chance nodes (``Game.chance_outcomes``: the tile draws, the big
  top's animal tokens, the flying machines' die, the Messages' deck), played in an explicit-draw
  game, so OpenSpiel (or its bots) chooses every outcome. An outcome's action is its index in
  ``carcassonne.outcome_ids()``, which starts with ``carcassonne.tile_ids()``: a tile's action is
  its index there.
- Player actions are the engine's action ids (``Game.legal_action_ids``, sorted), stable per
  config: ``num_distinct_actions`` is ``Game.action_space_size``.
- ``observation_tensor``: the engine's planes (``Game.observation``) as float32, shape
  ``(len(OBSERVATION_PLANES), 2r + 1, 2r + 1)``, the same for every player;
  ``observation_string`` the text board with the scores; ``information_state_string`` the
  history (the game has perfect information).
- ``returns``: 0 until the end, then by ``reward``: ``"rank"`` gives ±1 by rank,
  ``(seats with a lower score - seats with a higher score) / (players - 1)``; ``"margin"`` the own
  score minus the mean of the others' (bounded by ±1000 for ``min_utility``/``max_utility``).
- ``serialize``: OpenSpiel's default for Python games (the history and the pickled state, whose
  game pickles as its JSON record).

Parameters: ``players`` (2-6, default 2), ``sets`` (tile sets joined by ``+`` or ``,``, default
``"base"``), ``farmers``, ``small_city``, ``farm_city_scoring`` (as ``Game``), ``config`` (a JSON
config that replaces those, default empty), ``reward`` (``"rank"`` or ``"margin"``) and
``observation_radius`` (default 15).
"""

from __future__ import annotations

import json
from typing import Any, Dict, List, Optional, Tuple

import numpy as np
import pyspiel  # type: ignore[import-not-found]

from . import _envs
from ._carcassonne import OBSERVATION_PLANES, Game, outcome_ids

__all__ = ["CarcassonneGame", "CarcassonneState", "GAME_TYPE", "SHORT_NAME", "register"]

#: The name the game is registered under.
SHORT_NAME = "python_carcassonne"

#: The chance outcomes' actions: outcomes (tile ids first) by index.
_OUTCOMES: List[str] = outcome_ids()
_OUTCOME_INDEX: Dict[str, int] = {o: i for i, o in enumerate(_OUTCOMES)}

#: Decisions and chance nodes the mini expansions may add to a turn part (see
#: ``CarcassonneGame``), and to a whole game.
_MINI_PER_TILE = 6
_MINI_PER_GAME = 17

#: Upper bound of ``reward="margin"`` returns, for OpenSpiel's utility bounds.
MARGIN_BOUND = 1000.0

_DEFAULTS: Dict[str, Any] = {
    "players": 2,
    "sets": "base",
    "farmers": True,
    "small_city": "standard",
    "farm_city_scoring": "per_field",
    "config": "",
    "reward": "rank",
    "observation_radius": 15,
}

GAME_TYPE = pyspiel.GameType(
    short_name=SHORT_NAME,
    long_name="Carcassonne (carcassonne rules engine)",
    dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
    chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
    information=pyspiel.GameType.Information.PERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.ZERO_SUM,
    reward_model=pyspiel.GameType.RewardModel.TERMINAL,
    max_num_players=6,
    min_num_players=2,
    provides_information_state_string=True,
    provides_information_state_tensor=False,
    provides_observation_string=True,
    provides_observation_tensor=True,
    parameter_specification=_DEFAULTS,
)


def register() -> None:
    """Registers ``python_carcassonne`` with ``pyspiel`` (does nothing the second time)."""
    if SHORT_NAME not in pyspiel.registered_names():
        pyspiel.register_game(GAME_TYPE, CarcassonneGame)


def _game_keywords(params: Dict[str, Any]) -> Dict[str, Any]:
    """The ``Game`` keywords (explicit draws on) of OpenSpiel parameters."""
    if params["config"]:
        config = json.loads(params["config"])
        if not isinstance(config, dict):
            raise ValueError(f"the config parameter must be a JSON object, not {params['config']!r}")
        return _envs.with_explicit_draws({"config": config})
    sets = [s for s in str(params["sets"]).replace("+", ",").split(",") if s.strip()]
    return _envs.with_explicit_draws(
        {
            "players": int(params["players"]),
            "sets": [s.strip() for s in sets],
            "farmers": bool(params["farmers"]),
            "small_city": str(params["small_city"]),
            "farm_city_scoring": str(params["farm_city_scoring"]),
        }
    )


class CarcassonneGame(pyspiel.Game):
    """The OpenSpiel game (see the module docstring)."""

    def __init__(self, params: Optional[Dict[str, Any]] = None) -> None:
        merged = dict(_DEFAULTS)
        merged.update(params or {})
        self.keywords = _game_keywords(merged)
        self.reward = _envs.check_reward(str(merged["reward"]))
        self.radius = _envs.check_radius(int(merged["observation_radius"]))
        probe = Game(seed=0, **self.keywords)
        tiles = probe.tiles_left + len(probe.board)
        figures = sum(sum(s.values()) for s in probe.supply)
        # Per tile: its draw, placement and deployment (more with the City of Carcassonne), and
        # what the mini expansions may add to its turn part, whether or not they are in play
        # (a game shows them only as they happen): the die and the landing, the second ingot,
        # a move or removal of the mage or witch, the big top's animal. Per game: the ingots
        # taken one by one (16) and the final big top's animal.
        per_tile = (3 if probe.city is None else 5 + probe.players + figures) + _MINI_PER_TILE
        low, high = (-1.0, 1.0) if self.reward == "rank" else (-MARGIN_BOUND, MARGIN_BOUND)
        info = pyspiel.GameInfo(
            num_distinct_actions=probe.action_space_size,
            max_chance_outcomes=len(_OUTCOMES),
            num_players=probe.players,
            min_utility=low,
            max_utility=high,
            utility_sum=0.0,
            max_game_length=tiles * per_tile + figures + _MINI_PER_GAME,
        )
        super().__init__(GAME_TYPE, info, merged)
        # A draw, a roll of the die and a big top's animal per tile, and the final big top's.
        self.max_chance_nodes = 3 * tiles + 1

    def new_initial_state(self, state: Any = None) -> "CarcassonneState":
        """A new game, waiting for its first draw."""
        return CarcassonneState(self)

    def max_chance_nodes_in_history(self) -> int:
        """At most a draw, a roll of the die and an animal token per tile, and the final big
        top's animal."""
        return self.max_chance_nodes

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> Any:
        """The board observer, or the history for perfect-recall information states."""
        if params:
            raise ValueError(f"observation parameters are not supported; passed {params}")
        if iig_obs_type is None or (iig_obs_type.public_info and not iig_obs_type.perfect_recall):
            return BoardObserver(self.radius)
        return HistoryObserver()


class CarcassonneState(pyspiel.State):
    """A state: an explicit-draw ``carcassonne.Game`` (its only Python attribute, so that
    cloning copies it and serialising pickles its JSON record)."""

    def __init__(self, game: CarcassonneGame) -> None:
        super().__init__(game)
        self.game = Game(seed=0, **game.keywords)

    def current_player(self) -> int:
        """The deciding seat, ``CHANCE`` at a chance node, ``TERMINAL`` at the end."""
        if self.game.is_over:
            return int(pyspiel.PlayerId.TERMINAL)
        if self.game.is_chance:
            return int(pyspiel.PlayerId.CHANCE)
        return self.game.current_player

    def _legal_actions(self, player: int) -> List[int]:
        """The legal action ids, ascending."""
        return sorted(self.game.legal_action_ids())

    def chance_outcomes(self) -> List[Tuple[int, float]]:
        """The chance node's outcomes (indices in ``outcome_ids()``) with their probabilities,
        ascending."""
        return sorted((_OUTCOME_INDEX[o], p) for o, p in self.game.chance_outcomes())

    def _apply_action(self, action: int) -> None:
        """Resolves outcome number ``action`` at a chance node, else plays action id
        ``action``."""
        if self.game.is_chance:
            if not 0 <= action < len(_OUTCOMES):
                raise ValueError(f"chance action {action} is not an outcome index")
            self.game.resolve(_OUTCOMES[action])
        else:
            self.game.play_id(action)

    def _action_to_string(self, player: int, action: int) -> str:
        """``draw D`` (``draw elephant``, ``draw roll:2``) for a chance outcome, else the
        action's notation."""
        if player == pyspiel.PlayerId.CHANCE:
            return f"draw {_OUTCOMES[action]}" if 0 <= action < len(_OUTCOMES) else f"draw #{action}"
        try:
            return str(self.game.action_from_id(action))
        except ValueError:
            return f"action #{action}"

    def is_terminal(self) -> bool:
        """Whether the game is over."""
        return self.game.is_over

    def returns(self) -> List[float]:
        """The final rewards by seat (0 before the end)."""
        game = self.get_game()
        if not self.game.is_over:
            return [0.0] * self.game.players
        return [float(r) for r in self.game.returns(game.reward)]

    def __str__(self) -> str:
        return _envs.text(self.game)


class BoardObserver:
    """The engine's planes as the observation tensor (the same for every player)."""

    def __init__(self, radius: int) -> None:
        side = 2 * radius + 1
        shape = (len(OBSERVATION_PLANES), side, side)
        self.radius = radius
        self.tensor = np.zeros(int(np.prod(shape)), np.float32)
        self.dict = {"observation": np.reshape(self.tensor, shape)}

    def set_from(self, state: CarcassonneState, player: int) -> None:
        """Writes ``state``'s planes."""
        self.tensor[:] = state.game.observation(self.radius).ravel()

    def string_from(self, state: CarcassonneState, player: int) -> str:
        """The text board with the scores."""
        return _envs.text(state.game)


class HistoryObserver:
    """Perfect-recall information states of a perfect-information game: the history."""

    def __init__(self) -> None:
        self.tensor = None
        self.dict: Dict[str, np.ndarray] = {}

    def set_from(self, state: CarcassonneState, player: int) -> None:
        """No tensor."""

    def string_from(self, state: CarcassonneState, player: int) -> str:
        """The history of actions and outcomes."""
        return state.history_str()
