"""Fixed-window rate-limit buckets with Discord's headers and 429 bodies."""

from __future__ import annotations

import hashlib
import time
from dataclasses import dataclass
from typing import Any


@dataclass
class Bucket:
    limit: int
    per: float
    remaining: int = 0
    reset_at: float = 0.0

    def take(self, now: float) -> float | None:
        """Use one request; return the seconds to wait instead when the window is spent."""
        if now >= self.reset_at:
            self.remaining = self.limit
            self.reset_at = now + self.per
        if self.remaining == 0:
            return self.reset_at - now
        self.remaining -= 1
        return None


@dataclass
class Verdict:
    headers: dict[str, str]
    retry_after: float | None = None
    is_global: bool = False

    @classmethod
    def too_many(cls, retry_after: float, is_global: bool = False) -> Verdict:
        scope = {"X-RateLimit-Scope": "global" if is_global else "user"}
        if is_global:
            scope["X-RateLimit-Global"] = "true"
        return cls(_retry_headers(scope, retry_after), retry_after, is_global)

    def body(self) -> dict[str, Any]:
        return {
            "message": "You are being rate limited.",
            "retry_after": round(self.retry_after or 0.0, 3),
            "global": self.is_global,
        }


class RateLimiter:
    def __init__(self) -> None:
        self._buckets: dict[tuple[str, str], Bucket] = {}
        self._global: Bucket | None = None

    def check(
        self,
        route: str,
        major: str,
        rate: tuple[int, float],
        global_rate: tuple[int, float] | None,
    ) -> Verdict:
        """Count one request on `route` for the major parameter (channel, token...)."""
        now = time.monotonic()
        if global_rate is not None:
            self._global = _current(self._global, global_rate)
            wait = self._global.take(now)
            if wait is not None:
                return Verdict.too_many(wait, is_global=True)
        bucket = self._buckets[(route, major)] = _current(self._buckets.get((route, major)), rate)
        wait = bucket.take(now)
        headers = {
            "X-RateLimit-Limit": str(bucket.limit),
            "X-RateLimit-Remaining": str(bucket.remaining),
            "X-RateLimit-Reset": f"{time.time() + bucket.reset_at - now:.3f}",
            "X-RateLimit-Reset-After": f"{bucket.reset_at - now:.3f}",
            "X-RateLimit-Bucket": hashlib.md5(route.encode()).hexdigest()[:16],
        }
        if wait is None:
            return Verdict(headers)
        headers["X-RateLimit-Scope"] = "user"
        return Verdict(_retry_headers(headers, wait), wait)


def _current(bucket: Bucket | None, rate: tuple[int, float]) -> Bucket:
    """The bucket, renewed when the configured rate changed (tests tighten it mid-run)."""
    if bucket is None or (bucket.limit, bucket.per) != tuple(rate):
        return Bucket(*rate)
    return bucket


def _retry_headers(headers: dict[str, str], wait: float) -> dict[str, str]:
    # discord.py only trusts a 429 that came through Discord's proxy (the `Via` header).
    return {**headers, "Retry-After": f"{wait:.3f}", "Via": "1.1 google"}
