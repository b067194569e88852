"""`import gamedesign` and `load` stay quick: numpy, pandas and process pools wait until a run needs them."""

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_import_and_load_leave_numpy_pandas_and_process_pools_for_later():
    code = (
        "import sys, gamedesign\n"
        "for name in ('legday', 'gym'):\n"
        "    gamedesign.load(name).new_state(seed=1)\n"
        "print(sorted(m for m in ('numpy', 'pandas', 'multiprocessing') if m in sys.modules))\n"
    )
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, env=env, check=True)
    assert done.stdout.strip() == "[]"
