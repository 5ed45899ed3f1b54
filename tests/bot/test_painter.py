"""The painter process (bot/painter.py): pictures drawn there are the bytes drawn in place, the
catalog reaches it once, a drawing that cannot travel is drawn in the thread, and a worker that
dies loses no picture."""

from __future__ import annotations

import asyncio
import functools
import os
import signal
import subprocess
import sys
import time
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bench.render import game_views, played_views, seats
from bot.i18n import Catalog
from bot.painter import Painter, drawing_modules
from bot.pictures import Picture, Pictures
from cogs.catan.render import overlay
from cogs.catan.render.picture import board
from cogs.citadels.render.picture import table_picture
from tests.render_helpers import catalog


def worker_pid() -> bytes:
    """Drawn in the worker: which process drew it."""
    return str(os.getpid()).encode()


def catalog_text(catalog: Catalog, key: str, lang: str) -> bytes:
    """Drawn in the worker: a text of the catalog it was handed."""
    return catalog.text(key, lang).encode()


@pytest.fixture
async def pictures() -> AsyncIterator[Pictures]:
    pictures = Pictures(process=Painter(catalog(), drawing_modules()))
    yield pictures
    pictures.close()


def painter(pictures: Pictures) -> Painter:
    assert pictures.process is not None
    return pictures.process


async def test_a_picture_drawn_in_the_process_is_the_one_drawn_in_place(pictures: Pictures):
    table, texts = seats(4), catalog()
    late, _ = game_views(4, seed=5)
    citadels = Picture("table.png", "t", functools.partial(table_picture, late, table, texts,
                                                           "es"))
    assert await pictures.png(citadels) == table_picture(late, table, texts, "es")
    views = played_views(4, seed=9, moves=60)
    for view in views[-3:]:  # boards painted over the last one, in the worker as here
        catan = board(view, table, texts, "en")
        drawn = await pictures.png(catan)
        overlay.BOARDS.clear()
        assert drawn == catan.draw()
    assert painter(pictures).drawn == pictures.drawn >= 3 and painter(pictures).in_thread == 0
    assert painter(pictures).pid not in (None, os.getpid())


async def test_the_worker_draws_with_the_catalog_it_was_given_once(pictures: Pictures):
    texts = catalog()
    whose = await pictures.png(Picture("who.png", "who", functools.partial(worker_pid)))
    assert int(whose) == painter(pictures).pid != os.getpid()
    key = "citadels.render.picture.final.title"
    text = await pictures.png(Picture("t.png", "t", functools.partial(catalog_text, texts, key,
                                                                       "es")))
    assert text.decode() == texts.text(key, "es")
    assert len(painter(pictures)._job(functools.partial(catalog_text, texts, key, "es"))
               or b"") < 300  # the catalog by reference, not its thousands of texts


async def test_a_closure_is_drawn_in_the_thread(pictures: Pictures):
    here = os.getpid()
    assert await pictures.png(Picture("c.png", "c", lambda: str(here).encode())) == \
        str(here).encode()
    assert painter(pictures).in_thread == 1 and painter(pictures).drawn == 0


async def test_a_worker_that_dies_loses_no_picture(pictures: Pictures):
    first = int(await pictures.png(Picture("a.png", "a", functools.partial(worker_pid))))
    os.kill(first, signal.SIGKILL)
    await asyncio.sleep(0.2)
    # The picture asked as it died is drawn in the thread; the next one by a new worker.
    assert await pictures.png(Picture("b.png", "b", functools.partial(worker_pid))) in (
        str(os.getpid()).encode(), str(painter(pictures).pid).encode())
    second = int(await pictures.png(Picture("c.png", "c", functools.partial(worker_pid))))
    assert second not in (first, os.getpid()) and second == painter(pictures).pid


async def test_a_drawing_that_fails_in_the_worker_fails_as_in_place(pictures: Pictures):
    broken = Picture("x.png", "x", functools.partial(catalog_text, catalog(), "no.such.key",
                                                     "en"))
    with pytest.raises(KeyError):
        await pictures.png(broken)
    assert await pictures.file(broken) is None  # logged; the message goes out with its text
    assert int(await pictures.png(Picture("d.png", "d", functools.partial(worker_pid)))) == \
        painter(pictures).pid  # the worker lives on


def test_a_painter_does_not_outlive_a_killed_bot(tmp_path: Path):
    """A bot killed outright (it cannot close its painter) takes its painter along."""
    script = tmp_path / "bot.py"
    script.write_text(
        "import os, signal, sys\n"
        "sys.path.insert(0, sys.argv[1])\n"
        "from bot.painter import Painter\n"
        "if __name__ == '__main__':\n"
        "    painter = Painter({'a catalog': 1})\n"
        "    painter.start()\n"
        "    print(painter.pid, flush=True)\n"
        "    os.kill(os.getpid(), signal.SIGKILL)\n")
    bot = subprocess.run([sys.executable, str(script), str(Path(__file__).parents[2])],
                         capture_output=True, text=True, timeout=120)
    worker = int(bot.stdout)
    try:
        assert bot.returncode == -signal.SIGKILL
        for _ in range(100):
            if not alive(worker):
                break
            time.sleep(0.1)
        assert not alive(worker), "the painter outlived its bot"
    finally:
        if alive(worker):
            os.kill(worker, signal.SIGKILL)


def alive(pid: int) -> bool:
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(") ", 1)[1][0] != "Z"
    except OSError:
        return False
