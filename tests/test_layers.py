"""The layers of ARCHITECTURE.md, checked on every module's imports (the syntax tree, so imports
inside functions and under TYPE_CHECKING count too; modules named by string for importlib, as
the registry names them, do not).

    rules   nothing of ours; a game's package not another game's
    ai      rules; ai/<game>/ its own game's rules, the generic ai/ only the interface and
            the registry
    bot     rules' interface and registry, ai's generic player and worker: no game, no UI
    cogs    bot, rules' interface and registry, ai's generic player and worker (hints and
            computer moves); cogs/<game>/ also its own game's rules, never another game's
    all four: never the emulator, the demo, the benchmarks or the tests
    bench, demo   anything but the tests
    fakediscord   nothing of ours but the bot it runs (bot_runner.py: bot.launcher)
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

import pytest

from rules import registry

ROOT = Path(__file__).resolve().parents[1]
OURS = {"rules", "ai", "bot", "cogs", "bench", "demo", "fakediscord", "tests"}
# Game packages: those the registry names (a shared part of rules/ is no game of its own).
GAMES = {registry.entry(g).rules.split(".")[1] for g in registry.games()}
INTERFACE = ("rules.game", "rules.registry")
GENERIC_AI = ("ai.player", "ai.worker")


def module_name(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imported(path: Path) -> Iterator[tuple[int, str]]:
    """(line, dotted name) for each name of ours the module imports: `from a.b import c` gives
    "a.b.c" (c may be a module or a name in one), a relative import is made absolute."""
    here = module_name(path)
    package = here if path.name == "__init__.py" else here.rpartition(".")[0]
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parent = package.split(".")[:len(package.split(".")) - node.level + 1]
                base = ".".join(parent + ([node.module] if node.module else []))
            names = [f"{base}.{alias.name}" for alias in node.names]
        else:
            continue
        for name in names:
            if name.split(".")[0] in OURS:
                yield node.lineno, name


def under(name: str, *prefixes: str) -> bool:
    return any(name == p or name.startswith(p + ".") for p in prefixes)


def game_of(module: str) -> str | None:
    """The game whose package `module` is in (rules.<game>, ai.<game>, cogs.<game>)."""
    parts = module.split(".")
    return parts[1] if len(parts) > 1 and parts[1] in GAMES else None


def refusal(module: str, name: str) -> str | None:
    """Why `module` may not import `name`; None if it may."""
    layer, target = module.split(".")[0], name.split(".")[0]
    if layer == target:
        if layer in ("rules", "ai", "cogs") and game_of(name) not in (None, game_of(module)):
            return "another game's package"
        return None
    game = game_of(module)
    own_rules = (f"rules.{game}",) if game else ()
    if layer in ("rules", "ai", "bot", "cogs") and target in (
            "fakediscord", "demo", "bench", "tests"):
        return "production code imports no emulator, demo, benchmark or test"
    if layer == "rules":
        return "rules imports nothing of ours"
    if layer == "ai":
        return None if under(name, *INTERFACE, *own_rules) else "ai: its own game's rules only"
    if layer == "bot":
        return None if under(name, *INTERFACE, *GENERIC_AI) else \
            "bot names no game and no UI: rules' interface and registry, ai's generic modules"
    if layer == "cogs":
        return None if target == "bot" or under(name, *INTERFACE, *GENERIC_AI, *own_rules) \
            else "cogs: bot, rules' interface, its own game's rules, ai's generic modules"
    if layer in ("bench", "demo"):
        return "the tests are imported by nothing" if target == "tests" else None
    if layer == "fakediscord":
        return None if module == "fakediscord.bot_runner" and under(name, "bot.launcher") \
            else "the emulator imports nothing of ours but the bot it runs"
    return None


def violations(package: str) -> list[str]:
    found = []
    for path in sorted((ROOT / package).rglob("*.py")):
        module = module_name(path)
        for line, name in imported(path):
            if (why := refusal(module, name)) is not None:
                found.append(f"{path.relative_to(ROOT)}:{line} imports {name}: {why}")
    return found


@pytest.mark.parametrize("package", ["rules", "ai", "bot", "cogs", "bench", "demo",
                                     "fakediscord"])
def test_each_layer_imports_only_what_architecture_allows(package: str) -> None:
    assert violations(package) == []


def test_the_check_sees_what_it_must_refuse() -> None:
    assert refusal("cogs.citadels.demo", "fakediscord.Emulator")
    assert refusal("bench.channel", "tests.game_driver.Player")
    assert refusal("bot.service", "cogs.game")
    assert refusal("bot.records", "rules.citadels.Options")
    assert refusal("ai.player", "bot.records")
    assert refusal("ai.catan.basic", "rules.citadels.GameState")
    assert refusal("rules.catan.game", "rules.citadels.rng")
    assert refusal("rules.game", "ai.player")
    assert refusal("cogs.citadels.ui", "ai.citadels.hints")
    assert refusal("cogs.game", "rules.citadels")
    assert refusal("demo.people", "tests.rules.citadels.helpers")
    for module, name in [("cogs.citadels.ui", "ai.player.Hint"), ("cogs.game", "ai.worker"),
                         ("cogs.citadels.panel", "rules.citadels.actions"),
                         ("bot.computers", "ai.worker.decide_async"),
                         ("bot.service", "rules.registry"), ("ai.citadels.basic", "rules.game"),
                         ("bench.channel", "demo.people.Player"), ("demo.kills", "cogs.citadels"),
                         ("fakediscord.bot_runner", "bot.launcher.main")]:
        assert refusal(module, name) is None, (module, name)
    relative = list(imported(ROOT / "ai" / "worker.py"))
    assert any(name == "ai.player.Hint" for _, name in relative)  # `from .player import Hint`


def test_the_platforms_texts_name_no_game() -> None:
    """bot/locales holds the platform's texts; a game's own (Citadels' city size in the lobby)
    live in its UI package's catalog."""
    import json

    from rules import registry

    root = Path(__file__).parents[1] / "bot" / "locales"
    keys = {key for path in root.glob("*/*.json")
            for key in json.loads(path.read_text(encoding="utf-8"))}
    games = tuple(f"{game}." for game in registry.games())
    assert not [k for k in keys if k.startswith(games) or ".city" in k]
