"""A record of every REST call the bot made, so tests and benchmarks can count them."""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any


@dataclass
class RestCall:
    seq: int
    method: str
    route: str  # the template, e.g. "/channels/{channel_id}/messages"
    path: str
    status: int
    code: int | None  # Discord error code for 4xx/5xx answers
    kind: str  # "bot", "webhook", "callback" or "open"
    started: float
    duration: float
    remaining: int | None = None  # what the request's rate-limit bucket had left after it
    limited: str | None = None  # the limit that refused it with a 429: "global" or "route"

    def as_dict(self) -> dict[str, Any]:
        return asdict(self)


class CallLog:
    def __init__(self) -> None:
        self.calls: list[RestCall] = []

    def add(self, **fields: Any) -> RestCall:
        call = RestCall(seq=len(self.calls), **fields)
        self.calls.append(call)
        return call

    def since(self, seq: int = 0) -> list[RestCall]:
        return self.calls[seq:]
