"""Scoring (rulebook: "Final de la partida") and the tie-break."""

from __future__ import annotations

from pydantic import BaseModel

from .cards import COST, DISTRICT_TYPES, KIND, RANK
from .districts import BONUSES, TYPES_WILDCARDS
from .state import GameState, Player


class Score(BaseModel):
    player: str
    districts: int = 0  # printed costs (University and Dragon Gate: 6, their 2 more below)
    five_types: int = 0  # +3 with every type
    first_complete: int = 0  # +4
    complete: int = 0  # +2 for every other complete city
    map_room: int = 0  # +1 per card in hand
    imperial_treasury: int = 0  # +1 per gold
    university: int = 0  # +2: worth 8, costs 6
    dragon_gate: int = 0  # +2: worth 8, costs 6
    beautified: int = 0  # Dark City: +1 per district the Artist beautified
    museum: int = 0  # +1 per card under the Museum
    wishing_well: int = 0  # +1 per other unique district
    haunted_quarter_as: str | None = None  # the type the Haunted Quarter counted as
    tiebreak: int = 0  # highest rank revealed in the last round; 0 if none
    total: int = 0


# A unique district's bonus (districts.BONUSES) is the Score field named after it: Score is the
# engine's public API, so a new bonus district also adds its field above.
assert set(BONUSES) <= set(Score.model_fields), "every district bonus has its Score field"


def score(s: GameState, p: Player) -> Score:
    parts, haunted_as = _parts(s, p)
    return Score.model_validate({"player": p.id, **parts, "haunted_quarter_as": haunted_as,
                                 "tiebreak": _tiebreak(s, p), "total": sum(parts.values())})


def _parts(s: GameState, p: Player) -> tuple[dict[str, int], str | None]:
    f = p.__dict__  # one slow model read instead of seven
    city = f["city"]
    return city_score(city, f["gold"], len(f["hand"]), first=s.first_complete == f["id"],
                      complete=len(city) >= s.city_size,
                      museum=len(f["museum"]), beautified=len(f["beautified"]))


def _tiebreak(s: GameState, p: Player) -> int:
    """The highest rank p revealed this round (the last round's, once the game is over)."""
    return _tiebreaks(s).get(p.id, 0)


def _tiebreaks(s: GameState) -> dict[str, int]:
    """_tiebreak of every player who revealed a character this round, from one pass."""
    best: dict[str, int] = {}
    holders = s.holders
    for c in s.revealed:
        seat = holders.get(c)
        if seat is not None and RANK[c] > best.get(seat, 0):
            best[seat] = RANK[c]
    return best


def city_score(city: list[str], gold: int, hand_size: int, *, first: bool, complete: bool,
               museum: int = 0, beautified: int = 0) -> tuple[dict[str, int], str | None]:
    """The points a city is worth, by part (BREAKDOWN), and the type the Haunted Quarter
    counted as: also what a player may ask of a city it only imagines."""
    five_types, haunted_as = _five_types(city)
    parts = {
        "districts": sum(map(COST.__getitem__, city)),  # map: no generator to resume
        "five_types": five_types,
        "first_complete": 4 if first else 0,
        "complete": 2 if complete and not first else 0,
        "beautified": beautified,
    }
    for district, bonus in BONUSES.items():  # a unique district's points, named after it
        parts[district] = bonus(gold, hand_size, city, museum) if district in city else 0
    return parts, haunted_as


def five_types(city: list[str]) -> bool:
    """Whether the city earns the five-types bonus."""
    return _five_types(city)[0] > 0


def _five_types(city: list[str]) -> tuple[int, str | None]:
    """+3 if every type is present; a wildcard (the Haunted Quarter) takes whichever type is
    best: the second value, None without a wildcard (its own type if no choice helps)."""
    if TYPES_WILDCARDS.isdisjoint(city):  # most cities: one C call, no comprehension
        return (3 if len(set(map(KIND.__getitem__, city))) == len(DISTRICT_TYPES) else 0), None
    wild = [d for d in city if d in TYPES_WILDCARDS]
    others = {KIND[d] for d in city if d not in TYPES_WILDCARDS}
    for kind in DISTRICT_TYPES:
        if len(others | {kind}) == len(DISTRICT_TYPES):
            return 3, kind
    return 0, KIND[wild[0]]


def scores(s: GameState) -> dict[str, Score]:
    """Every player's score as if the game ended now (final once `finished`)."""
    return {p.id: score(s, p) for p in s.players}


def decide_winner(s: GameState) -> str:
    """Most points; ties go to the highest character revealed in the last round, then seat:
    ranking(s)[0], from the scores' totals alone (no Score models, once per game)."""
    tiebreaks, seat = _tiebreaks(s), s.seat
    return min(s.players, key=lambda p: (-sum(_parts(s, p)[0].values()),
                                         -tiebreaks.get(p.id, 0), seat[p.id])).id


def ranking(s: GameState, table: dict[str, Score] | None = None) -> list[str]:
    """Every player, best first: points, then the highest character revealed in the last
    round, then seating order."""
    table = scores(s) if table is None else table
    return [p.id for p in sorted(s.players, key=lambda p: (
        -table[p.id].total, -table[p.id].tiebreak, s.seat[p.id]))]


BREAKDOWN: tuple[str, ...] = ("districts", "five_types", "first_complete", "complete",
                              "beautified", *BONUSES)
# Parts a breakdown shows only when they count: Dark City's, and the two 8-point districts'.
DARK_PARTS = frozenset({"beautified", "museum", "wishing_well"})
WHEN_SCORED = DARK_PARTS | {"university", "dragon_gate"}


def breakdown(score: Score) -> dict[str, int]:
    """Where a score's points come from; the parts add up to `score.total`."""
    return {part: getattr(score, part) for part in BREAKDOWN
            if part not in WHEN_SCORED or getattr(score, part)}
