"""Every registered game's demo (`python -m demo <game>`): one for each game, the same options,
a whole game in either language with pictures and transcripts written by `--out`, every player
count it offers started or refused in the bot's own sentence, never a traceback."""

from __future__ import annotations

import dataclasses
import importlib
from pathlib import Path
from types import ModuleType

import pytest

from bot.i18n import Catalog
from demo import play
from demo.__main__ import demos
from demo.__main__ import main as demo_main
from demo.scene import STRENGTHS, build_scene
from fakediscord.uploads import PNG_SIGNATURE
from rules import registry

GAMES = ["citadels", "catan", "cities"]


def module(game: str) -> ModuleType:
    return importlib.import_module(demos()[game])


def test_every_registered_game_has_a_demo() -> None:
    assert set(GAMES) <= set(registry.games())
    assert set(demos()) == set(registry.games())
    for game in GAMES:
        found = module(game)
        assert found.DEMO.game == game and callable(found.main) and callable(found.run_demo)


@pytest.mark.parametrize("game", GAMES)
def test_help_describes_the_demo_in_a_whole_sentence(game: str,
                                                     capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as done:
        demo_main([game, "--help"])
    out = " ".join(capsys.readouterr().out.split())
    assert done.value.code == 0 and f"python -m demo {game}" in out
    first = " ".join((module(game).__doc__ or "").split()).split(". ")[0] + "."
    assert first.endswith("printed.") and first in out  # not cut off at the line's end
    for option in ("--players", "--language", "--seed", "--strengths", "--pause",
                   "--rate-limits", "--no-pictures", "--out"):
        assert option in out


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("bad", [["--players", "{low}"], ["--players", "{high}"],
                                 ["--language", "fr"], ["--strengths", "genius"],
                                 ["--seed", "x"], ["--pause", "soon"]])
def test_an_option_out_of_range_is_refused_in_a_sentence(
        game: str, bad: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    rules = registry.game(game)
    argv = [a.format(low=rules.min_players - 1, high=rules.max_players + 1) for a in bad]
    with pytest.raises(SystemExit) as done:
        module(game).parse_args(argv)
    err = capsys.readouterr().err
    assert done.value.code == 2 and "error:" in err and "Traceback" not in err


def test_the_bots_refusal_is_printed_as_its_own_sentence(
        capsys: pytest.CaptureFixture[str]) -> None:
    """Options the bot refuses end the demo with the bot's sentence, exit status 2 (here: 8
    players of Citadels without the ninth character the demo otherwise chooses)."""
    citadels = module("citadels")
    without_ninth = dataclasses.replace(citadels.DEMO, options=lambda players: {})
    args = citadels.parse_args(["--players", "8", "--no-pictures"])
    assert play.main(without_ninth, args) == 2
    sentence = Catalog.load().text("citadels.options.need_nine", "en", players=8)
    assert sentence in capsys.readouterr().out


@pytest.mark.parametrize("game", GAMES)
async def test_every_player_count_the_demo_offers_starts_a_game(game: str) -> None:
    rules = registry.game(game)
    demo = module(game).DEMO
    async with play.running(game, "es", pause=1.0, pictures=False) as (emulator, bot):
        for players in range(rules.min_players, rules.max_players + 1):
            scene = await build_scene(emulator, bot, "es", f"{game}-{players}")
            game_id = await play.open_game(scene, game, players, STRENGTHS,
                                           **demo.options(players))
            record = bot.service.games[game_id]
            assert record.status == "running" and len(record.seats) == players
            await bot.service.end(game_id, int(scene.host.id), can_manage=True)


def picture_names(text: str) -> list[str]:
    return [line.removeprefix("🖼️ ") for line in text.splitlines() if line.startswith("🖼️ ")]


@pytest.mark.parametrize(("game", "lang", "panel_pictures"), [
    ("citadels", "es", False), ("catan", "en", True), ("cities", "es", True)])
async def test_the_demo_plays_a_whole_game_and_writes_what_it_posted(
        game: str, lang: str, panel_pictures: bool, tmp_path: Path) -> None:
    result = await module(game).run_demo(players=3, language=lang, seed=5,
                                         strengths=["basic", "random"], folder=tmp_path)
    assert result.status == "finished" and result.winner is not None
    assert result.missed == 0  # the host reached every decision by clicking
    pictures = sorted(tmp_path.glob("*.png"))
    assert len(pictures) >= 3
    assert all(p.read_bytes()[:8] == PNG_SIGNATURE for p in pictures)
    channel = (tmp_path / "channel.txt").read_text(encoding="utf-8")
    panels = (tmp_path / "panels.txt").read_text(encoding="utf-8")
    assert channel.strip() == result.text.strip()
    assert "── panel 1 ──" in panels
    shown = picture_names(channel) + picture_names(panels)
    assert picture_names(channel)  # the table's board, the final chart...
    assert bool(picture_names(panels)) == panel_pictures  # places to choose from
    assert all((tmp_path / name).is_file() for name in shown)


async def test_an_eight_player_citadels_demo_plays_dark_city_to_its_end() -> None:
    result = await module("citadels").run_demo(players=8, language="en", seed=3,
                                               pictures=False)
    assert result.status == "finished" and result.winner is not None and result.missed == 0


@pytest.mark.long
@pytest.mark.parametrize("lang", ["en", "es"])
@pytest.mark.parametrize("game", GAMES)
async def test_every_player_count_plays_to_its_end(game: str, lang: str) -> None:
    rules = registry.game(game)
    for players in range(rules.min_players, rules.max_players + 1):
        result = await module(game).run_demo(players=players, language=lang, seed=players,
                                             strengths=list(STRENGTHS), pictures=False,
                                             rate_limits=players % 2 == 0)
        assert result.status == "finished" and result.missed == 0, (game, players)
