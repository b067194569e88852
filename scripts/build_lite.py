"""Build the course as a JupyterLite site: JupyterLab and a Python kernel that run in the
browser (Pyodide), from static files that any web server can serve, offline once loaded.

Run from the repository root, with the lite extra installed (``pip install -e ".[lite]"``):

    python scripts/build_lite.py                         # Pyodide from the official release (internet)
    python scripts/build_lite.py --pyodide DIR_OR_FILE   # a local Pyodide distribution (offline)
    python scripts/build_lite.py --out DIR               # the site goes to DIR (default: build/lite)

Serve the site with any static web server, e.g. ``python -m http.server -d build/lite``, and
open ``lab/index.html?path=notebooks/00_start_here.ipynb`` (opening the files from disk,
``file://``, does not work: the browser refuses the kernel's files there).

The site holds the student copies of the lessons (``notebooks/*.ipynb``), the app notebooks
(``notebooks/apps/``) and ``docs/``, never the teacher copies (``notebooks/solutions/``).
It carries its own Pyodide: only the packages the course needs, taken from the given
distribution (the official Pyodide release by default) and checked against its
``pyodide-lock.json``, plus the ``gamedesign`` wheel built from this repository and the pure
wheels pinned in ``lite/requirements-pyodide.txt``; the modules that the kernel, the apps and
a lesson's first cells import (``lite/bytecode-modules.txt``) come compiled to bytecode when
Node.js (``node``) is there (the kernel then starts about a third faster). The kernel loads
its own packages, ``gamedesign`` and what it needs in one batch as it starts, so ``import
gamedesign`` works in the first cell; nothing is fetched from a CDN or PyPI at run time (the
build fails if a setting points off the site).

``--pyodide`` takes the official release archive (``pyodide-0.27.7.tar.bz2``, a path or a URL)
or a folder with ``pyodide.js``, ``pyodide-lock.json`` and the files it names (only the ones
the course needs must be there). Downloads are kept in ``~/.cache/gamedesign-lite``
(``--cache``), so a second build needs no network.
"""

from __future__ import annotations

import argparse
import email.parser
import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import tarfile
import tempfile
import time
import urllib.request
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LITE = ROOT / "lite"

#: The Pyodide the site is built and tested with (Python 3.12; the kernel of
#: jupyterlite-pyodide-kernel 0.5.2).
PYODIDE_VERSION = "0.27.7"
OFFICIAL_PYODIDE = (
    f"https://github.com/pyodide/pyodide/releases/download/{PYODIDE_VERSION}/pyodide-{PYODIDE_VERSION}.tar.bz2"
)
#: The runtime's own files (the packages come from the lock file).
PYODIDE_CORE = ["pyodide.js", "pyodide.mjs", "pyodide.asm.js", "pyodide.asm.wasm", "python_stdlib.zip", "package.json"]
#: Packages the kernel itself loads from the distribution as it starts.
KERNEL_PACKAGES = ["micropip", "packaging", "ssl", "sqlite3", "ipython"]
#: What the kernel loads before the first cell runs (with everything these depend on).
PRELOAD = ["gamedesign", "gamedesign-site"]
#: What jupyterlite-pyodide-kernel's worker installs with piplite, one package after the other,
#: unless ``loadPyodideOptions.packages`` names it (its exact spelling): the site names them all
#: and carries the kernel's own ``ipykernel`` and ``pyodide_kernel`` wheels in its Pyodide, so
#: Pyodide loads them with the others, in one batch, as it starts.
KERNEL_PRELOAD = ["ssl", "sqlite3", "ipykernel", "comm", "pyodide_kernel", "ipython"]
#: Where jupyterlite-pyodide-kernel keeps those two wheels (in its JupyterLab extension).
KERNEL_WHEELS_DIR = Path("@jupyterlite", "pyodide-kernel-extension", "static", "pypi")
#: gamedesign's requirements that ``import gamedesign`` and the game apps do not import: the
#: site loads them when a cell first needs them (see ``lite/offline/startup.py``), so an app
#: notebook's kernel starts without them.
LAZY = ["numpy", "pandas", "sympy", "altair", "optuna"]
#: The app modules whose import needs none of :data:`LAZY` (tests/test_lite_build.py checks):
#: a cell that only imports from these starts its app without loading them.
LIGHT_APPS = ["legday", "gym", "hotseat"]
#: Where the startup wheel puts IPython's folder in the browser (Pyodide's site-packages).
SITE_IPYTHONDIR = "/lib/python3.12/site-packages/gamedesign_site/ipython"
#: Requirements of the added wheels that are not installed in the browser, and why.
NOT_IN_BROWSER = {
    # ipywidgets' JavaScript halves: the site carries the widget extension itself.
    "widgetsnbextension": "ipywidgets' classic-notebook extension",
    "jupyterlab-widgets": "ipywidgets' JupyterLab extension (in the site's extensions)",
    # Optuna keeps studies in a database only when asked; the balance search keeps them in memory.
    "alembic": "Optuna's database storage",
    "sqlalchemy": "Optuna's database storage",
    "pyyaml": "Optuna's command line",
}
#: The wheel platform of Pyodide 0.27 (pure wheels are downloaded for it).
PIP_PLATFORM = ["--platform", "pyodide_2024_0_wasm32", "--platform", "any", "--python-version", "3.12",
                "--implementation", "cp", "--abi", "cp312", "--abi", "none"]


class BuildError(RuntimeError):
    """The site cannot be built (a message says what is missing and what to do)."""


def say(text: str) -> None:
    print(f"[build_lite] {text}", flush=True)


def canonical(name: str) -> str:
    """A package name as the lock file and PyPI compare them (``Jinja2`` -> ``jinja2``)."""
    return re.sub(r"[-_.]+", "-", name).lower()


def sha256(path: Path) -> str:
    digest = hashlib.sha256()
    with open(path, "rb") as handle:
        for block in iter(lambda: handle.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


# ----------------------------------------------------------------------------------------
# The Pyodide distribution
# ----------------------------------------------------------------------------------------


def download(url: str, dest: Path) -> Path:
    """``url`` saved as ``dest`` (kept: a second build uses the saved copy)."""
    if dest.exists():
        return dest
    dest.parent.mkdir(parents=True, exist_ok=True)
    say(f"downloading {url}")
    part = dest.with_name(dest.name + ".part")
    try:
        with urllib.request.urlopen(url, timeout=60) as response, open(part, "wb") as out:
            shutil.copyfileobj(response, out, 1 << 20)
    except OSError as err:
        raise BuildError(
            f"could not download {url} ({err}); without internet, give --pyodide a local Pyodide "
            f"{PYODIDE_VERSION} distribution (its release archive, or a folder with pyodide-lock.json)"
        ) from None
    part.rename(dest)
    return dest


def pyodide_distribution(source: str, cache: Path) -> Path:
    """The folder of a Pyodide distribution (``pyodide.js``, ``pyodide-lock.json``, packages)
    from ``source``: such a folder, a release archive (``.tar.bz2``) or the archive's URL."""
    if re.match(r"^https?://", source):
        archive = download(source, cache / "downloads" / source.rstrip("/").rsplit("/", 1)[-1])
    else:
        path = Path(source).expanduser()
        if path.is_dir():
            if not (path / "pyodide-lock.json").exists() and (path / "pyodide" / "pyodide-lock.json").exists():
                path = path / "pyodide"
            if not (path / "pyodide-lock.json").exists():
                raise BuildError(f"--pyodide {source}: the folder has no pyodide-lock.json (a Pyodide distribution has)")
            return path
        if not path.exists():
            raise BuildError(f"--pyodide {source}: no such file or folder (give a Pyodide release archive, "
                             "its URL, or a folder with pyodide-lock.json)")
        archive = path
    if not archive.name.endswith((".tar.bz2", ".tar.gz", ".tgz", ".tar")):
        raise BuildError(f"--pyodide {source}: not a Pyodide release archive (.tar.bz2) nor a folder")
    target = cache / "pyodide" / f"{archive.name.split('.tar')[0]}-{sha256(archive)[:12]}"
    if not (target / "pyodide" / "pyodide-lock.json").exists():
        say(f"unpacking {archive.name}")
        shutil.rmtree(target, ignore_errors=True)
        with tarfile.open(archive) as tar:
            tar.extractall(target, filter="data")
    found = [p.parent for p in target.rglob("pyodide-lock.json")]
    if not found:
        raise BuildError(f"--pyodide {source}: the archive holds no pyodide-lock.json")
    return min(found, key=lambda p: len(p.parts))


def read_lock(dist: Path) -> dict:
    lock = json.loads((dist / "pyodide-lock.json").read_text())
    version = lock.get("info", {}).get("version")
    if version != PYODIDE_VERSION:
        raise BuildError(
            f"the Pyodide distribution in {dist} is version {version}; the site is built and tested "
            f"with Pyodide {PYODIDE_VERSION} (jupyterlite-pyodide-kernel 0.5.2)"
        )
    return lock


# ----------------------------------------------------------------------------------------
# Wheels the site adds: gamedesign and the pinned pure wheels
# ----------------------------------------------------------------------------------------


def pinned_wheels(path: Path = LITE / "requirements-pyodide.txt") -> list[tuple[str, str, str]]:
    """``(name, version, sha256)`` of each wheel pinned in ``lite/requirements-pyodide.txt``."""
    pins = []
    for line in path.read_text().splitlines():
        line = line.split("#", 1)[0].strip()
        if not line:
            continue
        found = re.fullmatch(r"([A-Za-z0-9_.-]+)==(\S+)\s+--hash=sha256:([0-9a-f]{64})", line)
        if not found:
            raise BuildError(f"{path.name}: a line must read 'name==version --hash=sha256:...', not {line!r}")
        pins.append(found.groups())
    return pins


def wheel_name_version(path: Path) -> tuple[str, str]:
    name, version = path.name.split("-")[:2]
    return canonical(name), version


def kernel_wheels() -> list[Path]:
    """jupyterlite-pyodide-kernel's ``ipykernel`` and ``pyodide_kernel`` wheels (see :data:`KERNEL_PRELOAD`)."""
    from jupyter_core.paths import jupyter_path

    for folder in jupyter_path("labextensions"):
        found = [sorted((Path(folder) / KERNEL_WHEELS_DIR).glob(f"{name}-*-py3-none-any.whl"))
                 for name in ("ipykernel", "pyodide_kernel")]
        if all(found):
            return [paths[-1] for paths in found]
    raise BuildError(f"no {KERNEL_WHEELS_DIR} with the ipykernel and pyodide_kernel wheels: "
                     "is jupyterlite-pyodide-kernel installed (pip install -e \".[lite]\")?")


def fetch_pinned(cache: Path, wheels: Path | None) -> list[Path]:
    """The pinned pure wheels, each checked against its sha256: from ``wheels`` (a folder),
    else from the cache, else downloaded with pip (into the cache)."""
    store = cache / "wheels"
    store.mkdir(parents=True, exist_ok=True)
    out = []
    for name, version, digest in pinned_wheels():
        def matching(folder: Path):
            if folder is None or not folder.is_dir():
                return None
            for path in folder.glob("*.whl"):
                if wheel_name_version(path) == (canonical(name), version) and sha256(path) == digest:
                    return path
            return None

        path = matching(wheels) or matching(store)
        if path is None:
            say(f"downloading {name}=={version}")
            command = [sys.executable, "-m", "pip", "download", "--quiet", "--no-deps", "--only-binary=:all:",
                       *PIP_PLATFORM, "--dest", str(store), f"{name}=={version}"]
            if subprocess.run(command).returncode != 0:
                raise BuildError(f"pip could not download {name}=={version} (no network? give --wheels DIR "
                                 "with the wheels of lite/requirements-pyodide.txt)")
            path = matching(store)
            if path is None:
                raise BuildError(f"the downloaded {name}=={version} does not match the sha256 pinned in "
                                 "lite/requirements-pyodide.txt")
        out.append(path)
    return out


def site_startup_wheel(dest: Path) -> Path:
    """The ``gamedesign-site`` wheel: IPython's folder for the site's kernel, whose startup
    script loads the :data:`LAZY` packages before the first cell that needs them runs."""
    startup = (OFFLINE / "startup.py").read_text().replace("__LAZY__", repr(LAZY))
    startup = startup.replace("__LIGHT_APPS__", "|".join(LIGHT_APPS))
    files = {
        "gamedesign_site/__init__.py": '"""The JupyterLite site\'s kernel startup (scripts/build_lite.py)."""\n',
        "gamedesign_site/ipython/profile_default/startup/00-gamedesign-site.py": startup,
        "gamedesign_site-1.0.dist-info/METADATA": "Metadata-Version: 2.1\nName: gamedesign-site\nVersion: 1.0\n",
        "gamedesign_site-1.0.dist-info/WHEEL": "Wheel-Version: 1.0\nGenerator: build_lite\nRoot-Is-Purelib: true\nTag: py3-none-any\n",
    }
    files["gamedesign_site-1.0.dist-info/RECORD"] = "".join(f"{name},,\n" for name in files) + "gamedesign_site-1.0.dist-info/RECORD,,\n"
    dest.mkdir(parents=True, exist_ok=True)
    path = dest / "gamedesign_site-1.0-py3-none-any.whl"
    with zipfile.ZipFile(path, "w") as archive:
        for name, text in files.items():
            info = zipfile.ZipInfo(name, date_time=(2026, 1, 1, 0, 0, 0))  # the same bytes every build
            archive.writestr(info, text)
    return path


def build_gamedesign_wheel(dest: Path) -> Path:
    """The ``gamedesign`` wheel, built from this repository."""
    say("building the gamedesign wheel")
    command = [sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "--no-build-isolation",
               "--wheel-dir", str(dest), str(ROOT)]
    if subprocess.run(command).returncode != 0:
        raise BuildError("could not build the gamedesign wheel (is hatchling installed? pip install -e \".[lite]\")")
    return next(dest.glob("gamedesign-*.whl"))


def wheel_metadata(path: Path):
    with zipfile.ZipFile(path) as archive:
        names = archive.namelist()
        meta = next(n for n in names if n.endswith(".dist-info/METADATA"))
        message = email.parser.Parser().parsestr(archive.read(meta).decode())
    tops = set()
    for name in names:
        top = name.split("/", 1)[0]
        if top.endswith((".dist-info", ".data")):
            continue
        if "/" in name or top.endswith(".py"):
            tops.add(top.removesuffix(".py"))
    return message, sorted(tops)


def browser_requirements(message) -> list:
    """The wheel's requirements that apply in Pyodide (Python 3.12 on emscripten, no extras)."""
    from packaging.requirements import Requirement

    environment = {"python_version": "3.12", "python_full_version": "3.12.7", "sys_platform": "emscripten",
                   "platform_system": "Emscripten", "platform_machine": "wasm32", "os_name": "posix",
                   "implementation_name": "cpython", "platform_python_implementation": "CPython", "extra": ""}
    out = []
    for text in message.get_all("Requires-Dist") or []:
        requirement = Requirement(text)
        if requirement.marker is None or requirement.marker.evaluate(environment):
            out.append(requirement)
    return out


def lock_entry(path: Path, requirements: list) -> dict:
    name, version = wheel_name_version(path)
    _, imports = wheel_metadata(path)
    return {
        "name": name, "version": version, "file_name": path.name, "install_dir": "site",
        "sha256": sha256(path), "package_type": "package", "imports": imports,
        "depends": sorted({canonical(r.name) for r in requirements} - set(NOT_IN_BROWSER)),
        "unvendored_tests": False,
    }


def site_lock(lock: dict, added: list[Path], lazy: list[str] = ()) -> tuple[dict, list[str]]:
    """The site's lock file: the added wheels (replacing the distribution's entries of the same
    name) and only the packages the kernel and the course need. Checks that every version
    meets what the added wheels require, e.g. gamedesign's numpy and pandas bounds. The
    ``lazy`` packages stay in the site but out of gamedesign's ``depends`` (loaded when used)."""
    packages = {canonical(k): v for k, v in lock["packages"].items()}
    wanted = {}
    for path in added:
        message, _ = wheel_metadata(path)
        requirements = browser_requirements(message)
        entry = lock_entry(path, requirements)
        if entry["name"] == "gamedesign":
            entry["depends"] = [d for d in entry["depends"] if d not in map(canonical, lazy)]
        packages[entry["name"]] = entry
        wanted[entry["name"]] = [r for r in requirements if canonical(r.name) not in NOT_IN_BROWSER]
    keep, todo = {}, [canonical(n) for n in KERNEL_PACKAGES + [a for a in PRELOAD + KERNEL_PRELOAD if canonical(a) in packages]
                      + list(lazy)]
    while todo:
        name = todo.pop()
        if name in keep:
            continue
        if name not in packages:
            needed_by = sorted(k for k, v in keep.items() if name in map(canonical, v["depends"]))
            raise BuildError(f"the Pyodide distribution has no package {name!r} (needed by {', '.join(needed_by)})")
        keep[name] = packages[name]
        todo.extend(canonical(d) for d in packages[name]["depends"])
    problems = []
    for owner, requirements in wanted.items():
        for requirement in requirements:
            have = keep[canonical(requirement.name)]["version"]
            if not requirement.specifier.contains(have, prereleases=True):
                problems.append(f"{owner} needs {requirement}, the site has {requirement.name} {have}")
    if problems:
        raise BuildError("the site's packages do not meet the requirements: " + "; ".join(problems))
    return {"info": lock["info"], "packages": dict(sorted(keep.items()))}, sorted(keep)


def closure(lock: dict, names: list[str]) -> set[str]:
    """The packages of ``lock`` that ``names`` are, with all they depend on (canonical names)."""
    packages = {canonical(k): v for k, v in lock["packages"].items()}
    keep, todo = set(), [canonical(n) for n in names]
    while todo:
        name = todo.pop()
        if name not in keep and name in packages:
            keep.add(name)
            todo.extend(canonical(d) for d in packages[name]["depends"])
    return keep


def copy_pyodide(dist: Path, lock: dict, added: list[Path], dest: Path, cache: Path) -> None:
    """The runtime, the site's lock file and the packages it names, each checked against
    the sha256 its lock file gives, with their Python compiled to bytecode (:func:`compile_bytecode`)."""
    dest.mkdir(parents=True, exist_ok=True)
    for name in PYODIDE_CORE:
        source = dist / name
        if not source.exists():
            raise BuildError(f"the Pyodide distribution in {dist} has no {name}")
        shutil.copy2(source, dest / name)
    local = {p.name: p for p in added}
    for entry in lock["packages"].values():
        source = local.get(entry["file_name"]) or dist / entry["file_name"]
        if not source.exists():
            raise BuildError(f"the Pyodide distribution in {dist} has no {entry['file_name']} "
                             f"(package {entry['name']}, which the site needs)")
        if sha256(source) != entry["sha256"]:
            raise BuildError(f"{source} does not match the sha256 in pyodide-lock.json")
        shutil.copy2(source, dest / entry["file_name"])
    (dest / "pyodide-lock.json").write_text(json.dumps(lock, indent=1) + "\n")  # the compiling Pyodide reads it
    wheels = [dest / e["file_name"] for e in lock["packages"].values() if e["file_name"].endswith(".whl")]
    eager = closure(lock, KERNEL_PACKAGES + PRELOAD + KERNEL_PRELOAD)
    sourceless = [dest / e["file_name"] for name, e in lock["packages"].items()
                  if e["file_name"].endswith(".whl") and canonical(name) not in eager]
    compiled = compile_bytecode(dest, [dest / "python_stdlib.zip", *wheels], cache, sourceless)
    if compiled:
        lock = json.loads(json.dumps(lock))
        for entry in lock["packages"].values():
            if dest / entry["file_name"] in compiled:
                entry["sha256"] = sha256(dest / entry["file_name"])
    (dest / "pyodide-lock.json").write_text(json.dumps(lock, indent=1) + "\n")


# ----------------------------------------------------------------------------------------
# Bytecode: the site's Python compiled once, at build time
# ----------------------------------------------------------------------------------------

#: Bumped when what :func:`compile_bytecode` writes changes (the cache's files are named by it).
BYTECODE_FORMAT = "2"
#: The modules compiled (one a line; ``NAME.*``: a package and all of its modules): those the
#: kernel imports as it starts, as an app shows its first card and as a lesson's first cells
#: import ``gamedesign.exercises`` (sympy), pandas and the charts. The others (most of sympy,
#: pandas and the standard library: their bytecode would make the site 16 MB heavier) are
#: compiled in the browser when first imported, as Python does.
BYTECODE_MODULES = LITE / "bytecode-modules.txt"

#: Run by the site's own Pyodide in Node.js: adds to each wheel (and to the standard library's
#: zip) the bytecode of those of its modules that /host/modules.txt names, as unchecked
#: hash-based .pyc files (PEP 552): Python uses them without compiling the source again, nor
#: checking it (the files never change), and the sources stay for tracebacks, except in the
#: wheels a job names ``sourceless`` (the :data:`LAZY` packages and what only they need: a
#: traceback shows no lines of their code), whose compiled modules are shipped as bytecode
#: alone (NAME.pyc where NAME.py was). Tests (``tests/`` folders) are left as they are.
_BYTECODE_PY = r"""
import importlib._bootstrap_external as external, importlib.util, json, sys, zipfile
lines = [line.strip() for line in open("/host/modules.txt") if line.strip() and not line.startswith("#")]
exact = {line for line in lines if not line.endswith(".*")}
packages = tuple(line[:-2] for line in lines if line.endswith(".*"))
def wanted(path):
    name = path[:-3].replace("/", ".").removesuffix(".__init__")
    return name in exact or any(name == p or name.startswith(p + ".") for p in packages)
for job in json.load(open("/host/jobs.json")):
    source, target, stdlib, sourceless = job["source"], job["target"], job["stdlib"], job["sourceless"]
    with zipfile.ZipFile(source) as zin, zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED) as zout:
        names, added, dropped, record = set(zin.namelist()), [], set(), None
        for info in zin.infolist():
            data = zin.read(info)
            if info.filename.endswith(".dist-info/RECORD"):
                record = (info, data)
                continue
            path = info.filename
            if not path.endswith(".py") or "/tests/" in "/" + path or ".data/" in path or not wanted(path):
                zout.writestr(info, data)
                continue
            if sourceless:  # Python imports NAME.pyc alone when no NAME.py is beside it
                pyc, where = path + "c", "/lib/python3.12/site-packages/" + path
            elif stdlib:  # zipimport looks for NAME.pyc beside NAME.py
                pyc, where = path + "c", "/lib/python312.zip/" + path
            else:
                folder, _, name = path.rpartition("/")
                pyc = (folder + "/" if folder else "") + f"__pycache__/{name[:-3]}.{sys.implementation.cache_tag}.pyc"
                where = "/lib/python3.12/site-packages/" + path
            if pyc in names:
                zout.writestr(info, data)
                continue
            try:
                code = compile(data, where, "exec", dont_inherit=True)
            except SyntaxError:
                zout.writestr(info, data)
                continue  # Python would not import it either
            if sourceless:
                dropped.add(path)
            else:
                zout.writestr(info, data)
            out = zipfile.ZipInfo(pyc, date_time=info.date_time)
            out.compress_type = zipfile.ZIP_DEFLATED
            zout.writestr(out, bytes(external._code_to_hash_pyc(code, importlib.util.source_hash(data), checked=False)))
            added.append(pyc)
        if record is not None:
            kept = [line for line in record[1].decode().splitlines() if line and line.split(",")[0] not in dropped]
            zout.writestr(record[0], "".join(f"{n}\n" for n in kept + [f"{n},," for n in added]).encode())
"""

_BYTECODE_JS = """
const path = require("path");
(async () => {
  const [dist, host] = process.argv.slice(2).map((p) => path.resolve(p));
  const { loadPyodide } = require(path.join(dist, "pyodide.js"));
  const pyodide = await loadPyodide({ indexURL: dist + path.sep });
  pyodide.FS.mkdirTree("/host");
  pyodide.FS.mount(pyodide.FS.filesystems.NODEFS, { root: host }, "/host");
  pyodide.runPython(require("fs").readFileSync(path.join(host, "bytecode.py"), "utf8"));
})().catch((error) => { console.error(error); process.exit(1); });
"""


def compile_bytecode(pyodide: Path, files: list[Path], cache: Path, sourceless: list[Path] = ()) -> list[Path]:
    """Add their modules' bytecode to ``files`` (wheels, and the standard library's
    ``python_stdlib.zip``) in place, compiled by the Pyodide in ``pyodide`` run in Node.js, so
    the kernel does not compile them again at every start (it did, in WebAssembly: about half
    of its start). Compiled files are kept in ``cache`` by the digest of what they came from.
    Returns the files changed; none without Node.js (``node``), and the site then works as
    before, starting slower. The ``sourceless`` wheels ship their compiled modules as bytecode
    alone (smaller; a traceback shows no lines of their code)."""
    node = shutil.which("node")
    if node is None:
        say("no Node.js (node): the site's Python is not compiled to bytecode ahead (its kernel starts slower)")
        return []
    store = cache / "bytecode"
    store.mkdir(parents=True, exist_ok=True)
    modules = BYTECODE_MODULES.read_text()
    tag = hashlib.sha256((BYTECODE_FORMAT + _BYTECODE_PY + PYODIDE_VERSION + modules).encode()).hexdigest()[:12]
    kept = {path: store / f"{sha256(path)[:24]}-{tag}{'-sourceless' if path in sourceless else ''}-{path.name}" for path in files}
    todo = [path for path in files if not kept[path].exists()]
    if todo:
        say(f"compiling the Python of {len(todo)} packages to bytecode (Node.js, once: kept in {store})")
        with tempfile.TemporaryDirectory(prefix="gamedesign-bytecode-") as host:
            host = Path(host)
            jobs = []
            for index, path in enumerate(todo):
                shutil.copy2(path, host / f"in-{index}-{path.name}")
                jobs.append({"source": f"/host/in-{index}-{path.name}", "target": f"/host/out-{index}-{path.name}",
                             "stdlib": path.suffix == ".zip", "sourceless": path in sourceless})
            (host / "jobs.json").write_text(json.dumps(jobs))
            (host / "bytecode.py").write_text(_BYTECODE_PY)
            (host / "modules.txt").write_text(modules)
            (host / "bytecode.js").write_text(_BYTECODE_JS)
            result = subprocess.run([node, str(host / "bytecode.js"), str(pyodide), str(host)],
                                    capture_output=True, text=True)
            if result.returncode != 0:
                sys.stderr.write(result.stdout[-2000:] + result.stderr[-4000:])
                raise BuildError("Node.js could not run Pyodide to compile the site's Python (its output is above)")
            for index, path in enumerate(todo):
                part = kept[path].with_name(kept[path].name + ".part")
                shutil.copy2(host / f"out-{index}-{path.name}", part)
                part.rename(kept[path])
    for path in files:
        shutil.copy2(kept[path], path)
    return files


# ----------------------------------------------------------------------------------------
# The site
# ----------------------------------------------------------------------------------------


#: The start notebook's words about where it runs, as the site says them (the repository's
#: copy speaks of Binder and of laptops too).
SITE_WHERE = """## Where this notebook runs

This is the course's **JupyterLite site**: the notebooks, the apps and Python itself run in
this browser tab, from the site's own files, with no server (`gamedesign.where()` says
`'jupyterlite'` here).

* **Where your files are kept**: in this browser on this computer, in its storage for this
  site. Saving (Ctrl + S) keeps your changes there, and they are still there the next time
  you open the site in this browser; another browser or computer does not see them, and
  clearing the browser's data for the site deletes them.
* **Handing in your answers and playtests**: your answers go to `my_answers.json` and each
  game an app plays to a file in `playtests/`, beside the notebooks. To keep a copy or hand
  them in, right-click the file in the file browser on the left and choose *Download*
  (*File → Download* does the same for the open notebook).
* **Offline**: once this notebook has opened, the browser keeps the whole site (every lesson,
  app and doc), so the course opens and runs with no internet and no server until the site
  is updated. A **private window cannot** keep it (Firefox's private windows have no storage
  for it, other browsers forget it when the window closes), nor can a site opened by a plain
  `http://` address of another computer (only `https://` addresses and `localhost` can):
  there, files the notebooks write (your answers, playtests) last only until the tab is
  closed, so download them before.
* **What runs slower**: Python runs on one core of this computer. Simulations take
  {slowdown} as long as on a server (1,000 games of Leg Day take up to about {legday_s}
  seconds), and each notebook starts its own Python (5-10 seconds, longer on the first
  visit).
"""

#: The measured figures the site's words give (tests/lite measures them: benchmarks/RESULTS.md).
SITE_FIGURES = {"slowdown": "one and a half to four times", "legday_s": 8}

#: Changes to the site's copies of the notebooks: (notebook or "*" for every lesson, a pattern,
#: its replacement). Each must match: a notebook whose words changed fails the build, so the
#: site never keeps a sentence about Binder by accident.
SITE_WORDS = [
    ("00_start_here.ipynb", r"Everything runs in your browser: on Binder there is nothing to install\.",
     "Everything runs in this browser tab, from this site: there is nothing to install, and no "
     "server runs Python."),
    ("00_start_here.ipynb", r"(?s)## Where this notebook runs\n.*?(?=\Z)", SITE_WHERE.format(**SITE_FIGURES).rstrip("\n")),
    ("00_start_here.ipynb", r"On Binder the app links show the app alone, without any code \(Voilà\)\.\n", ""),
    ("00_start_here.ipynb", r"\| App \| Here in JupyterLab \| As an app, no code \|\n\|---\|---\|---\|",
     "| App | Here in the site |\n|---|---|"),
    ("00_start_here.ipynb", r" \[launch on Binder\]\([^)]*\) \|", ""),
    ("*", r', or, on Binder or a computer with the `export` extra \(`pip install "gamedesign\[export\]"`\), '
          r'write it to a file: `save_chart\(chart, "slide\.png"\)` \(`from gamedesign\.charts\.lab import save_chart`\)\.',
     ". In this browser site the menu is the way: `save_chart`, which writes the file from Python, "
     "needs a computer with the course installed."),
]


def site_notebook(path: Path, lesson: bool) -> dict:
    """The site's copy of a notebook: its markdown in the site's own words (:data:`SITE_WORDS`)."""
    notebook = json.loads(path.read_text())
    for name, pattern, replacement in SITE_WORDS:
        if name != path.name and not (name == "*" and lesson and path.name != "00_start_here.ipynb"):
            continue
        found = 0
        for cell in notebook["cells"]:
            if cell["cell_type"] != "markdown":
                continue
            text = "".join(cell["source"])
            changed, count = re.subn(pattern, lambda _: replacement, text)
            if count:
                found += count
                cell["source"] = changed.splitlines(keepends=True)
        if not found:
            raise BuildError(f"{path.relative_to(ROOT)}: no text matches {pattern[:60]!r} (build_lite.SITE_WORDS): "
                             "update the site's words to the notebook's")
    return notebook


def server_words(notebook: dict) -> list[str]:
    """Lines of a notebook's markdown and outputs that speak of Binder."""
    found = []
    for index, cell in enumerate(notebook["cells"]):
        texts = ["".join(cell["source"])] if cell["cell_type"] == "markdown" else []
        for output in cell.get("outputs", []):
            texts.append(json.dumps(output))
        for text in texts:
            found += [f"cell {index}: {line.strip()[:120]}" for line in text.splitlines() if re.search(r"(?i)binder", line)]
    return found


def joined(notebook: dict) -> dict:
    """The notebook with every multi-line string as one string, as a Jupyter server sends it.

    nbformat files may keep text as a list of lines; JupyterLite hands the file to JupyterLab
    as it is, and JupyterLab's table of contents then fails on list-valued outputs
    (``Failed to update the table of contents. TypeError: this.buffer.charCodeAt is not a
    function``, then errors on every cell run)."""
    def join(value):
        return "".join(value) if isinstance(value, list) and all(isinstance(v, str) for v in value) else value

    for cell in notebook["cells"]:
        cell["source"] = join(cell["source"])
        for output in cell.get("outputs", []):
            if "text" in output:
                output["text"] = join(output["text"])
            for kind, value in output.get("data", {}).items():
                if not kind.endswith("json"):
                    output["data"][kind] = join(value)
    return notebook


def course_files(dest: Path) -> None:
    """What students see, laid out as in the repository (so the notebooks' links work):
    the student copies, the apps and docs/. Never notebooks/solutions/. The notebooks speak
    of the site, never of Binder (:data:`SITE_WORDS`)."""
    (dest / "notebooks" / "apps").mkdir(parents=True)
    sources = [(p, dest / "notebooks" / p.name, True) for p in sorted((ROOT / "notebooks").glob("*.ipynb"))]
    sources += [(p, dest / "notebooks" / "apps" / p.name, False) for p in sorted((ROOT / "notebooks" / "apps").glob("*.ipynb"))]
    for source, target, lesson in sources:
        notebook = site_notebook(source, lesson)
        left = server_words(notebook)
        if left:
            raise BuildError(f"the site's copy of {source.relative_to(ROOT)} speaks of Binder: {'; '.join(left[:3])} "
                             "(add its site words to build_lite.SITE_WORDS)")
        target.write_text(json.dumps(joined(notebook), indent=1, ensure_ascii=False) + "\n")
    shutil.copytree(ROOT / "docs", dest / "docs")


# ----------------------------------------------------------------------------------------
# The offline copy: a service worker that keeps the whole build
# ----------------------------------------------------------------------------------------

#: The script every page of the site loads first, and the start of the site's service worker.
OFFLINE = LITE / "offline"
KEEP_SCRIPT = "keep-service-worker.js"
#: JupyterLite's own service worker (the kernel's file access, /api/drive): kept as it is,
#: after the site's offline code in the same file (the one URL JupyterLite registers).
SERVICE_WORKER = "service-worker.js"
#: The line between the site's offline code and JupyterLite's worker in service-worker.js.
WORKER_SEAM = "// ---- JupyterLite's service worker, as its build wrote it ----\n"


def offline_files(site: Path) -> dict[str, str]:
    """Every file of the built site but the service worker, with the start of its sha256."""
    return {p.relative_to(site).as_posix(): sha256(p)[:16] for p in sorted(site.rglob("*"))
            if p.is_file() and p.relative_to(site).as_posix() != SERVICE_WORKER}


def make_offline(site: Path) -> str:
    """Make the built site keep itself for offline use; returns the build's version.

    Every app page loads :data:`KEEP_SCRIPT` first; the root gets the favicon browsers ask
    for; then ``service-worker.js`` becomes the site's offline code (the build's file list,
    named by a digest of it) followed by JupyterLite's own worker, unchanged."""
    config = json.loads((site / "jupyter-lite.json").read_text())["jupyter-config-data"]
    if str(config.get("enableServiceWorkerCache", "false")).lower() == "true":
        raise BuildError("jupyter-lite.json enables JupyterLite's own service-worker cache; the site keeps "
                         "itself for offline use (lite/offline/): leave enableServiceWorkerCache out")
    lite_worker = site / SERVICE_WORKER
    lite_code = lite_worker.read_text() if lite_worker.exists() else ""
    lite_code = lite_code.split(WORKER_SEAM, 1)[-1]  # a site made offline before: JupyterLite's part
    if "/api/drive" not in lite_code:
        raise BuildError("the site has no JupyterLite service worker with the kernel's file access (/api/drive)")
    keep = (OFFLINE / KEEP_SCRIPT).read_text().replace("__JUPYTERLITE_VERSION__", json.dumps(config["appVersion"]))
    (site / KEEP_SCRIPT).write_text(keep)
    if (site / "lab" / "favicon.ico").exists() and not (site / "favicon.ico").exists():
        shutil.copy2(site / "lab" / "favicon.ico", site / "favicon.ico")
    pages = [p for p in sorted(site.rglob("*.html")) if "config-utils.js" in p.read_text()]
    if not pages:
        raise BuildError("the site has no JupyterLite pages (no index.html loads config-utils.js)")
    for page in pages:
        src = os.path.relpath(site / KEEP_SCRIPT, page.parent).replace(os.sep, "/")
        html = page.read_text()
        if KEEP_SCRIPT not in html:
            html = html.replace("<head>", f'<head>\n    <script src="{src}"></script>', 1)
            page.write_text(html)
    files = offline_files(site)
    version = hashlib.sha256(json.dumps(files, sort_keys=True).encode()).hexdigest()[:16]
    code = (OFFLINE / SERVICE_WORKER.replace(".js", "-offline.js")).read_text()
    code = code.replace("__GAMEDESIGN_SITE__", json.dumps({"version": version, "files": files}, separators=(",", ":")))
    if not code.endswith(WORKER_SEAM):
        raise BuildError(f"lite/offline/service-worker-offline.js must end with the line {WORKER_SEAM.strip()!r}")
    lite_worker.write_text(code + lite_code)
    return version


def off_site_settings(site: Path) -> list[str]:
    """Settings in the site's ``jupyter-lite.json`` files that point off the site."""
    found = []

    def walk(value, where):
        if isinstance(value, dict):
            for key, item in value.items():
                walk(item, f"{where}.{key}")
        elif isinstance(value, list):
            for index, item in enumerate(value):
                walk(item, f"{where}[{index}]")
        elif isinstance(value, str) and re.match(r"^(https?:)?//", value):
            found.append(f"{where} = {value}")

    for config in sorted(site.rglob("jupyter-lite.json")):
        walk(json.loads(config.read_text()), str(config.relative_to(site)))
    return found


def folder_size(path: Path) -> tuple[int, int]:
    files = [p for p in path.rglob("*") if p.is_file()]
    return sum(p.stat().st_size for p in files), len(files)


def build(out: Path, pyodide: str, cache: Path, wheels: Path | None) -> Path:
    started = time.monotonic()
    if out.is_dir() and any(out.iterdir()) and not (out / "jupyter-lite.json").exists():
        raise BuildError(f"--out {out} holds files that are not a JupyterLite site; give a new or "
                         "empty folder (a site built before is replaced)")
    dist = pyodide_distribution(pyodide, cache)
    lock = read_lock(dist)
    with tempfile.TemporaryDirectory(prefix="gamedesign-lite-") as tmp:
        tmp = Path(tmp)
        lite_dir = tmp / "lite"
        shutil.copytree(LITE, lite_dir, ignore=shutil.ignore_patterns("requirements-*.txt", "bytecode-*.txt", "README*", "offline"))
        config = json.loads((lite_dir / "jupyter-lite.json").read_text())
        kernel = config["jupyter-config-data"]["litePluginSettings"]["@jupyterlite/pyodide-kernel-extension:kernel"]
        kernel["loadPyodideOptions"] = {"packages": PRELOAD + KERNEL_PRELOAD, "env": {"IPYTHONDIR": SITE_IPYTHONDIR}}
        (lite_dir / "jupyter-lite.json").write_text(json.dumps(config, indent=2) + "\n")
        added = [build_gamedesign_wheel(tmp / "wheel"), site_startup_wheel(tmp / "wheel"), *fetch_pinned(cache, wheels),
                 *kernel_wheels()]
        site, names = site_lock(lock, added, LAZY)
        say(f"Pyodide {PYODIDE_VERSION} with {len(names)} packages: {', '.join(names)}")
        # Where jupyterlite-pyodide-kernel looks for a Pyodide of the site's own.
        copy_pyodide(dist, site, added, lite_dir / "static" / "pyodide", cache)
        course_files(tmp / "files")
        if out.exists():
            shutil.rmtree(out)
        command = [sys.executable, "-m", "jupyterlite_core", "build", "--lite-dir", str(lite_dir),
                   "--contents", str(tmp / "files"), "--output-dir", str(out.resolve()),
                   "--no-sourcemaps", "--no-unused-shared-packages"]
        say("jupyter lite build")
        result = subprocess.run(command, cwd=lite_dir, capture_output=True, text=True)
        if result.returncode != 0:
            sys.stderr.write(result.stdout[-4000:] + result.stderr[-4000:])
            raise BuildError("jupyter lite build failed (its output is above)")
    if not (out / "extensions" / "@jupyter-widgets" / "jupyterlab-manager").is_dir():
        raise BuildError("the site has no widget extension: install jupyterlab_widgets (pip install -e \".[lite]\")")
    version = make_offline(out)
    say(f"the site keeps itself for offline use (build {version}, {len(offline_files(out))} files)")
    if not (out / "static" / "pyodide" / "pyodide.js").exists():
        raise BuildError("the site has no Pyodide of its own (static/pyodide/pyodide.js)")
    remote = off_site_settings(out)
    if remote:
        raise BuildError("the site's settings point off the site: " + "; ".join(remote))
    if any(out.rglob("solutions")):
        raise BuildError("the site holds teacher copies (notebooks/solutions): it must not")
    size, count = folder_size(out)
    say(f"site in {out}: {size / 1e6:.0f} MB in {count} files, built in {time.monotonic() - started:.0f} s")
    say(f"serve it: python -m http.server -d {out} 8000, then open "
        "http://127.0.0.1:8000/lab/index.html?path=notebooks/00_start_here.ipynb")
    return out


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(
        description="Build the course as a JupyterLite site (JupyterLab and Python in the browser, no server).",
        epilog="Serve the result with: python -m http.server -d OUT 8000",
    )
    parser.add_argument("--out", type=Path, default=ROOT / "build" / "lite", help="where the site goes (default: build/lite)")
    parser.add_argument("--pyodide", default=os.environ.get("GAMEDESIGN_PYODIDE", OFFICIAL_PYODIDE),
                        metavar="PATH_OR_URL",
                        help=f"a Pyodide {PYODIDE_VERSION} distribution: a folder with pyodide-lock.json, a release "
                             "archive, or its URL (default: the official release archive; env GAMEDESIGN_PYODIDE)")
    parser.add_argument("--wheels", type=Path, default=None, metavar="DIR",
                        help="a folder with the pure wheels of lite/requirements-pyodide.txt (default: the cache, "
                             "else downloaded with pip)")
    parser.add_argument("--cache", type=Path, default=Path(os.environ.get("GAMEDESIGN_LITE_CACHE",
                                                                        Path.home() / ".cache" / "gamedesign-lite")),
                        help="where downloads are kept (default: ~/.cache/gamedesign-lite)")
    args = parser.parse_args(argv)
    try:
        build(args.out, args.pyodide, args.cache, args.wheels)
    except BuildError as err:
        print(f"build_lite: {err}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
