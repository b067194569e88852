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
