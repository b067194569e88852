# Run by IPython as the JupyterLite site's kernel starts (scripts/build_lite.py puts it in
# the gamedesign-site wheel, and the kernel's IPYTHONDIR points at it).
#
# The kernel starts with gamedesign and what its games and apps import; numpy, pandas, sympy,
# Altair and Optuna are in the site but not loaded. Pyodide loads a package before a cell runs
# only when the cell's own code imports it, never for imports inside gamedesign, so before
# each cell this names them for the kernel: in a cell that uses gamedesign, other than the
# cell of an app that needs none of them (Leg Day, GYM), until they are loaded. The cell that runs is the student's, unchanged
# (once they are loaded, nothing is added), and nothing is left in the student's namespace.
# (Comments, not a docstring: the script runs in the student's namespace.)


def _gamedesign_site_startup():
    import re

    lazy = __LAZY__
    # A cell that only starts a game app needs none of them.
    app_only = re.compile(r"\s*from gamedesign\.apps\.(__LIGHT_APPS__) import [\w, ]+\s*")

    def loaded() -> bool:
        import pyodide_js

        return all(getattr(pyodide_js.loadedPackages, name, None) is not None for name in lazy)

    def name_lazy_packages(lines):
        uses = [line for line in lines if "gamedesign" in line]
        if not uses or all(app_only.fullmatch(line) for line in uses) or loaded():
            return lines
        return [f"if False: import {', '.join(lazy)}  # loaded by the site for gamedesign\n", *lines]

    get_ipython().input_transformers_post.append(name_lazy_packages)  # noqa: F821


_gamedesign_site_startup()
del _gamedesign_site_startup
