"""Shared test settings for the tests beside this file."""

from __future__ import annotations

import pytest


@pytest.fixture(autouse=True)
def _app_playtests_in_a_temporary_folder(tmp_path, monkeypatch):
    """The apps keep their playtest logs in ``./playtests`` by default; in the tests those
    go to a temporary folder, so that running the tests leaves no files behind."""
    from gamedesign import playtest

    real = playtest.start

    def start(game, seats, seed, *, folder="playtests", source="app", **kwargs):
        if source == "app" and str(folder) == "playtests":
            folder = tmp_path / "playtests"
        return real(game, seats, seed, folder=folder, source=source, **kwargs)

    monkeypatch.setattr(playtest, "start", start)
