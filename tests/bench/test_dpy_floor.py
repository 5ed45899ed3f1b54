"""`python -m bench.dpy_floor`: discord.py alone answering people through the emulator, its
figures produced from a short window."""

from __future__ import annotations

from bench.dpy_floor import parse, report, run


async def test_a_short_floor_run_answers_every_click_and_prints_its_figures():
    argv = ["--tables", "3", "--people", "2", "--think", "0.2", "--seconds", "1.5"]
    options = parse(argv)
    result = await run(options, argv)
    clicks = result["clicks"]
    assert clicks >= 10
    calls = result["calls"]
    callbacks = calls["POST /interactions/{interaction_id}/{token}/callback"]
    assert clicks <= callbacks <= clicks + 4  # every click answered (the last may be in flight)
    table_edits = calls["PATCH /webhooks/{app_id}/{token}/messages/{message_id}"]
    # A click on a panel edits the table too (as fast as its token's rate limit lets it).
    assert 0 < table_edits <= 0.5 * clicks + 4
    assert result["bot_cpu"] > 0
    text = "\n".join(report(result, options))
    assert "bot CPU per click" in text and f"clicks                   {clicks}" in text
