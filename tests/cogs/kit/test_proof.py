"""Issue 43's proof: the sealed bids' Discord UI (tests/games/bids) is declarations and texts
alone, with no panel, table, event or command code: no function in its UI, none in its cog
but the extension's `setup` (tests/e2e/test_simultaneous.py plays it through the bot)."""

from __future__ import annotations

import ast
from pathlib import Path

BIDS = Path(__file__).parents[2] / "games" / "bids"


def functions(path: Path) -> list[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return [getattr(node, "name", "lambda") for node in ast.walk(tree)
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda)]


def test_the_bids_ui_is_declarations_and_texts_alone() -> None:
    assert functions(BIDS / "ui.py") == []
    assert functions(BIDS / "cog.py") == ["setup"]
