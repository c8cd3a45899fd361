"""The Carcassonne rules engine for Python.

>>> import carcassonne
>>> game = carcassonne.Game(players=2, seed=7)
>>> while not game.is_over:
...     events = game.play(game.legal_actions()[0])
>>> len(game.scores), game.is_over
(2, True)

Games draw tiles from a seeded generator (or, with ``explicit_draws=True``, wait for
``game.resolve(outcome)`` with one of ``game.chance_outcomes()``); ``legal_actions()`` lists every
legal ``Action`` of the pending decision and ``play(action)`` returns the ``Event`` list, each
score with its ``reason`` and ``explanation``. Errors are ``ValueError``
subclasses: ``InvalidActionError`` (notation that cannot be parsed), ``IllegalActionError`` (not
legal now), ``ConfigError``, ``RecordError``, ``ExportError``; a file that cannot be read or
written raises ``OSError`` (``FileNotFoundError``, ``PermissionError``, ...). In a notebook a ``Game``
draws itself as SVG. For research: ``legal_action_ids()``, ``action_mask()``, ``play_id()``,
``observation()`` and the batched ``play_random_games`` / ``play_greedy_games`` (GIL released).
"""

from ._carcassonne import (
    OBSERVATION_PLANES,
    Action,
    Bot,
    ConfigError,
    Event,
    ExportError,
    Game,
    IllegalActionError,
    InvalidActionError,
    MAX_BATCH_GAMES,
    MAX_NAME_BYTES,
    PlacedFigure,
    PlacedMagicFigure,
    PlacedTile,
    RecordError,
    VectorEnv,
    VectorStep,
    __version__,
    jcz_assertions,
    outcome_ids,
    play_games,
    play_greedy_games,
    play_random_games,
    tile_ids,
)

__all__ = [
    "OBSERVATION_PLANES",
    "Action",
    "Bot",
    "ConfigError",
    "Event",
    "ExportError",
    "Game",
    "IllegalActionError",
    "InvalidActionError",
    "MAX_BATCH_GAMES",
    "MAX_NAME_BYTES",
    "PlacedFigure",
    "PlacedMagicFigure",
    "PlacedTile",
    "RecordError",
    "VectorEnv",
    "VectorStep",
    "__version__",
    "jcz_assertions",
    "outcome_ids",
    "play_games",
    "play_greedy_games",
    "play_random_games",
    "tile_ids",
]
