"""Where this Python runs, and what it can do there.

The course runs in three places: JupyterLite (Python in the browser tab, through Pyodide:
no server, no processes, no threads), Binder (a temporary server per student) and a
computer of one's own. :func:`where` names the place; the rest of the package asks
:data:`CAN_START_PROCESSES` before it starts worker processes.
"""

from __future__ import annotations

import importlib.util
import os
import sys

#: Whether this Python runs in a browser (Pyodide, as in JupyterLite).
IN_BROWSER = sys.platform == "emscripten"

#: Whether worker processes can start here: not in the browser, which has neither
#: processes nor threads (Pyodide lacks ``_multiprocessing``; a thread cannot start).
CAN_START_PROCESSES = not IN_BROWSER and importlib.util.find_spec("_multiprocessing") is not None

#: Environment variables that mybinder.org sets in every session.
BINDER_VARIABLES = ("BINDER_LAUNCH_HOST", "BINDER_REQUEST", "BINDER_REPO_URL", "BINDER_SERVICE_HOST")


def cores() -> int:
    """How many cores worker processes can use here (1 where no process can start)."""
    return (os.cpu_count() or 1) if CAN_START_PROCESSES else 1


def where() -> str:
    """Where this Python runs: ``"jupyterlite"`` (in the browser, no server), ``"binder"``
    (a Binder session) or ``"local"`` (any other computer: a laptop, a lab machine, a hub)."""
    if IN_BROWSER:
        return "jupyterlite"
    if any(os.environ.get(name) for name in BINDER_VARIABLES):
        return "binder"
    return "local"


def no_processes(workers) -> str:
    """The message for a run that asks for ``workers`` processes where none can start."""
    return (
        f"workers={workers} asks for {workers} worker processes, but this Python runs in the browser "
        "(JupyterLite), which cannot start processes or threads: give workers=1 or leave workers out "
        "(the games are then played here, one after another)"
    )


__all__ = ["CAN_START_PROCESSES", "IN_BROWSER", "cores", "where"]
