"""`python -m bot`: setup mistakes end with one clear sentence and exit code 2."""

from __future__ import annotations

from pathlib import Path

from bot.launcher import MISSING_TOKEN, REJECTED_TOKEN
from fakediscord import Emulator
from tests.fakediscord_processes import finish, spawn


async def test_missing_token_explains_how_to_get_one(tmp_path: Path):
    code, stderr = await finish(await spawn("-m", "bot", cwd=tmp_path))
    assert code == 2
    assert stderr.strip() == MISSING_TOKEN
    assert "discord.com/developers/applications" in stderr


async def test_blank_token_counts_as_missing(tmp_path: Path):
    (tmp_path / ".env").write_text("DISCORD_TOKEN=   \n")
    code, stderr = await finish(await spawn("-m", "bot", cwd=tmp_path))
    assert (code, stderr.strip()) == (2, MISSING_TOKEN)


async def test_rejected_token_is_one_sentence_without_traceback(
    emulator: Emulator, tmp_path: Path
):
    process = await spawn(
        "-m", "fakediscord.bot_runner", "--url", emulator.url, cwd=tmp_path,
        DISCORD_TOKEN="wrong", DATABASE_PATH=str(tmp_path / "bot.sqlite3"), LOG_LEVEL="ERROR",
    )
    code, stderr = await finish(process)
    assert code == 2
    assert stderr.strip().endswith(REJECTED_TOKEN)
    assert "Traceback" not in stderr


async def test_invalid_setting_is_reported(tmp_path: Path):
    code, stderr = await finish(
        await spawn("-m", "bot", cwd=tmp_path, DISCORD_TOKEN="x", DEV_GUILD_ID="abc")
    )
    assert code == 2
    assert "dev_guild_id" in stderr and "Traceback" not in stderr
