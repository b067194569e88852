"""Shared test settings for the tests beside this file."""

from __future__ import annotations

import sys

import pytest


@pytest.fixture(autouse=True)
def _app_playtests_in_a_temporary_folder(tmp_path, monkeypatch):
    """The apps keep their playtest logs in ``./playtests`` by default; in the tests those
    go to a temporary folder, so that running the tests leaves no files behind. (Only the
    apps' logs: ``playtest.start`` itself is left as it is.)"""
    hotseat = sys.modules.get("gamedesign.apps.hotseat")
    if hotseat is None:  # no app imported yet: nothing can log
        return
    real = hotseat.Recorder.__init__

    def init(self, folder):
        real(self, tmp_path / "playtests" if isinstance(folder, str) and folder == "playtests" else folder)

    monkeypatch.setattr(hotseat.Recorder, "__init__", init)
