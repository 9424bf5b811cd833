"""The engine's shape: a layered package with no import circle, importing nothing of the
players or the server, and no clock outside its benchmark; the search API agrees with apply."""

from __future__ import annotations

import ast
import random
from pathlib import Path

import pytest

from engine import (
    Deal,
    apply,
    deal_from_seed,
    legal_actions,
    new_game,
    start_round,
    state_after_deal,
    step,
    view_for,
)

ENGINE = Path(__file__).resolve().parents[2] / "engine"


def module_name(path: Path) -> str:
    parts = path.relative_to(ENGINE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def top_level_imports(path: Path) -> set[str]:
    """The modules `path` imports when it is imported (statements at module level)."""
    name = module_name(path)
    package = name.split(".") if path.name == "__init__.py" else name.split(".")[:-1]
    out = set()
    for node in ast.parse(path.read_text()).body:
        if isinstance(node, ast.Import):
            out.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = package[: len(package) - node.level + 1] if node.level else []
            target = ".".join(base + ([node.module] if node.module else []))
            out.add(target)
            out.update(f"{target}.{a.name}" for a in node.names)
    return out


def graph() -> dict[str, set[str]]:
    """Module -> the engine modules it imports, leaving out its own packages: a submodule's
    package is already being imported when the submodule runs (Python's normal order)."""
    files = {module_name(p): p for p in ENGINE.rglob("*.py")}
    return {
        name: {m for m in top_level_imports(p) if m in files and m != name and not name.startswith(m + ".")}
        for name, p in files.items()
    }


def test_no_import_circle():
    g = graph()

    def reaches(start, goal, seen):
        for m in g[start]:
            if m == goal or (m not in seen and (seen.add(m) or reaches(m, goal, seen))):
                return True
        return False

    circles = [(a, b) for a in g for b in g[a] if reaches(b, a, set())]
    assert not circles


def test_no_engine_import_inside_a_function():
    """Importing inside a function is how a circle gets hidden: every engine import is at the top."""
    found = []
    for path in ENGINE.rglob("*.py"):
        for func in ast.walk(ast.parse(path.read_text())):
            if not isinstance(func, ast.FunctionDef | ast.AsyncFunctionDef):
                continue
            for node in ast.walk(func):
                if isinstance(node, ast.ImportFrom) and (
                    node.level or (node.module or "").startswith("engine")
                ):
                    found.append(f"{path.name}:{node.lineno}")
                elif isinstance(node, ast.Import) and any(a.name.startswith("engine") for a in node.names):
                    found.append(f"{path.name}:{node.lineno}")
    assert not found


def test_engine_imports_no_player_server_or_clock():
    for path in ENGINE.rglob("*.py"):
        names = set()
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Import):
                names.update(a.name for a in node.names)
            elif isinstance(node, ast.ImportFrom) and not node.level and node.module:
                names.add(node.module)
        roots = {n.split(".")[0] for n in names}
        assert not roots & {"players", "tabletop"}, path
        if path.name != "bench.py":  # the benchmark measures; the rules read no clock
            assert not roots & {"time", "datetime"}, path


TABLES = [
    ("draw", {"players": 3}),
    ("gaple", {"deal": "4x6"}),
    ("six-love", {}),
    ("mexican-train", {"players": 3}),
]


@pytest.mark.parametrize("name,options", TABLES)
def test_step_is_apply_for_legal_actions(name, options):
    rng = random.Random(4)
    for seed in range(5):
        state = start_round(new_game(name, options), seed=seed)
        while state.phase == "play":
            action = rng.choice(legal_actions(state))
            checked, unchecked = apply(state, action), step(state, action)
            assert view_for(checked, None) == view_for(unchecked, None)
            assert checked.hands == unchecked.hands
            state = checked


@pytest.mark.parametrize("name,options", TABLES)
def test_state_after_deal_is_the_dealt_round(name, options):
    for seed in range(5):
        deal = deal_from_seed(name, options, seed)
        if deal.start is not None:
            deal = deal.with_opener(seed % new_game(name, options).players)
        dealt = start_round(new_game(name, options), deal)
        rebuilt = state_after_deal(name, options, Deal(deal.hands, deal.stock, deal.start, deal.opener))
        for seat in range(dealt.players):
            assert view_for(rebuilt, seat) == view_for(dealt, seat)
