"""Injected failures: the next N requests matching a method and path answer 5xx or 429."""

from __future__ import annotations

import re
from dataclasses import dataclass


@dataclass
class Fault:
    status: int
    method: str | None
    path: re.Pattern[str]
    remaining: int
    retry_after: float = 0.0
    is_global: bool = False

    def matches(self, method: str, path: str) -> bool:
        return (
            self.remaining > 0
            and (self.method is None or self.method == method)
            and self.path.search(path) is not None
        )


class Faults:
    def __init__(self) -> None:
        self.pending: list[Fault] = []

    def add(
        self,
        status: int,
        *,
        method: str | None = None,
        path: str = "",
        count: int = 1,
        retry_after: float = 0.0,
        is_global: bool = False,
    ) -> None:
        self.pending.append(
            Fault(status, method, re.compile(path), count, retry_after, is_global)
        )

    def take(self, method: str, path: str) -> Fault | None:
        for fault in self.pending:
            if fault.matches(method, path):
                fault.remaining -= 1
                return fault
        return None

    def clear(self) -> None:
        self.pending.clear()
