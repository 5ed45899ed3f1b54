"""Turn limits from a minute to three days: how they read, which are offered while typing, and
when a decision of each length is reminded."""

from __future__ import annotations

import pytest

from bot.durations import DAY, HOUR, duration, offered
from bot.i18n import Catalog
from bot.timers import reminders


@pytest.fixture(scope="module")
def catalog() -> Catalog:
    return Catalog.load()


@pytest.mark.parametrize(("minutes", "en", "es"), [
    (1, "1 min", "1 min"), (45, "45 min", "45 min"), (HOUR, "1 h", "1 h"),
    (90, "1 h 30 min", "1 h 30 min"), (DAY, "1 day", "1 día"), (3 * DAY, "3 days", "3 días"),
    (DAY + 2 * HOUR + 5, "1 day 2 h", "1 día 2 h"),
])
def test_a_limit_reads_in_whole_units(catalog: Catalog, minutes: int, en: str, es: str) -> None:
    assert duration(minutes, catalog, "en") == en
    assert duration(minutes, catalog, "es") == es


def test_offered_limits_follow_what_is_typed_and_never_pass_the_most(catalog: Catalog) -> None:
    everything = offered("", catalog, "en", most=3 * DAY)
    assert [m for _, m in everything][:3] == [1, 2, 3] and everything[-1] == ("3 days", 3 * DAY)
    assert all(m <= HOUR for _, m in offered("", catalog, "en", most=HOUR))
    assert offered("day", catalog, "en", most=3 * DAY) == [
        ("1 day", DAY), ("2 days", 2 * DAY), ("3 days", 3 * DAY)]
    assert offered("días", catalog, "es", most=3 * DAY)[0] == ("2 días", 2 * DAY)
    assert offered("7", catalog, "en", most=3 * DAY)[0] == ("7 min", 7)  # a number typed
    assert offered("99999", catalog, "en", most=3 * DAY) == []
    assert len(everything) <= 25


@pytest.mark.parametrize(("limit", "points"), [
    (1, [0.5]), (10, [5.0]), (30, [15.0, 27.0]), (HOUR, [30.0, 54.0]),
    (3 * DAY, [36 * HOUR, 3 * DAY - HOUR]),
])
def test_reminders_at_half_time_and_near_the_end_of_a_long_limit(limit: int,
                                                                  points: list[float]) -> None:
    assert reminders(limit) == pytest.approx(points)
