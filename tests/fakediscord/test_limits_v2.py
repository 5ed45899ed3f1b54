"""Components v2 (layouts) as Discord takes them: the emulator refuses a layout Discord
refuses (what may stand at the top and in a container, rows, sections, galleries, content or
embeds beside the flag) and lets a classic message become a layout only without its content."""

from __future__ import annotations

from typing import Any

import pytest

from tests.fakediscord.test_limits import V2, button, row, text
from tests.fakediscord_fixtures import BotRest, Table


def select(custom_id: str) -> dict[str, Any]:
    return {"type": 3, "custom_id": custom_id, "options": [{"label": "a", "value": "a"}]}


def container(*components: dict[str, Any]) -> dict[str, Any]:
    return {"type": 17, "components": list(components)}


def section(*texts: dict[str, Any], accessory: dict[str, Any] | None = None
            ) -> dict[str, Any]:
    out: dict[str, Any] = {"type": 9, "components": list(texts)}
    if accessory is not None:
        out["accessory"] = accessory
    return out


def gallery(count: int) -> dict[str, Any]:
    return {"type": 12, "items": [{"media": {"url": f"attachment://{i}.png"}}
                                  for i in range(count)]}


REFUSED = {
    "a button at the top": [button("b")],
    "a select beside a button": [container(row(select("s"), button("b")))],
    "six buttons in a row": [container(row(*[button(f"b{i}") for i in range(6)]))],
    "an empty row": [container(row())],
    "a container in a container": [container(container(text("t")))],
    "a section without accessory": [section(text("t"))],
    "a section of four texts": [section(*[text(str(i)) for i in range(4)],
                                        accessory=button("b"))],
    "a gallery of eleven": [gallery(11)],
    "a text in a row": [row(text("t"))],
}


@pytest.mark.parametrize("components", REFUSED.values(), ids=REFUSED.keys())
async def test_a_layout_discord_refuses_is_refused(bot_rest: BotRest, table: Table,
                                                   components: list[dict[str, Any]]) -> None:
    status, body = await bot_rest.send(table.general.id, {"flags": V2,
                                                          "components": components})
    assert (status, body["code"]) == (400, 50035), body
    assert await table.alice.sees(table.general) == []


async def test_a_layout_of_every_kind_at_its_limits_is_accepted(bot_rest: BotRest,
                                                                 table: Table) -> None:
    components = [text("x" * 1000), container(
        text("y" * 2000), section(text("a"), text("b"), text("c"), accessory=button("s")),
        gallery(10), row(*[button(f"b{i}") for i in range(5)]), row(select("s1")),
        {"type": 14}), row(button("last"))]
    status, body = await bot_rest.send(table.general.id, {"flags": V2,
                                                          "components": components})
    assert status == 200, body


async def test_a_classic_message_becomes_a_layout_only_without_its_content(
        bot_rest: BotRest, table: Table) -> None:
    _, sent = await bot_rest.send(table.general.id, {"content": "panel", "embeds": [
        {"description": "hand"}], "components": [row(button("old"))]})
    path = f"/channels/{table.general.id}/messages/{sent['id']}"
    layout = {"flags": V2, "components": [container(text("builder"), row(button("new")))]}
    status, body = await bot_rest.request("PATCH", path, layout)  # content and embed kept
    assert (status, body["code"]) == (400, 50035), body
    status, body = await bot_rest.request("PATCH", path, {**layout, "content": None,
                                                          "embeds": []})
    assert status == 200, body
    seen = await table.alice.message(sent["id"])
    assert seen.flags & V2 and not seen.content and not seen.embeds
    assert "builder" in seen.text and seen.button(custom_id="new")
