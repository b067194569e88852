"""The machine a benchmark ran on, for the record (shared by the benchmark scripts)."""

from __future__ import annotations

import os
import platform


def machine() -> str:
    """The processor's name and core count, for the record."""
    name = platform.processor() or platform.machine()
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as info:
            name = next(line.split(":", 1)[1].strip() for line in info if line.startswith("model name"))
    except (OSError, StopIteration):
        pass
    return f"{name}, {os.cpu_count()} cores, Python {platform.python_version()}"
