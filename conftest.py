"""Test configuration: nbval's output sanitizer, anchored at the repository root."""


def pytest_configure(config):
    if getattr(config.option, "nbval_sanitize_with", "unset") is None:
        config.option.nbval_sanitize_with = str(config.rootpath / "tests" / "nbval_sanitize.cfg")
