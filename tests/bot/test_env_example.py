"""`.env.example` documents every setting of `bot.settings.Settings`, and every range it writes
("1-4320", "0-3600") is the one the settings model enforces."""

from __future__ import annotations

import re
from pathlib import Path

from annotated_types import Ge, Le

from bot.settings import Settings

EXAMPLE = Path(__file__).parents[2] / ".env.example"
SETTING = re.compile(r"^#?\s?([A-Z][A-Z_]+)=")
RANGE = re.compile(r"(?<![\w.])(\d[\d_]*)-(\d[\d_]*)(?![\w.])")


def blocks() -> dict[str, str]:
    """Each setting's name with the comment lines above it (a group of commented settings
    shares its comment)."""
    found: dict[str, str] = {}
    comment: list[str] = []
    for line in EXAMPLE.read_text(encoding="utf-8").splitlines():
        match = SETTING.match(line)
        if match:
            found[match[1]] = " ".join(comment)
        elif line.startswith("#"):
            comment.append(line.lstrip("# "))
        else:
            comment = []
    return found


def bounds(name: str) -> tuple[float | None, float | None]:
    metadata = Settings.model_fields[name.lower()].metadata
    low = next((m.ge for m in metadata if isinstance(m, Ge)), None)
    high = next((m.le for m in metadata if isinstance(m, Le)), None)
    return low, high  # type: ignore[return-value]


def test_every_setting_is_documented_and_every_documented_one_exists() -> None:
    documented = set(blocks())
    assert {n.upper() for n in Settings.model_fields} == documented


def test_every_documented_range_is_the_models() -> None:
    checked = 0
    found = blocks()
    for name, comment in found.items():
        shared = sum(other == comment for other in found.values()) > 1
        # A comment shared by several settings gives each its range after its name.
        written = (re.findall(rf"{name} \((\d[\d_]*)-(\d[\d_]*)\)", comment) if shared
                   else RANGE.findall(comment))
        low, high = bounds(name)
        for a, b in written:
            documented_low, documented_high = int(a.replace("_", "")), int(b.replace("_", ""))
            if low is None or high is None:
                continue
            assert documented_high == high, (name, comment)
            # "0 = none; 1-4320": the range of the values that set something
            assert documented_low in (low, low + 1), (name, comment)
            checked += 1
    assert checked >= 4


def test_the_turn_limit_offers_three_days() -> None:
    assert bounds("turn_limit") == (0, 3 * 24 * 60)
    assert "1-4320" in blocks()["TURN_LIMIT"]
