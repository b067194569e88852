"""The package's layers: generic code names no built-in game, the imports run one way with
no circle, and a game added to the one list of built-in games reaches every tool.

The layers, lowest first (``docs/architecture.md``): the protocol (core, checks, decks,
saves, registry), play (bots, search, simulate, ladder), the lab, the front ends (apps,
charts, terminal, cli, printables) and teaching. Each game's knowledge lives in its own
package under ``gamedesign/games/`` and reaches the tools through the hooks of its class.
"""

from __future__ import annotations

import ast
import re
import shutil
import sys
from pathlib import Path

import pytest

import gamedesign
from gamedesign import registry

PACKAGE = Path(gamedesign.__file__).resolve().parent

#: Front-end modules named after one game: they draw that game, so they may name it.
ONE_GAME_FRONT_ENDS = {
    "apps/gym.py", "apps/gym_cards.py", "apps/diet.py", "apps/diet_cards.py", "apps/legday.py", "apps/legday_cards.py",
    "charts/gym.py", "charts/diet.py",
}



def _modules():
    for path in sorted(PACKAGE.rglob("*.py")):
        yield path.relative_to(PACKAGE).as_posix(), path


def _generic_modules():
    for rel, path in _modules():
        if rel.startswith("games/") or rel in ONE_GAME_FRONT_ENDS:
            continue
        yield rel, path


def _docstrings(tree) -> set:
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)) and node.body:
            first = node.body[0]
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant) and isinstance(first.value.value, str):
                found.add(id(first.value))
    return found


def _the_one_list(tree) -> set:
    """The nodes of ``registry._PACKAGES = {...}``, where the built-in games are listed."""
    inside = set()
    for node in ast.walk(tree):
        targets = node.targets if isinstance(node, ast.Assign) else [node.target] if isinstance(node, ast.AnnAssign) else []
        if any(isinstance(t, ast.Name) and t.id == "_PACKAGES" for t in targets):
            inside |= {id(n) for n in ast.walk(node)}
    return inside


def names_of_games_in(source: str, games, one_list_allowed: bool = False) -> list:
    """Where ``source`` names one of ``games`` in code: an identifier with the name as one of
    its words (``_legday_cards``, ``DIET_SENTENCES``), a text with the name as a word
    (``"legday"``, ``"games.gym.rules"``), an imported module path. Docstrings and comments
    do not count; nor, in the registry, the one list of built-in games."""
    tree = ast.parse(source)
    skip = _docstrings(tree) | (_the_one_list(tree) if one_list_allowed else set())
    names = {g.lower() for g in games}
    found = []

    def words(text: str, split_case: bool) -> set:
        parts = re.split(r"[^A-Za-z0-9]+", text)
        return {p.lower() for p in parts if p} if split_case else {p for p in parts if p}

    for node in ast.walk(tree):
        if id(node) in skip:
            continue
        texts = []
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            hit = words(node.value, split_case=False) & names  # a name as written: "gym", not "GYM" in a sentence
            if hit:
                found.append((node.lineno, node.value[:60]))
            continue
        if isinstance(node, ast.Name):
            texts = [node.id]
        elif isinstance(node, ast.Attribute):
            texts = [node.attr]
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            texts = [node.name]
        elif isinstance(node, ast.arg):
            texts = [node.arg]
        elif isinstance(node, ast.keyword) and node.arg:
            texts = [node.arg]
        elif isinstance(node, ast.alias):
            texts = [node.name, node.asname or ""]
        elif isinstance(node, ast.ImportFrom):
            texts = [node.module or ""]
        for text in texts:
            if words(text, split_case=True) & names:
                found.append((getattr(node, "lineno", 0), text))
    return found


def test_the_name_check_finds_a_game_named_in_code_and_passes_docstrings_and_comments():
    games = ("legday", "gym", "diet")
    assert names_of_games_in('x = {"legday": 1}\n', games)
    assert names_of_games_in("from .games.diet import rules\n", games)
    assert names_of_games_in("def _gym_view(state):\n    pass\n", games)
    assert names_of_games_in("DIET_SENTENCES = ()\n", games)
    assert names_of_games_in("if game.name == 'gym':\n    pass\n", games)
    assert not names_of_games_in('"""How the Leg Day profile reads legday."""\n# legday here\nx = 1\n', games)
    assert not names_of_games_in('label = "Points (GYM)"\n', games)  # a sentence for people, not a switch
    assert not names_of_games_in('_PACKAGES = {"gym": "gamedesign.games.gym"}\n', games, one_list_allowed=True)


def test_generic_modules_name_no_built_in_game():
    games = tuple(registry.BUILT_IN)
    named = {}
    for rel, path in _generic_modules():
        found = names_of_games_in(path.read_text(encoding="utf-8"), games, one_list_allowed=rel == "registry.py")
        if found:
            named[rel] = found[:5]
    assert not named, f"generic modules that name a built-in game (give the game a hook instead): {named}"


def test_the_built_in_games_are_listed_in_one_place():
    listed = [rel for rel, path in _generic_modules() if "_PACKAGES = {" in path.read_text(encoding="utf-8")]
    assert listed == ["registry.py"]
    assert tuple(registry.BUILT_IN) == tuple(registry._PACKAGES)


# ----------------------------------------------------------------------------------------
# The import graph
# ----------------------------------------------------------------------------------------


def _module_name(rel: str) -> str:
    parts = ["gamedesign", *rel.removesuffix(".py").split("/")]
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def import_graph(module_level_only: bool = True) -> dict:
    """Module -> the package's modules it imports (at module level: what runs on import),
    read with ``ast``; importing ``a.b.c`` imports the package ``a.b`` too."""
    modules = {_module_name(rel): path for rel, path in _modules()}
    graph = {name: set() for name in modules}
    for name, path in modules.items():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        is_package = path.name == "__init__.py"

        def resolve(node) -> list:
            if isinstance(node, ast.Import):
                wanted = [alias.name for alias in node.names]
            else:
                base = name.split(".") if is_package else name.split(".")[:-1]
                if node.level:
                    base = base[: len(base) - (node.level - 1)]
                    origin = ".".join(base + ([node.module] if node.module else []))
                else:
                    origin = node.module or ""
                wanted = [f"{origin}.{a.name}" if f"{origin}.{a.name}" in modules else origin for a in node.names]
            out = []
            for target in wanted:
                while target and target not in modules:
                    target = target.rpartition(".")[0]
                if target and target != name:
                    out.append(target)
                    parts = target.split(".")
                    out += [".".join(parts[:i]) for i in range(2, len(parts))
                            if not name.startswith(".".join(parts[:i]) + ".") and ".".join(parts[:i]) != name]
            return out

        def visit(node, in_function: bool) -> None:
            for child in ast.iter_child_nodes(node):
                if isinstance(child, (ast.Import, ast.ImportFrom)):
                    if not (in_function and module_level_only):
                        graph[name].update(resolve(child))
                elif isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef)):
                    visit(child, True)
                elif isinstance(child, ast.If) and "TYPE_CHECKING" in ast.unparse(child.test):
                    continue  # for type checkers only: never run
                else:
                    visit(child, in_function)

        visit(tree, False)
    return graph


def circles(graph: dict) -> list:
    """The strongly connected groups of more than one module (Tarjan's algorithm)."""
    index, low, stack, on_stack, found = {}, {}, [], set(), []
    counter = [0]
    sys.setrecursionlimit(max(sys.getrecursionlimit(), 10_000))

    def connect(v):
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on_stack.add(v)
        for w in graph.get(v, ()):
            if w not in index:
                connect(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                group.append(w)
                if w == v:
                    break
            if len(group) > 1:
                found.append(sorted(group))

    for v in graph:
        if v not in index:
            connect(v)
    return found


def test_the_circle_finder_finds_a_circle():
    assert circles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    assert circles({"a": {"b"}, "b": set()}) == []


def test_module_level_imports_have_no_circle():
    assert circles(import_graph()) == []


#: Third-party packages heavy enough to import only when a function needs them: an import
#: inside a function may reach a module of ours that imports one of these at module level
#: (``games/*/lab.py`` and ``batch.py`` with numpy and pandas, ``lab/people.py``, the
#: widgets of ``apps/``), so that ``import gamedesign`` and a game's rules stay light.
HEAVY_DEPENDENCIES = ("numpy", "pandas", "altair", "ipywidgets", "sympy", "vl_convert", "optuna")


def heavy_modules() -> set:
    """Our modules that import a :data:`HEAVY_DEPENDENCIES` package at module level."""
    heavy = set()
    for rel, path in _modules():
        for node in ast.parse(path.read_text(encoding="utf-8")).body:
            if isinstance(node, ast.Import):
                tops = [alias.name.partition(".")[0] for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and not node.level:
                tops = [(node.module or "").partition(".")[0]]
            else:
                continue
            if set(tops) & set(HEAVY_DEPENDENCIES):
                heavy.add(_module_name(rel))
    return heavy


def test_imports_inside_functions_close_no_circle_but_for_heavy_dependencies():
    """An import inside a function is for a heavy optional dependency, never a way round a
    circle: with every import counted, except those inside a function that reach a module
    importing numpy, pandas, Altair, ipywidgets, ... (:data:`HEAVY_DEPENDENCIES`), the
    package's modules form no circle."""
    every, top, heavy = import_graph(module_level_only=False), import_graph(), heavy_modules()
    kept = {m: {t for t in targets if t in top[m] or t not in heavy} for m, targets in every.items()}
    assert circles(kept) == []


def _imports_of(module: str) -> set:
    return import_graph()[module]


def test_the_protocol_stands_below_play_the_lab_and_the_front_ends():
    graph = import_graph(module_level_only=False)  # not even inside a function
    above = ("gamedesign.bots", "gamedesign.search", "gamedesign.simulate", "gamedesign.registry", "gamedesign.lab",
             "gamedesign.apps", "gamedesign.charts", "gamedesign.terminal", "gamedesign.cli", "gamedesign.printables")
    assert not {m for m in graph["gamedesign.core"] if m.startswith(above)}
    assert not {m for m in graph["gamedesign.checks"] if m.startswith(("gamedesign.lab", "gamedesign.apps",
                                                                       "gamedesign.charts"))}


def test_no_game_package_imports_a_front_end():
    graph = import_graph(module_level_only=False)
    front = ("gamedesign.apps", "gamedesign.charts", "gamedesign.terminal", "gamedesign.cli", "gamedesign.printables")
    wrong = {m: sorted(t for t in targets if t.startswith(front))
             for m, targets in graph.items() if m.startswith("gamedesign.games")}
    assert not {m: t for m, t in wrong.items() if t}


# ----------------------------------------------------------------------------------------
# Adding a game: one line in the list, and every tool knows it
# ----------------------------------------------------------------------------------------


@pytest.fixture
def relay(tmp_path, monkeypatch):
    """A copy of the template game (Sprint Finish) named "relay", made a built-in game by
    one line in the list of built-in games."""
    copy = tmp_path / "relay_game"
    shutil.copytree(PACKAGE / "games" / "template", copy, ignore=shutil.ignore_patterns("__pycache__"))
    source = (copy / "__init__.py").read_text(encoding="utf-8")
    assert 'name, title = "sprint", ' in source
    (copy / "__init__.py").write_text(source.replace('name, title = "sprint", ', 'name, title = "relay", '), encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.setitem(registry._PACKAGES, "relay", "relay_game")  # the one line
    yield gamedesign.load("relay")
    sys.modules.pop("relay_game", None)


def test_a_game_added_to_the_list_reaches_every_tool(relay, capsys):
    from gamedesign import apps, cli, ladder, printables
    from gamedesign.apps.lab import LabApp
    from gamedesign.apps.odds import OddsExplorer
    from gamedesign.lab import balance, labels, record

    assert "relay" in registry.BUILT_IN and "relay" in gamedesign.GAMES
    assert registry.game_module("relay").GAME_CLASS is type(relay)
    # the lab: its profile, its records, its labels, its balance space
    assert record.profile_of(relay) is not None
    records = record.record_games(relay, "random", games=5, seed=1)
    assert len(records) == 5 and all(r.game_name == "relay" for r in records)
    assert labels.measure("length", "relay").label == labels.measure("length", relay).label
    assert labels.option("relay", "target")[0]
    assert balance.default_space("relay")
    assert "relay" in list(record.PROFILES) and record.PROFILES["relay"] == relay.lab_profile()
    # the apps, the what-if lab, the command line, the printables, the ladder
    assert apps.play("relay") is not None
    assert LabApp("relay").widget is not None
    assert "declares no odds questions" in OddsExplorer(game=relay).note.value  # the sliders still work
    assert cli.main(["simulate", "relay", "--games", "4", "--seed", "1"]) == 0
    assert capsys.readouterr().out.strip()  # the simulated table, printed
    assert "<html" in printables.pack_html(relay)
    rung = ladder.fair_share(relay)
    assert 0 < rung <= 1
