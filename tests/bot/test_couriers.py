"""Which interaction token carries a game's public messages (bot/couriers.py), and the
publisher's pace of table edits under load; the whole route runs in tests/e2e and
tests/fakediscord/test_tokens.py."""

from __future__ import annotations

import asyncio
from types import SimpleNamespace
from typing import Any

import discord
import pytest

from bot import publisher as publisher_module
from bot.couriers import EDIT_MARGIN, POST_MARGIN, Couriers, token_refused
from bot.pace import Pace
from bot.publisher import BUSY_GAMES, Publisher


class Response:
    def __init__(self, done: bool, kind: Any = None) -> None:
        self.done, self.type = done, kind

    def is_done(self) -> bool:
        return self.done


def interaction(n: int, channel: int = 7, *, done: bool = True, modal: bool = False,
                kind: discord.InteractionType = discord.InteractionType.component) -> Any:
    answered = discord.InteractionResponseType.modal if modal else None
    return SimpleNamespace(id=n, channel_id=channel, type=kind,
                           response=Response(done, answered), followup=f"webhook-{n}")


async def test_the_newest_answered_token_of_the_channel_posts() -> None:
    couriers = Couriers()
    couriers.seen(interaction(1))
    couriers.seen(interaction(2))
    couriers.seen(interaction(3, done=False))  # not answered yet: no follow-up allowed
    couriers.seen(interaction(4, channel=8))
    newest = couriers.newest(7)
    assert newest is not None and newest.interaction.id == 2
    assert couriers.newest(9) is None
    couriers.seen(interaction(5, modal=True))  # answered with a modal: no follow-ups either
    assert couriers.newest(7) is newest
    couriers.seen(interaction(6, kind=discord.InteractionType.autocomplete))
    assert couriers.newest(7) is newest


async def test_a_token_near_its_end_posts_nothing_and_edits_until_the_margin() -> None:
    life = POST_MARGIN + 1.0
    couriers = Couriers(life=life)
    couriers.seen(interaction(1))
    courier = couriers.newest(7)
    assert courier is not None
    couriers.posted(100, courier)
    assert couriers.owner(100) is courier and not couriers.expiring(100)
    await asyncio.sleep(1.05)  # now less than POST_MARGIN is left
    assert couriers.newest(7) is None
    assert couriers.owner(100) is courier and couriers.expiring(100)
    short = Couriers(life=EDIT_MARGIN + 0.05)
    short.seen(interaction(2))
    short.adopt(200, interaction(2))
    await asyncio.sleep(0.1)
    assert short.owner(200) is None  # too late even to edit: the channel route takes over


async def test_a_refused_token_is_dropped_with_its_messages() -> None:
    couriers = Couriers()
    couriers.seen(interaction(1))
    courier = couriers.newest(7)
    assert courier is not None
    couriers.posted(100, courier)
    couriers.posted(101, courier)
    couriers.dead(courier)
    assert couriers.newest(7) is None
    assert couriers.owner(100) is None and couriers.owner(101) is None
    couriers.forget(102)  # unknown: nothing happens


def http_error(status: int, code: int) -> discord.HTTPException:
    response = SimpleNamespace(status=status, reason="")
    return discord.HTTPException(response, {"code": code, "message": "x"})


def test_only_the_tokens_own_refusals_count_as_its_end() -> None:
    assert token_refused(http_error(401, 50027))
    assert token_refused(http_error(404, 10015))
    assert not token_refused(http_error(404, 10008))  # the message is gone, not the token
    assert not token_refused(http_error(403, 50013))


def publisher() -> Publisher:
    bot = SimpleNamespace(sharding=SimpleNamespace(share=1.0),
                          settings=SimpleNamespace(public_messages="tokens", painter="thread"))
    return Publisher(bot)  # type: ignore[arg-type]


async def test_under_load_a_table_waits_its_gap_unless_the_decision_changed_hands(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(publisher_module, "TABLE_GAP", 0.3)
    shown = publisher()
    edits: list[float] = []
    loop = asyncio.get_running_loop()

    async def edit(game_id: int) -> None:
        shown._stale_tables.discard(game_id)
        edits.append(loop.time())

    monkeypatch.setattr(shown, "_edit_table", edit)
    now = loop.time()
    shown._edited[1] = now
    # Quiet: the next edit goes at once.
    shown._stale_tables.add(1)
    await shown._redraw(1)
    assert edits[-1] - now < 0.1
    # Busy (tables of BUSY_GAMES games this second): it waits out its gap...
    shown._recent.extend((loop.time(), g) for g in range(BUSY_GAMES))
    shown._edited[1] = loop.time()
    start = loop.time()
    shown._stale_tables.add(1)
    await shown._redraw(1)
    assert edits[-1] - start >= 0.29
    # ...but not a hand-over: whoever decides now looks at the table.
    shown._recent.extend((loop.time(), g) for g in range(BUSY_GAMES))
    shown._edited[1] = loop.time()
    shown._handed[1] = loop.time()
    start = loop.time()
    shown._stale_tables.add(1)
    await shown._redraw(1)
    assert edits[-1] - start < 0.1


async def test_in_the_budget_running_games_go_first_then_starts_then_clearing_up() -> None:
    shown = publisher()
    budget = Pace(None, window=(1, 0.02))
    shown._budget, shown._pace, shown._starts = budget, Pace(None), Pace(None)
    shown.limited = True  # Discord announces its buckets
    order: list[str] = []

    async def call(name: str) -> None:
        order.append(name)

    class Moved:  # a first table moved to a token: deleted by the channel route, some time
        async def delete(self) -> None:
            order.append("moved table deleted")

    async with budget.slot():  # the budget's only turn, held
        waiting = [asyncio.create_task(shown._sweep(Moved())),  # type: ignore[arg-type]
                   asyncio.create_task(shown.opening(lambda: call("thread"))),
                   asyncio.create_task(shown._retry(lambda: call("table edit"))),
                   asyncio.create_task(shown._retry(lambda: call("mention"), urgent=True))]
        await asyncio.sleep(0.01)
    await asyncio.gather(*waiting)
    assert order == ["mention", "table edit", "thread", "moved table deleted"]
    assert len(shown.start_waits) == 1 and shown.start_waits[0] > 0


def test_the_budget_holds_only_once_discord_announces_buckets() -> None:
    shown = publisher()
    assert shown.budget is None  # nothing heard yet (an emulator without limits never says)
    shown._heard({"Content-Type": "application/json"})
    assert shown.budget is None and not shown.limited
    shown._heard({"X-RateLimit-Limit": "5", "X-RateLimit-Remaining": "4"})
    assert shown.limited and shown.budget is not None
    shown._heard({})
    assert shown.limited  # once announced, kept
