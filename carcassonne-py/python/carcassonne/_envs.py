"""Helpers shared by the research wrappers (``carcassonne.pettingzoo``, ``carcassonne.gymnasium``,
``carcassonne.openspiel``): the game's keyword arguments, chance sampling, rendering. They
translate and check; the rules are the engine's."""

from __future__ import annotations

import json
from typing import Any, Dict, Literal, Mapping, Optional, Tuple, cast

import numpy as np

from ._carcassonne import Game

#: The keyword arguments of ``Game`` that describe the rules (everything but ``seed``).
GAME_KEYWORDS = frozenset(
    ["players", "sets", "names", "farmers", "small_city", "farm_city_scoring", "explicit_draws", "config"]
)

#: The reward schemes (``Game.returns``).
REWARDS = ("rank", "margin")

#: The render modes of the environments: ``human`` prints the text board, ``ansi`` returns it,
#: ``rgb_array`` returns the board's picture (``Game.to_rgb_array``).
RENDER_MODES = ["human", "ansi", "rgb_array"]

_U64 = 1 << 64


def game_config(config: Mapping[str, Any], owner: str) -> Dict[str, Any]:
    """The rules keywords of ``config``, checked: a ``TypeError`` names an unknown keyword (and
    ``seed``, which the environments take through ``reset``)."""
    unknown = sorted(set(config) - GAME_KEYWORDS)
    if "seed" in unknown:
        raise TypeError(f"{owner} takes its seed through reset(seed=...), not as a keyword")
    if unknown:
        raise TypeError(
            f"{owner} got unknown keyword argument(s) {', '.join(map(repr, unknown))}; "
            f"the rules keywords are {', '.join(sorted(GAME_KEYWORDS))}"
        )
    return dict(config)


def with_explicit_draws(config: Mapping[str, Any]) -> Dict[str, Any]:
    """``config`` with explicit draws switched on, passed the one way the config is given (a
    full ``config=`` dict or JSON string, or the keywords)."""
    out = dict(config)
    if out.get("config") is not None:
        full = out["config"]
        full = json.loads(full) if isinstance(full, str) else dict(full)
        full["explicit_draws"] = True
        out["config"] = full
    else:
        out["explicit_draws"] = True
    return out


def make_game(config: Mapping[str, Any], seed: int) -> Game:
    """A new game of ``config`` with ``seed`` (any int, taken modulo 2**64)."""
    return Game(seed=int(seed) % _U64, **config)


def check_reward(reward: str) -> Literal["rank", "margin"]:
    """``reward`` if it names a scheme; a ``ValueError`` otherwise."""
    if reward not in REWARDS:
        raise ValueError(f"reward must be 'rank' or 'margin', not {reward!r}")
    return cast(Literal["rank", "margin"], reward)


def check_render_mode(render_mode: Optional[str]) -> Optional[str]:
    """``render_mode`` if it is None or one of ``RENDER_MODES``; a ``ValueError`` otherwise."""
    if render_mode is not None and render_mode not in RENDER_MODES:
        raise ValueError(f"render_mode must be None or one of {RENDER_MODES}, not {render_mode!r}")
    return render_mode


def check_radius(radius: int) -> int:
    """``radius`` if it is an observation radius the engine accepts (0 to 500)."""
    if not isinstance(radius, (int, np.integer)) or not 0 <= radius <= 500:
        raise ValueError(f"observation_radius must be an int from 0 to 500, not {radius!r}")
    return int(radius)


def resolve_chance(game: Game, rng: np.random.Generator) -> None:
    """Resolves every pending chance node of ``game`` with outcomes drawn from ``rng`` by their
    probabilities (games with automatic draws have none: their seeded generator draws)."""
    while game.is_chance:
        outcomes = game.chance_outcomes()
        if not outcomes:
            raise RuntimeError("a chance node is pending without outcomes")
        probs = np.array([p for _, p in outcomes], dtype=np.float64)
        i = int(rng.choice(len(outcomes), p=probs / probs.sum()))
        game.resolve(outcomes[i][0])


def text(game: Game) -> str:
    """The text board with the scores and the pending decision."""
    scores = ", ".join(f"{name} {score}" for name, score in zip(game.names, game.scores))
    return f"{game.board_text()}\nscores: {scores}; pending: {game.pending}\n"


def render(game: Optional[Game], mode: Optional[str], size: Tuple[int, int]) -> Any:
    """What ``render()`` returns in ``mode`` (None for ``human``, after printing)."""
    if game is None or mode is None:
        return None
    if mode == "rgb_array":
        return game.to_rgb_array(width=size[0], height=size[1])
    if mode == "ansi":
        return text(game)
    print(text(game))
    return None


def check_render_size(size: Tuple[int, int]) -> Tuple[int, int]:
    """``size`` as ``(width, height)`` if both are 16 to 4096 pixels; a ``ValueError`` otherwise."""
    width, height = (int(v) for v in size)
    if not (16 <= width <= 4096 and 16 <= height <= 4096):
        raise ValueError(f"render_size must be 16 to 4096 pixels each way, not {size!r}")
    return width, height
