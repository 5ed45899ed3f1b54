"""Records older versions stored still load: a record without a game id is a Citadels game (the
legacy migration, for stored records only), and settings the platform no longer knows go to
the game's own migration hook (`Game.migrate_options`: Citadels' `city_size`, once a platform
setting, is one of its options)."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path
from typing import Any

import pytest
from pydantic import ValidationError

from bot.records import STORED, GameRecord
from rules.citadels.game import GAME as CITADELS
from tests.games import nim
from tests.storage_helpers import lobby, opened, start


def older(record: GameRecord, **settings: Any) -> str:
    """`record` as a version from before games had ids and declared options stored it."""
    data = json.loads(record.model_dump_json())
    del data["game"]
    del data["settings"]["options"]
    data["settings"].update(settings)
    return json.dumps(data)


@pytest.mark.parametrize(("city_size", "options"), [(8, {"city_size": 8}), (None, {})])
async def test_a_record_stored_before_game_ids_and_options_loads(
        tmp_path: Path, city_size: int | None, options: dict[str, Any]) -> None:
    path = tmp_path / "bot.sqlite3"
    async with opened(path) as store:
        record = await store.create(start(lobby(players=4, seed=3)))
    db = sqlite3.connect(path)
    try:
        with db:
            db.execute("UPDATE games SET record = ? WHERE id = ?",
                       (older(record, city_size=city_size, turn_limit=3), record.id))
    finally:
        db.close()
    async with opened(path) as store:
        loaded = await store.get(record.id)
    assert loaded is not None
    assert loaded.game == "citadels"
    assert loaded.settings.options == options and loaded.settings.turn_limit == 3
    assert loaded.state == record.state


def test_only_a_stored_record_may_lack_its_game() -> None:
    text = older(lobby(), city_size=8)
    with pytest.raises(ValidationError, match="game"):
        GameRecord.model_validate_json(text)  # made in code: no game is assumed
    with pytest.raises(ValidationError, match="game"):
        GameRecord(channel_id=1, host_id=1)  # type: ignore[call-arg]
    assert GameRecord.model_validate_json(text, context=STORED).settings.options == {
        "city_size": 8}


def test_the_games_hook_decides_what_old_settings_meant() -> None:
    assert CITADELS.migrate_options({"rank9": "queen"}, {"city_size": 7}) == {
        "rank9": "queen", "city_size": 7}
    assert CITADELS.migrate_options({"city_size": 6}, {"city_size": None}) == {"city_size": 6}
    with nim.registered():  # the interface's default: the options as they are
        record = GameRecord.model_validate({
            "game": "nim", "channel_id": 1, "host_id": 1,
            "settings": {"city_size": 8, "options": {"heaps": 3}}})
    assert record.settings.options == {"heaps": 3}
