"""`python -m demo catan`: a whole game through the real bot on the emulator, the host
clicking their own decisions through the panels as a person does, printed."""

from __future__ import annotations

import pytest

from bot.i18n import Catalog
from demo.__main__ import main as demo_main
from demo.catan import parse_args, run_demo


@pytest.mark.parametrize(("lang", "players"), [
    ("es", 3), pytest.param("en", 4, marks=pytest.mark.long)])
async def test_the_demo_prints_a_whole_game_and_its_winner(lang: str, players: int) -> None:
    result = await run_demo(players=players, language=lang, seed=4,
                            strengths=["basic", "random"])
    catalog = Catalog.load()
    assert result.status == "finished" and result.winner is not None
    assert catalog.text("catan.result.title", lang) in result.text
    assert result.winner in result.text.rsplit("──", 1)[-1]
    # A clean channel at the end: no table or mention keeps a button.
    assert f"[{catalog.text('table.act', lang)}]" not in result.text
    assert result.messages <= 1 + result.rounds + 2  # the lobby, a table a round, the result


def test_the_demo_takes_its_options_from_the_command_line() -> None:
    args = parse_args(["--players", "3", "--language", "es", "--strengths", "basic,expert"])
    assert (args.players, args.language, args.strengths) == (3, "es", ["basic", "expert"])
    with pytest.raises(SystemExit):
        parse_args(["--players", "5"])
    assert demo_main(["chess"]) == 2
