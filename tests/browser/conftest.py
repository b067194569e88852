"""Browser tests: real JupyterLab and Voilà servers, driven by headless Chromium.

Servers listen on loopback only, on free ports, with a temporary HOME, Jupyter config and
JupyterLab settings, and run this repository's code (``PYTHONPATH`` points at the
repository root). Each server is stopped by its PID (TERM, then KILL after 10 s) when the
session ends, together with any kernel it left behind.

The browser may load pages from loopback only: every other request is refused and
recorded, so a chart that needed a CDN would fail to draw (and be reported).

Needs the ``browser`` extra (``pip install -e ".[test,browser]"``) and Debian's
``chromium`` at ``/usr/bin/chromium`` (or ``GAMEDESIGN_CHROMIUM``). Without them these tests
are skipped, unless ``GAMEDESIGN_REQUIRE_BROWSER=1`` (set by ``.ci/run``) makes that an
error. Screenshots go to ``artifacts/screenshots/``.
"""

from __future__ import annotations

import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from pathlib import Path
from urllib.parse import urlparse

import pytest

ROOT = Path(__file__).resolve().parents[2]
LOGS = ROOT / "artifacts" / "logs"
sys.path.insert(0, str(Path(__file__).resolve().parent))  # browser_ui, beside this file
from browser_ui import CHROMIUM, SCREENSHOTS, OfflinePage, chromium  # noqa: E402

REQUIRED = os.environ.get("GAMEDESIGN_REQUIRE_BROWSER") == "1"


def _missing_requirement() -> str | None:
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        return 'playwright is not installed (pip install -e ".[browser]")'
    if not Path(CHROMIUM).exists():
        return f"no Chromium at {CHROMIUM} (apt-get install chromium)"
    for module in ("jupyterlab", "voila"):
        try:
            __import__(module)
        except ImportError:
            return f'{module} is not installed (pip install -e ".[browser]")'
    return None


def pytest_collection_modifyitems(config, items):
    missing = _missing_requirement()
    if missing is None:
        return
    here = Path(__file__).parent
    for item in items:
        if here in Path(item.fspath).parents:
            if REQUIRED:
                raise pytest.UsageError(f"browser tests are required (GAMEDESIGN_REQUIRE_BROWSER=1) but {missing}")
            item.add_marker(pytest.mark.skip(reason=missing))


# -- servers -------------------------------------------------------------------------------


def free_port() -> int:
    """A TCP port on loopback that nothing listens on now."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


class Server:
    """A server process started for the tests, stopped by its PID."""

    def __init__(self, name: str, command: list[str], env: dict, cwd: Path, url: str, ready_path: str):
        self.name, self.url = name, url
        LOGS.mkdir(parents=True, exist_ok=True)
        self.log_path = LOGS / f"{name}.log"
        self._log = open(self.log_path, "wb")
        self.process = subprocess.Popen(command, env=env, cwd=cwd, stdout=self._log, stderr=subprocess.STDOUT)
        deadline = time.monotonic() + 90
        while True:
            if self.process.poll() is not None:
                self.stop()
                raise RuntimeError(f"{name} exited with {self.process.returncode}; see {self.log_path}")
            if self._answers(ready_path):
                return
            if time.monotonic() > deadline:
                self.stop()
                raise RuntimeError(f"{name} did not answer at {url} within 90 s; see {self.log_path}")
            time.sleep(0.5)

    def _answers(self, ready_path: str | None) -> bool:
        """The server answers ``ready_path`` with 200 (or, with None, accepts a connection)."""
        try:
            if ready_path is None:
                host, port = urlparse(self.url).hostname, urlparse(self.url).port
                with socket.create_connection((host, port), timeout=5):
                    return True
            with urllib.request.urlopen(self.url + ready_path, timeout=5) as response:
                return response.status == 200
        except (urllib.error.URLError, OSError):
            return False

    def stop(self) -> None:
        """TERM the server by PID (it shuts its kernels down), KILL after 10 s, then any kernel left."""
        children = []
        try:
            import psutil

            children = psutil.Process(self.process.pid).children(recursive=True)
        except Exception:
            pass
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(10)
        for child in children:  # kernels the server started and did not stop
            try:
                if child.is_running():
                    child.terminate()
                    child.wait(10)
            except Exception:
                try:
                    child.kill()
                except Exception:
                    pass
        self._log.close()


def _server_env(home: Path) -> dict:
    env = dict(os.environ)
    for key in list(env):
        if key.startswith("JUPYTER") or key.startswith("JPY_"):
            del env[key]
    env.update(
        HOME=str(home),
        JUPYTER_CONFIG_DIR=str(home / ".jupyter"),
        JUPYTER_RUNTIME_DIR=str(home / "runtime"),
        JUPYTER_DATA_DIR=str(home / ".local" / "share" / "jupyter"),
        JUPYTERLAB_SETTINGS_DIR=str(home / "lab-settings"),
        JUPYTERLAB_WORKSPACES_DIR=str(home / "lab-workspaces"),
        IPYTHONDIR=str(home / ".ipython"),
        PYTHONPATH=os.pathsep.join(dict.fromkeys([str(ROOT), *filter(None, os.environ.get("PYTHONPATH", "").split(os.pathsep))])),
        PYDEVD_DISABLE_FILE_VALIDATION="1",
    )
    # JupyterLab settings (user level, in the temporary HOME): no news or update checks (no internet), every cell in the page
    # (no windowing, so off-screen outputs exist), and the kernel starts without a dialog.
    settings = home / "lab-settings" / "@jupyterlab"
    (settings / "notebook-extension").mkdir(parents=True)
    (settings / "notebook-extension" / "tracker.jupyterlab-settings").write_text(
        json.dumps({"windowingMode": "none", "autoStartDefaultKernel": True})
    )
    (settings / "apputils-extension").mkdir(parents=True)
    (settings / "apputils-extension" / "notification.jupyterlab-settings").write_text(
        json.dumps({"fetchNews": "false", "checkForUpdates": False})
    )
    # Never write the repository's notebooks: the tests run them but must not save them.
    (settings / "docmanager-extension").mkdir(parents=True)
    (settings / "docmanager-extension" / "plugin.jupyterlab-settings").write_text(json.dumps({"autosave": False}))
    return env


def _notebook_bytes() -> dict:
    return {path: path.read_bytes() for path in sorted((ROOT / "notebooks").glob("*.ipynb"))}


@pytest.fixture(scope="session")
def server_home():
    """A temporary HOME for the servers; checks at the end that no notebook was saved."""
    home = Path(tempfile.mkdtemp(prefix="gamedesign-browser-"))
    before = _notebook_bytes()
    yield home
    shutil.rmtree(home, ignore_errors=True)
    changed = [str(path.relative_to(ROOT)) for path, data in _notebook_bytes().items() if before.get(path) != data]
    assert not changed, f"the browser tests changed {changed}: JupyterLab must not save notebooks"


@pytest.fixture(scope="session")
def lab(server_home):
    """JupyterLab on a free loopback port, serving this repository; yields its base URL."""
    home = server_home / "lab"
    home.mkdir()
    env = _server_env(home)
    port = free_port()
    command = [
        sys.executable, "-m", "jupyterlab", "--no-browser", "--allow-root",
        "--ip=127.0.0.1", f"--port={port}", "--ServerApp.port_retries=0",
        "--IdentityProvider.token=", "--ServerApp.password=", "--ServerApp.disable_check_xsrf=True",
        f"--ServerApp.root_dir={ROOT}", "--LabApp.expose_app_in_browser=True",
        "--LabApp.news_url=", "--ServerApp.open_browser=False",
    ]
    server = Server("jupyterlab", command, env, ROOT, f"http://127.0.0.1:{port}", "/api/status")
    yield server.url
    server.stop()


@pytest.fixture(scope="session")
def voila_app(server_home):
    """Standalone Voilà serving the app notebooks (``notebooks/apps``), as a user runs it on a
    laptop; yields its base URL (an app is at ``/voila/render/NAME.ipynb``)."""
    home = server_home / "voila"
    home.mkdir()
    env = _server_env(home)
    port = free_port()
    command = [
        sys.executable, "-m", "voila", "notebooks/apps", "--no-browser",
        f"--port={port}", "--Voila.ip=127.0.0.1", "--Voila.port_retries=0",
    ]
    server = Server("voila", command, env, ROOT, f"http://127.0.0.1:{port}", "/")  # the folder's listing
    yield server.url
    server.stop()


# -- browser -------------------------------------------------------------------------------


@pytest.fixture(scope="session")
def browser():
    # Two shared cores: a kernel answering a click may take a few seconds.
    with chromium(30_000) as launched:
        yield launched


@pytest.fixture
def offline_page(browser, request):
    """A fresh offline page, named after the test (screenshots use the name)."""
    name = request.node.name.removeprefix("test_").replace("[", "-").replace("]", "").replace("/", "-")
    page = OfflinePage(browser, name)
    yield page
    if request.node.rep_call.failed if hasattr(request.node, "rep_call") else False:
        page.screenshot("failure")
    page.close()
    # Every browser test fails on any attempt to reach past the machine (a CDN, a font, news).
    assert page.refused == [], f"{request.node.name}: requests off the machine: {page.refused[:5]}"


@pytest.hookimpl(wrapper=True, tryfirst=True)
def pytest_runtest_makereport(item, call):
    report = yield
    setattr(item, f"rep_{report.when}", report)
    return report
