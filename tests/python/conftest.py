"""Shared fixtures: the location of ../shared (tests that need it fail loudly without it)."""

import os
import pathlib

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]


@pytest.fixture(scope="session")
def shared() -> pathlib.Path:
    path = pathlib.Path(os.environ.get("CARCASSONNE_SHARED", ROOT.parent / "shared"))
    assert (path / "jcz").is_dir(), f"the shared folder is missing at {path}; these tests need it"
    return path
