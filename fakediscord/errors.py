"""Errors the emulator answers with, shaped like Discord's JSON error bodies."""

from __future__ import annotations

from typing import Any


class ApiError(Exception):
    """An HTTP error response to the bot: status, Discord error code, message, field errors."""

    def __init__(
        self, status: int, code: int, message: str, errors: dict[str, Any] | None = None
    ) -> None:
        super().__init__(f"{status} {code} {message}")
        self.status = status
        self.code = code
        self.message = message
        self.errors = errors

    def body(self) -> dict[str, Any]:
        body: dict[str, Any] = {"message": self.message, "code": self.code}
        if self.errors:
            body["errors"] = self.errors
        return body


class UsageError(Exception):
    """A test asked for something a Discord user could not do (e.g. click an unseen button)."""


def invalid_form(problems: list[tuple[str, str]]) -> ApiError:
    """Discord's 50035 "Invalid Form Body" with one entry per offending field path."""
    errors: dict[str, Any] = {}
    for path, text in problems:
        errors.setdefault(path, {"_errors": []})["_errors"].append(
            {"code": "BASE_TYPE_INVALID", "message": text}
        )
    return ApiError(400, 50035, "Invalid Form Body", errors)


def unknown(what: str) -> ApiError:
    codes = {
        "channel": 10003,
        "message": 10008,
        "webhook": 10015,
        "interaction": 10062,
        "user": 10013,
        "guild": 10004,
        "command": 10063,
        "attachment": 10049,
    }
    return ApiError(404, codes[what], f"Unknown {what.capitalize()}")
