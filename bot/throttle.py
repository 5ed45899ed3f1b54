"""A person's clicks per second, for a busy bot: a burst is answered as usual, a flood with one
short line that costs nothing to draw.

Every click on a panel redraws that panel from the game's state (and maybe its picture), so
one member pressing buttons many times a second would spend the bot's time that the other
games' players wait for. While the bot is busy (`Publisher.busy`), each person keeps up to
RATE clicks a second after a burst of BURST; beyond that a click is answered "too fast" and
changes nothing. A quiet bot throttles nobody.
"""

from __future__ import annotations

RATE = 5.0    # clicks a second a person keeps up
BURST = 15.0  # clicks a person may make at once
KEPT = 10_000  # people remembered before the oldest are forgotten (they have refilled since)


class Throttle:
    """A token bucket per person: `allow(user, now)` spends one click or says no."""

    def __init__(self, rate: float = RATE, burst: float = BURST) -> None:
        self.rate, self.burst = rate, burst
        self._buckets: dict[int, tuple[float, float]] = {}  # user -> (clicks left, when)

    def allow(self, user_id: int, now: float) -> bool:
        left, then = self._buckets.pop(user_id, (self.burst, now))
        left = min(self.burst, left + (now - then) * self.rate)
        allowed = left >= 1.0
        self._buckets[user_id] = (left - 1.0 if allowed else left, now)  # newest last
        if len(self._buckets) > KEPT:
            del self._buckets[next(iter(self._buckets))]
        return allowed
