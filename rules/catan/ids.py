"""Display ids parsed at the action boundary: an unknown id is an illegal action."""

from __future__ import annotations

from collections.abc import Callable

from . import board
from .errors import IllegalAction


def _parsed(parse: Callable[[str], int], text: str) -> int:
    try:
        return parse(text)
    except ValueError:
        raise IllegalAction(f"no place {text!r} on the board") from None


def parse_node(text: str) -> int:
    return _parsed(board.parse_node, text)


def parse_edge(text: str) -> int:
    return _parsed(board.parse_edge, text)


def parse_hex(text: str) -> int:
    return _parsed(board.parse_hex, text)
