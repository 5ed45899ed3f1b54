"""`python -m demo citadels`: a whole game through the real bot on the emulator, printed."""

from __future__ import annotations

import re

import discord
import pytest

from bot.i18n import Catalog
from demo.__main__ import main as demo_main
from demo.citadels import parse_args, run_demo


def winner_line(catalog: Catalog, lang: str, name: str) -> re.Pattern[str]:
    """The final embed's "X wins with N points" in `lang`, any N."""
    template = re.escape(catalog.text("citadels.render.final.winner", lang, name="\0", total="\1"))
    escaped = re.escape(discord.utils.escape_markdown(name))
    return re.compile(template.replace("\0", escaped).replace("\1", r"\d+"))


@pytest.mark.parametrize("lang", ["en", "es"])
async def test_the_demo_prints_a_whole_game_and_its_winner(lang: str):
    result = await run_demo(players=3, language=lang, seed=7, strengths=["basic", "random"])
    catalog = Catalog.load()
    assert result.status == "finished"
    assert result.winner is not None
    assert catalog.text("citadels.render.final.title", lang) in result.text
    assert winner_line(catalog, lang, result.winner).search(result.text)
    assert catalog.text("citadels.render.table.title", lang, round=1) in result.text
    # A clean channel at the end: no table or ping keeps a button, no mention is left.
    assert f"[{catalog.text('table.act', lang)}]" not in result.text
    assert "[" + catalog.text("table.hand", lang) + "]" not in result.text
    assert result.messages <= 1 + result.rounds + 1  # the lobby, a table per round, the result


def test_the_demo_takes_its_options_from_the_command_line():
    args = parse_args(["--players", "5", "--language", "es", "--strengths", "basic,expert"])
    assert (args.players, args.language, args.strengths) == (5, "es", ["basic", "expert"])
    with pytest.raises(SystemExit):
        parse_args(["--strengths", "genius"])


async def test_the_demo_without_a_seed_plays_in_the_channel_to_the_end():
    """The default command has no seed: the game must still be played where it is printed
    (it once moved to a thread the demo did not read, and waited there forever)."""
    result = await run_demo(players=3, seed=None)
    assert result.status == "finished" and result.winner is not None


def test_python_m_demo_names_the_game(capsys: pytest.CaptureFixture[str]):
    assert demo_main(["chess"]) == 2 and "python -m demo {citadels," in capsys.readouterr().err
    with pytest.raises(SystemExit) as done:
        demo_main(["citadels", "--help"])
    assert done.value.code == 0 and "python -m demo citadels" in capsys.readouterr().out
