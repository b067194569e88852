"""scripts/build_lite.py without building a site: what goes in, what is refused and why.

The whole build, and the site in a browser, is tests/lite (marker ``lite``)."""

from __future__ import annotations

import hashlib
import json
import sys
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "scripts"))
import build_lite  # noqa: E402


def entry(name, version, depends=(), file_name=None):
    return {"name": name, "version": version, "file_name": file_name or f"{name}-{version}-py3-none-any.whl",
            "install_dir": "site", "sha256": "0" * 64, "package_type": "package", "imports": [name],
            "depends": list(depends), "unvendored_tests": False}


def distribution(numpy="2.0.2", **extra):
    """A lock file like Pyodide 0.27.7's, with the packages the kernel loads."""
    packages = {name: entry(name, "1.0") for name in build_lite.KERNEL_PACKAGES}
    packages["ipython"] = entry("ipython", "8.23.0", ["traitlets"])
    packages["traitlets"] = entry("traitlets", "5.14.3")
    packages["numpy"] = entry("numpy", numpy)
    packages["scipy"] = entry("scipy", "1.14.1", ["numpy"])
    packages.update(extra)
    return {"info": {"version": build_lite.PYODIDE_VERSION}, "packages": packages}


def wheel(folder: Path, name: str, requires: list[str]) -> Path:
    path = folder / f"{name}-0.1.0-py3-none-any.whl"
    with zipfile.ZipFile(path, "w") as archive:
        archive.writestr(f"{name}/__init__.py", "")
        meta = "Metadata-Version: 2.1\nName: {}\nVersion: 0.1.0\n".format(name)
        meta += "".join(f"Requires-Dist: {r}\n" for r in requires)
        archive.writestr(f"{name}-0.1.0.dist-info/METADATA", meta)
    return path


def test_the_site_lock_holds_gamedesign_and_only_what_it_and_the_kernel_need(tmp_path):
    course = wheel(tmp_path, "gamedesign", ["numpy>=2.0", 'dask; extra == "cluster"', 'pywin32; sys_platform == "win32"'])
    lock, names = build_lite.site_lock(distribution(), [course])
    assert "gamedesign" in names and "numpy" in names and "ipython" in names and "traitlets" in names
    assert "scipy" not in names  # in the distribution, needed by nothing here
    mine = lock["packages"]["gamedesign"]
    assert mine["depends"] == ["numpy"]  # extras and other platforms' requirements left out
    assert mine["imports"] == ["gamedesign"] and mine["sha256"] == hashlib.sha256(course.read_bytes()).hexdigest()


def test_a_package_too_old_for_gamedesign_is_refused_with_both_versions(tmp_path):
    course = wheel(tmp_path, "gamedesign", ["numpy>=2.0"])
    with pytest.raises(build_lite.BuildError, match=r"gamedesign needs numpy>=2.0, the site has numpy 1.26.4"):
        build_lite.site_lock(distribution(numpy="1.26.4"), [course])


def test_a_package_missing_from_the_distribution_is_named_with_who_needs_it(tmp_path):
    course = wheel(tmp_path, "gamedesign", ["numpy>=2.0", "sympy>=1.13"])
    with pytest.raises(build_lite.BuildError, match=r"no package 'sympy' \(needed by gamedesign\)"):
        build_lite.site_lock(distribution(), [course])


def test_the_gamedesign_requirements_are_met_by_the_pyodide_the_site_ships():
    """pyproject's lower bounds against Pyodide 0.27.7's versions (and the pinned wheels)."""
    from packaging.requirements import Requirement

    pyodide = {"numpy": "2.0.2", "pandas": "2.2.3", "sympy": "1.13.3", "tqdm": "4.66.2"}
    pyodide.update({name: version for name, version, _ in build_lite.pinned_wheels()})
    text = (ROOT / "pyproject.toml").read_text()
    core = text.split("dependencies = [", 1)[1].split("]", 1)[0]
    for line in core.splitlines():
        line = line.strip().rstrip(",").strip('"')
        if not line or line.startswith("#"):
            continue
        requirement = Requirement(line)
        have = pyodide[build_lite.canonical(requirement.name)]
        assert requirement.specifier.contains(have), f"{requirement} is not met by {have} in the site"


def test_settings_that_point_off_the_site_are_found(tmp_path):
    (tmp_path / "lab").mkdir()
    (tmp_path / "jupyter-lite.json").write_text(json.dumps({"jupyter-config-data": {"litePluginSettings": {
        "kernel": {"pyodideUrl": "./static/pyodide/pyodide.js", "pipliteUrls": ["./pypi/all.json"]}}}}))
    assert build_lite.off_site_settings(tmp_path) == []
    (tmp_path / "lab" / "jupyter-lite.json").write_text(json.dumps({"jupyter-config-data": {
        "litePluginSettings": {"kernel": {"pyodideUrl": "https://cdn.jsdelivr.net/pyodide/v0.27.7/full/pyodide.js"}},
        "fullMathjaxUrl": "//cdnjs.example/mathjax.js"}}))
    found = build_lite.off_site_settings(tmp_path)
    assert len(found) == 2 and any("cdn.jsdelivr.net" in f for f in found)


def test_the_course_files_are_the_student_copies_apps_and_docs_never_the_solutions(tmp_path):
    build_lite.course_files(tmp_path / "files")
    copied = {p.relative_to(tmp_path / "files").as_posix() for p in (tmp_path / "files").rglob("*") if p.is_file()}
    assert "notebooks/00_start_here.ipynb" in copied and "notebooks/apps/legday.ipynb" in copied
    assert "docs/teaching.md" in copied
    assert not any("solutions" in p for p in copied)
    assert {p for p in copied if p.startswith("notebooks/") and p.count("/") == 1} == {
        f"notebooks/{p.name}" for p in (ROOT / "notebooks").glob("*.ipynb")}


def test_a_pyodide_of_another_version_is_refused(tmp_path):
    (tmp_path / "pyodide-lock.json").write_text(json.dumps({"info": {"version": "0.28.0"}, "packages": {}}))
    with pytest.raises(build_lite.BuildError, match=r"version 0.28.0; the site is built and tested with Pyodide 0.27.7"):
        build_lite.read_lock(build_lite.pyodide_distribution(str(tmp_path), tmp_path / "cache"))
    with pytest.raises(build_lite.BuildError, match="no such file or folder"):
        build_lite.pyodide_distribution(str(tmp_path / "missing.tar.bz2"), tmp_path / "cache")


def test_the_command_explains_itself():
    import subprocess

    done = subprocess.run([sys.executable, str(ROOT / "scripts" / "build_lite.py"), "--help"],
                          capture_output=True, text=True, check=True)
    for option in ("--out", "--pyodide", "--wheels", "--cache"):
        assert option in done.stdout


def test_a_folder_that_is_not_a_site_is_never_replaced(tmp_path):
    (tmp_path / "notes.txt").write_text("mine")
    with pytest.raises(build_lite.BuildError, match="not a JupyterLite site; give a new or empty folder"):
        build_lite.build(tmp_path, str(tmp_path / "no-pyodide"), tmp_path / "cache", None)
    assert (tmp_path / "notes.txt").read_text() == "mine"


def site_notebooks(tmp_path):
    build_lite.course_files(tmp_path / "files")
    return {p.relative_to(tmp_path / "files").as_posix(): json.loads(p.read_text())
            for p in sorted((tmp_path / "files" / "notebooks").rglob("*.ipynb"))}


def test_the_site_notebooks_speak_of_the_site_never_of_binder(tmp_path):
    notebooks = site_notebooks(tmp_path)
    assert len(notebooks) == len(list((ROOT / "notebooks").glob("*.ipynb"))) + len(list((ROOT / "notebooks" / "apps").glob("*.ipynb")))
    for name, notebook in notebooks.items():
        text = json.dumps(notebook)
        assert "mybinder" not in text.lower() and "binder" not in text.lower(), f"{name} speaks of Binder"
    start = "".join(c["source"] for c in notebooks["notebooks/00_start_here.ipynb"]["cells"] if c["cell_type"] == "markdown")
    # Where files are kept, how to hand in answers and playtests, offline and its limits, what is slower.
    for words in ("in this browser on this computer", "my_answers.json", "playtests/", "*Download*",
                  "private window cannot", "one core"):
        assert words in start, f"the site's start notebook does not say {words!r}"
    # The app table keeps its links into the site.
    assert "[open](apps/legday.ipynb)" in start
    # The repository's own copies still speak of Binder: only the site's copies change.
    assert "mybinder.org" in (ROOT / "notebooks" / "00_start_here.ipynb").read_text()


def test_the_site_notebooks_hold_each_text_as_one_string(tmp_path):
    for name, notebook in site_notebooks(tmp_path).items():
        for cell in notebook["cells"]:
            assert isinstance(cell["source"], str), name
            for output in cell.get("outputs", []):
                values = [output.get("text", "")] + [v for k, v in output.get("data", {}).items() if not k.endswith("json")]
                assert all(isinstance(v, str) for v in values), f"{name}: an output's text is a list of lines"


def test_a_notebook_whose_words_changed_fails_the_build_by_name(tmp_path, monkeypatch):
    monkeypatch.setattr(build_lite, "SITE_WORDS", [("00_start_here.ipynb", r"words no notebook has", "")])
    with pytest.raises(build_lite.BuildError, match=r"00_start_here.ipynb: no text matches 'words no notebook has'"):
        build_lite.course_files(tmp_path / "files")


def test_a_site_notebook_left_speaking_of_binder_fails_the_build(tmp_path, monkeypatch):
    words = [w for w in build_lite.SITE_WORDS if "launch on Binder" not in w[1]]
    monkeypatch.setattr(build_lite, "SITE_WORDS", words)
    with pytest.raises(build_lite.BuildError, match=r"00_start_here.ipynb speaks of Binder: cell \d+: .*launch on Binder"):
        build_lite.course_files(tmp_path / "files")


LITE_WORKER = ('"use strict";const broadcast=new BroadcastChannel("/api/drive.v1");'
               'self.addEventListener("fetch",onFetch);\n')


def fake_site(folder: Path) -> Path:
    """The parts of a built JupyterLite site that the offline copy touches."""
    for page in ("lab", "notebooks", "tree"):
        (folder / page).mkdir(parents=True)
        (folder / page / "index.html").write_text("<html>\n  <head>\n    <script>import('../config-utils.js')</script>\n")
    (folder / "lab" / "favicon.ico").write_bytes(b"icon")
    (folder / "files" / "docs").mkdir(parents=True)
    (folder / "files" / "docs" / "teaching.md").write_text("# Teaching\n")
    (folder / "jupyter-lite.json").write_text(json.dumps({"jupyter-config-data": {"appVersion": "0.5.1"}}))
    (folder / "service-worker.js").write_text(LITE_WORKER)
    return folder


def worker_site(folder: Path) -> dict:
    code = (folder / "service-worker.js").read_text()
    return json.loads(code.split("const GD_SITE = ", 1)[1].split(";\n", 1)[0])


def test_the_site_keeps_every_file_of_its_build_and_jupyterlite_worker_stays_whole(tmp_path):
    site = fake_site(tmp_path / "site")
    version = build_lite.make_offline(site)
    code = (site / "service-worker.js").read_text()
    # JupyterLite's worker (the kernel's file access) follows the offline code, byte for byte.
    assert code.endswith(build_lite.WORKER_SEAM + LITE_WORKER)
    kept = worker_site(site)
    files = {p.relative_to(site).as_posix() for p in site.rglob("*") if p.is_file()}
    assert kept["version"] == version and set(kept["files"]) == files - {"service-worker.js"}
    assert {"favicon.ico", "keep-service-worker.js", "lab/index.html", "files/docs/teaching.md"} <= set(kept["files"])
    assert kept["files"]["files/docs/teaching.md"] == hashlib.sha256(b"# Teaching\n").hexdigest()[:16]
    # Every page marks the worker as current before JupyterLite starts.
    for page in ("lab", "notebooks", "tree"):
        html = (site / page / "index.html").read_text()
        assert html.index('<script src="../keep-service-worker.js"></script>') < html.index("config-utils.js")
    assert '"0.5.1"' in (site / "keep-service-worker.js").read_text()


def test_a_new_build_has_a_new_version_and_the_same_build_the_same(tmp_path):
    site = fake_site(tmp_path / "site")
    first = build_lite.make_offline(site)
    assert build_lite.make_offline(site) == first  # made offline again: the same, JupyterLite's part once
    assert (site / "service-worker.js").read_text().count(LITE_WORKER) == 1
    (site / "files" / "docs" / "teaching.md").write_text("# Teaching, revised\n")
    second = build_lite.make_offline(site)
    assert second != first and worker_site(site)["version"] == second


def test_jupyterlite_own_cache_is_refused(tmp_path):
    site = fake_site(tmp_path / "site")
    (site / "jupyter-lite.json").write_text(json.dumps({"jupyter-config-data": {
        "appVersion": "0.5.1", "enableServiceWorkerCache": True}}))
    with pytest.raises(build_lite.BuildError, match="leave enableServiceWorkerCache out"):
        build_lite.make_offline(site)
    (site / "jupyter-lite.json").write_text(json.dumps({"jupyter-config-data": {"appVersion": "0.5.1"}}))
    (site / "service-worker.js").write_text("self.addEventListener('fetch', () => {});\n")
    with pytest.raises(build_lite.BuildError, match=r"no JupyterLite service worker with the kernel's file access"):
        build_lite.make_offline(site)


def test_the_apps_that_start_without_the_lazy_packages_import_none_of_them():
    """The site's kernel starts these apps without numpy, pandas, sympy, Altair or Optuna
    (lite/offline/startup.py); importing one of them there would fail."""
    import subprocess

    for app in build_lite.LIGHT_APPS:
        code = (f"import sys, gamedesign.apps.{app}\n"
                f"print(sorted(m for m in {build_lite.LAZY!r} if m in sys.modules))")
        done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
        assert done.stdout.strip() == "[]", f"gamedesign.apps.{app} imports {done.stdout.strip()}"


def test_the_site_kernel_startup_names_the_lazy_packages_only_where_needed(tmp_path):
    import re

    path = build_lite.site_startup_wheel(tmp_path)
    with zipfile.ZipFile(path) as archive:
        script = archive.read("gamedesign_site/ipython/profile_default/startup/00-gamedesign-site.py").decode()
    added = []

    class Shell:
        input_transformers_post = added

    namespace = {"get_ipython": lambda: Shell}
    exec(compile(script, "startup", "exec"), namespace)
    assert set(namespace) == {"get_ipython", "__builtins__"}  # nothing left for the student
    name = added[0]
    import types
    sys.modules["pyodide_js"] = types.SimpleNamespace(loadedPackages=types.SimpleNamespace())
    try:
        app = ["from gamedesign.apps.legday import play_legday\n", "from gamedesign.apps.hotseat import at_the_table\n",
               "\n", "at_the_table(play_legday, players=4, seed=2026)"]
        assert name(app) == app
        lesson = ["import gamedesign\n", "from gamedesign.charts import use_offline_renderer\n"]
        named = name(lesson)
        assert named[1:] == lesson and re.fullmatch(r"if False: import numpy, pandas, sympy, altair, optuna  #.*\n", named[0])
        assert name(["1 + 1"]) == ["1 + 1"]
        sys.modules["pyodide_js"].loadedPackages = types.SimpleNamespace(**{n: object() for n in build_lite.LAZY})
        assert name(lesson) == lesson  # once loaded, the cell runs as written
    finally:
        del sys.modules["pyodide_js"]


def test_only_the_lazily_loaded_packages_ship_bytecode_without_their_source():
    """The wheels that ship their compiled modules as bytecode alone are those the kernel does not
    load as it starts (build_lite.copy_pyodide): numpy but not IPython, whose lines a traceback shows."""
    lock = {"packages": {name: {"depends": depends} for name, depends in {
        "ipython": ["traitlets"], "traitlets": [], "micropip": ["packaging"], "packaging": [], "ssl": ["openssl"],
        "openssl": [], "sqlite3": [], "gamedesign": ["ipywidgets"], "gamedesign-site": [], "ipywidgets": ["comm"],
        "comm": [], "pandas": ["numpy", "python-dateutil"], "numpy": [], "python-dateutil": ["six"], "six": []}.items()}}
    eager = build_lite.closure(lock, build_lite.KERNEL_PACKAGES + build_lite.PRELOAD + build_lite.KERNEL_PRELOAD)
    assert {"ipython", "traitlets", "gamedesign", "comm", "openssl"} <= eager
    assert not eager & {"pandas", "numpy", "python-dateutil", "six"}
    modules = build_lite.BYTECODE_MODULES.read_text().splitlines()
    assert {"IPython", "traitlets", "gamedesign.*", "sympy", "pandas"} <= set(modules)
