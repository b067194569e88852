"""Test configuration: nbval's output sanitizer, anchored at the repository root."""


def pytest_configure(config):
    if getattr(config.option, "nbval_sanitize_with", "unset") is None:
        config.option.nbval_sanitize_with = str(config.rootpath / "tests" / "nbval_sanitize.cfg")


import os

import pytest


@pytest.fixture(autouse=True, scope="session")
def _playtest_logs_elsewhere(tmp_path_factory):
    """Terminal games played by the tests log to a temporary folder, not the checkout."""
    os.environ["GAMEDESIGN_PLAYTESTS"] = str(tmp_path_factory.mktemp("playtests"))
