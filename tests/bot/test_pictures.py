"""The platform's picture cache: one drawing per key, off the event loop, the newest kept."""

from __future__ import annotations

import asyncio
import contextlib
import threading

from bot import pictures as pictures_module
from bot.pictures import Picture, Pictures, picture_key


def counting(key: str, calls: list[str], data: bytes = b"png") -> Picture:
    def draw() -> bytes:
        calls.append(threading.current_thread().name)
        return data + key.encode()

    return Picture("t.png", key, draw)


def test_keys_follow_the_content_not_its_order():
    assert picture_key("table", {"a": 1, "b": [1, 2]}) == picture_key("table", {"b": [1, 2],
                                                                               "a": 1})
    assert picture_key("table", {"a": 1}) != picture_key("table", {"a": 2})
    assert picture_key("table", {"a": 1}) != picture_key("scores", {"a": 1})


async def test_a_picture_is_drawn_once_and_in_a_worker_thread():
    pictures, calls = Pictures(), []
    first = await pictures.png(counting("k", calls))
    again = await pictures.png(counting("k", calls))
    assert first == again == b"pngk" and pictures.drawn == 1
    assert calls and calls[0] != threading.current_thread().name


async def test_the_same_picture_asked_at_once_is_drawn_once():
    pictures, calls = Pictures(), []
    results = await asyncio.gather(*(pictures.png(counting("k", calls)) for _ in range(5)))
    assert set(results) == {b"pngk"} and len(calls) == 1


async def test_the_oldest_pictures_are_forgotten():
    pictures, calls = Pictures(cached=2), []
    for key in ("a", "b", "a", "c"):  # "a" used again: "b" is the oldest
        await pictures.png(counting(key, calls))
    assert len(calls) == 3
    await pictures.png(counting("a", calls))
    assert len(calls) == 3
    await pictures.png(counting("b", calls))
    assert len(calls) == 4


async def test_a_failed_drawing_gives_no_file_and_is_tried_again():
    pictures = Pictures()

    def broken() -> bytes:
        raise RuntimeError("no font")

    assert await pictures.file(Picture("t.png", "k", broken)) is None
    fixed = await pictures.file(Picture("t.png", "k", lambda: b"png"))
    assert fixed is not None and fixed.filename == "t.png" and fixed.fp.read() == b"png"


async def test_a_picture_nobody_wants_when_its_turn_comes_is_not_drawn():
    """A panel answered again before the painter came to its picture: that picture is not
    drawn (no file), unless someone else asking for it still wants it."""
    pictures, calls = Pictures(), []
    gate = threading.Event()
    blocker = asyncio.ensure_future(pictures.png(Picture("b.png", "busy", lambda: (
        gate.wait(5), b"busy")[1])))  # the painter busy meanwhile
    wanted = {"old": True}
    older = asyncio.ensure_future(pictures.file(counting("k", calls),
                                                wanted=lambda: wanted["old"]))
    await asyncio.sleep(0.01)
    wanted["old"] = False  # answered again before the drawing began
    gate.set()
    assert await older is None and calls == [] and await blocker == b"busy"
    assert await pictures.file(counting("k", calls)) is not None and len(calls) == 1

    gate.clear()
    blocker = asyncio.ensure_future(pictures.png(Picture("b.png", "busy2", lambda: (
        gate.wait(5), b"busy")[1])))
    shared = [asyncio.ensure_future(pictures.file(counting("s", calls), wanted=lambda: False)),
              asyncio.ensure_future(pictures.file(counting("s", calls)))]
    await asyncio.sleep(0.01)
    gate.set()
    assert all(f is not None for f in await asyncio.gather(*shared)) and len(calls) == 2
    await blocker


async def test_a_picture_asked_later_is_drawn_after_those_waiting_that_were_not():
    """A table's picture (`later`) waits behind a panel's, whose answer waits for it; among
    those of one kind, the first asked is drawn first."""
    pictures = Pictures()
    drawn: list[str] = []
    gate = threading.Event()
    blocker = asyncio.ensure_future(pictures.png(Picture("b.png", "busy", lambda: (
        gate.wait(5), b"busy")[1])))  # the painter busy meanwhile
    await asyncio.sleep(0.01)
    asked = [asyncio.ensure_future(pictures.png(Picture("t.png", key, lambda k=key: (
        drawn.append(k), k.encode())[1]), later=later))
        for key, later in (("t1", True), ("p1", False), ("t2", True), ("p2", False))]
    await asyncio.sleep(0.01)
    gate.set()
    assert [await a for a in asked] == [b"t1", b"p1", b"t2", b"p2"]  # each its own bytes
    await blocker
    assert drawn == ["p1", "p2", "t1", "t2"]


async def test_a_picture_asked_later_goes_first_once_it_has_waited_long_enough(monkeypatch):
    """A stream of panels' pictures does not starve a table's: LATER seconds after it was
    asked, it goes before those asked since."""
    monkeypatch.setattr(pictures_module, "LATER", 0.05)
    pictures = Pictures()
    drawn: list[str] = []
    gate = threading.Event()
    blocker = asyncio.ensure_future(pictures.png(Picture("b.png", "busy", lambda: (
        gate.wait(5), b"busy")[1])))
    await asyncio.sleep(0.01)

    def ask(key: str, later: bool) -> asyncio.Future[bytes]:
        return asyncio.ensure_future(pictures.png(Picture("t.png", key, lambda: (
            drawn.append(key), key.encode())[1]), later=later))

    asked = [ask("t1", True), ask("p1", False)]
    await asyncio.sleep(0.1)  # the table's has waited past LATER
    asked.append(ask("p2", False))
    await asyncio.sleep(0.01)
    gate.set()
    await asyncio.gather(blocker, *asked)
    assert drawn == ["p1", "t1", "p2"]


async def test_closing_cancels_the_pictures_still_waiting():
    pictures = Pictures()
    gate = threading.Event()
    blocker = asyncio.ensure_future(pictures.png(Picture("b.png", "busy", lambda: (
        gate.wait(5), b"busy")[1])))
    await asyncio.sleep(0.01)
    waiting = asyncio.ensure_future(pictures.png(Picture("w.png", "w", lambda: b"w")))
    await asyncio.sleep(0.01)
    pictures.close()
    gate.set()
    assert await blocker == b"busy"
    with contextlib.suppress(asyncio.CancelledError):
        await waiting
    assert waiting.cancelled()
