"""The interpreter settings a running bot makes for itself (bot/client.py): the collector's
thresholds and the GIL's switch interval, measured with bench.bot_load."""

from __future__ import annotations

import gc
import sys
from pathlib import Path

from bot.client import GC_THRESHOLDS, SWITCH_INTERVAL, GameBot
from fakediscord import Emulator, run_client
from tests.fakediscord_fixtures import FAST_READY, Table, bot_settings


async def test_a_started_bot_tunes_the_collector_and_the_gil(emulator: Emulator, table: Table,
                                                             tmp_path: Path):
    before = (gc.get_threshold(), sys.getswitchinterval())
    gc.set_threshold(700, 10, 10)
    sys.setswitchinterval(0.005)
    try:
        bot = GameBot(bot_settings(tmp_path / "bot.sqlite3"), **FAST_READY)
        async with run_client(bot, emulator):
            assert gc.get_threshold() == GC_THRESHOLDS
            assert sys.getswitchinterval() == SWITCH_INTERVAL
    finally:
        gc.set_threshold(*before[0])
        sys.setswitchinterval(before[1])
