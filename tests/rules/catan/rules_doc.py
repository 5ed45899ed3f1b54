"""The tables of docs/rules/catan-cities-knights.md (§1.5, §1.6, §15 T03, Appendix A) that the
board tests compare the code with."""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

DOC = Path(__file__).resolve().parents[3] / "docs" / "rules" / "catan-cities-knights.md"
MINUS = str.maketrans({"−": "-"})


@cache
def text() -> str:
    return DOC.read_text(encoding="utf-8").translate(MINUS)


def section(start: str, end: str | None = None) -> str:
    body = text().split(start, 1)[1]
    return body.split(end, 1)[0] if end else body


def appendix() -> str:
    return section("## Appendix A")


def hex_corners() -> dict[str, tuple[tuple[int, int], list[str]]]:
    """H id -> ((q, r), six corner I ids N..NW)."""
    rows = re.findall(r"(H\d+) \| \((-?\d+),(-?\d+)\) \| ((?:I\d+ ?)+)", appendix())
    return {h: ((int(q), int(r)), corners.split()) for h, q, r, corners in rows}


def intersections() -> dict[str, tuple[tuple[int, int, str], list[str]]]:
    """I id -> ((q, r, N|S), land H ids)."""
    rows = re.findall(r"(I\d+)=\((-?\d+),(-?\d+),([NS])\):((?:H\d+,?)+)", appendix())
    return {i: ((int(q), int(r), c), hs.split(",")) for i, q, r, c, hs in rows}


def edges() -> dict[str, tuple[str, str]]:
    return {p: (a, b) for p, a, b in re.findall(r"(P\d+)=(I\d+)-(I\d+)", appendix())}


def coast() -> list[str]:
    body = section("**Coast, clockwise from P4", "Harbour slots")
    return [p for _, p in sorted((int(k), p) for k, p in re.findall(r"(\d+) (P\d+)", body))]


def harbour_positions() -> list[int]:
    line = section("Harbour slots: positions", "=")
    return [int(k) for k in re.findall(r"\d+", line)]


def harbours() -> dict[str, tuple[str, str, list[str]]]:
    """§1.5: HB id -> (type, edge P id, its two I ids)."""
    rows = re.findall(r"\| (HB\d+) \| (\w+) \| (P\d+) \| (I\d+), (I\d+) \|", text())
    return {hb: (kind, p, [a, b]) for hb, kind, p, a, b in rows}


def beginner() -> dict[str, tuple[tuple[int, int], str, int | None]]:
    """§1.5: H id -> ((q, r), terrain, token or None)."""
    body = section("### 1.5", "No 6/8 pair")
    rows = re.findall(r"(H\d+) \| \((-?\d+),(-?\d+)\) \| (\w+) \| (\d+|—)", body)
    return {
        h: ((int(q), int(r)), terrain, None if token == "—" else int(token))
        for h, q, r, terrain, token in rows
    }


def spiral_rings() -> tuple[list[str], list[str]]:
    """§1.6 step 3: the outer ring from H12 and the inner ring from H11."""
    body = section("### 1.6", "### 1.7")
    outer = re.search(r"Outer ring counter-clockwise from H12: ((?:H\d+ ?)+)", body)
    inner = re.search(r"inner\s+ring from H11: ((?:H\d+ ?)+)", body)
    assert outer and inner
    return outer.group(1).split(), inner.group(1).split()


def t03_spiral() -> dict[str, int]:
    """§15 T03: the tokens the spiral from H12 lays on the beginner terrain."""
    line = section("- T03", "\n")
    return {h: int(v) for h, v in re.findall(r"(H\d+) (\d+)", line)}
