"""Screenshots of each game app at the start, the middle and the end, at several widths.

    python scripts/app_screenshots.py [--games legday gym diet] [--widths 1366 1024 768]
                                      [--height 768] [--out artifacts/screenshots/apps]

Starts standalone Voilà (loopback only, a temporary HOME) on copies of the app notebooks
(``notebooks/apps``), opens each game in headless Chromium (Debian's ``/usr/bin/chromium``;
the ``browser`` extra) with every request off the machine refused, and plays your seat by
simple rules: Leg Day the first card of the hand, GYM the guided turns (the first Kid of
the row, else the step's main button), The Diet Game keeps its hand and plays the first
playable card. It saves ``GAME-WIDTH-start.png``, ``-middle.png`` and ``-end.png`` (each
the window's view, scrolled to the app's top) and prints any refused request. Look at the
pictures: a test checks what can be checked, the eye the rest.
"""

from __future__ import annotations

import argparse
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests" / "browser"))
from browser_ui import OfflinePage, chromium, click_and_settle, settle  # noqa: E402

APPS = {"legday": ".gd-legday", "gym": ".gd-gym", "diet": ".gd-diet"}


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def shoot(page, app, path: Path) -> None:
    app.evaluate("(el) => el.scrollIntoView({block: 'start'})")
    page.wait_for_timeout(300)
    page.screenshot(path=path)


def play_legday(page, app, middle) -> None:
    header, selector = app.locator(".gd-header"), ".gd-legday"
    for day in range(14):
        cards = app.locator("button.gd-play:not([disabled])")
        if not cards.count():
            break
        click_and_settle(page, selector, cards.first)
        if day == 7:
            middle()
    header.wait_for(state="visible")


def play_gym(page, app, middle, limit: int = 400) -> None:
    header, selector = app.locator(".gd-header"), ".gd-gym"
    for move in range(limit):
        if "Game over" in header.inner_text():
            return
        row = app.locator(".gd-row button:not([disabled])")
        controls = app.locator(".gd-controls button.widget-button:visible")
        button = row.first if row.count() else (controls.first if controls.first.is_enabled() else controls.nth(1))
        click_and_settle(page, selector, button)
        if move == 30:
            middle()


def play_diet(page, app, middle, limit: int = 600) -> None:
    prompt, selector = app.locator(".gd-prompt"), ".gd-diet"
    for move in range(limit):
        if "Game over" in prompt.inner_text():
            return
        choices = app.locator(".gd-actions button:not([disabled])")
        keep = choices.filter(has_text="Keep my hand")
        playable = app.locator(".gd-hand button.gd-card:not([disabled])")
        if keep.count():
            button = keep
        elif playable.count():
            button = playable.first
        else:
            button = choices.first
        click_and_settle(page, selector, button)
        if move == 12:
            middle()


PLAY = {"legday": play_legday, "gym": play_gym, "diet": play_diet}


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", nargs="+", choices=list(APPS), default=list(APPS))
    parser.add_argument("--widths", nargs="+", type=int, default=[1366, 1024, 768])
    parser.add_argument("--height", type=int, default=768)
    parser.add_argument("--out", type=Path, default=ROOT / "artifacts" / "screenshots" / "apps")
    args = parser.parse_args(argv)
    args.out.mkdir(parents=True, exist_ok=True)
    folder = Path(tempfile.mkdtemp(prefix="app-shots-"))
    for name in args.games:
        shutil.copy(ROOT / "notebooks" / "apps" / f"{name}.ipynb", folder)
    home = folder / "home"
    home.mkdir()
    env = dict(os.environ, HOME=str(home), JUPYTER_CONFIG_DIR=str(home / ".jupyter"),
               JUPYTER_RUNTIME_DIR=str(home / "runtime"), PYTHONPATH=str(ROOT))
    port = free_port()
    server = subprocess.Popen(
        [sys.executable, "-m", "voila", str(folder), "--no-browser", f"--port={port}", "--Voila.ip=127.0.0.1"],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env, cwd=folder,
    )
    base = f"http://127.0.0.1:{port}"
    refused = []
    try:
        for _ in range(120):
            try:
                urllib.request.urlopen(base + "/", timeout=2)
                break
            except OSError:
                time.sleep(0.5)
        with chromium(120_000) as browser:
            for name in args.games:
                for width in args.widths:
                    shots = OfflinePage(browser, f"{name}-{width}", width=width, height=args.height, timeout_ms=120_000)
                    page, selector = shots.page, APPS[name]
                    page.goto(f"{base}/voila/render/{name}.ipynb", wait_until="domcontentloaded")
                    app = page.locator(selector)
                    app.locator("button.widget-button").first.wait_for(state="visible", timeout=180_000)
                    settle(page, selector)
                    stem = args.out / f"{name}-{width}"
                    shoot(page, app, Path(f"{stem}-start.png"))
                    PLAY[name](page, app, lambda: shoot(page, app, Path(f"{stem}-middle.png")))
                    settle(page, selector)
                    shoot(page, app, Path(f"{stem}-end.png"))
                    refused += shots.refused
                    shots.close()
                    print(f"{name} at {width} x {args.height}: {stem}-start/middle/end.png", flush=True)
    finally:
        server.terminate()
        try:
            server.wait(15)
        except subprocess.TimeoutExpired:
            server.kill()
        shutil.rmtree(folder, ignore_errors=True)
    print(f"requests off the machine refused: {len(refused)}" + (f" (first: {refused[0]})" if refused else ""))
    return 0


if __name__ == "__main__":
    sys.exit(main())
