"""The expert's plan for the round's takes: which item to take now, knowing that the others
take in between. Each seat's worth of each item it may take is computed once (the seat's own
neighbourhood as it stands; the others judged as the basic player judges, which is also how
they are expected to choose); then, for each item the seat may take now, the rest of the round
is played out on those worths: the others take their best item left, the seat its own best,
and the item whose round brings the seat most is taken.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

from rules.cities.board import STAR_ORDER
from rules.cities.counts import quota

from .seen import Seen

Worths = Mapping[str, float]  # item -> what taking it is worth to a seat


@dataclass(frozen=True)
class Outcome:
    mine: float  # what the seat's takes this round bring it
    theirs: float  # what the others' takes bring them
    star: bool  # the seat takes the star for the next round


def play_out(seen: Seen, first: str, worths: Sequence[Worths], choose: Sequence[Worths]
             ) -> Outcome:
    """The rest of the round after the seat takes `first`: every later turn's seat takes the
    item it `choose`s most among those left in rows where it is under its quota. `worths` say
    what each take brings the seat that takes it."""
    me = seen.me
    left = {item for w in choose for item in w} - {first}
    used: dict[tuple[int, str], int] = {}
    for item, who in seen.taken.items():
        used[who, item[0]] = used.get((who, item[0]), 0) + 1
    used[me, first[0]] = used.get((me, first[0]), 0) + 1
    cap = quota(seen.players)
    mine, theirs = worths[me][first], 0.0
    star = {first: me} if first[0] == "D" else {}
    for seat in seen.order()[1:]:
        options = [i for i in choose[seat] if i in left and used.get((seat, i[0]), 0) < cap]
        if not options:
            continue
        item = max(options, key=lambda i: choose[seat][i])
        left.discard(item)
        used[seat, item[0]] = used.get((seat, item[0]), 0) + 1
        if seat == me:
            mine += worths[me][item]
        else:
            theirs += worths[seat].get(item, 0.0)
        if item[0] == "D":
            star[item] = seat
    taken = {**{i: s for i, s in seen.taken.items() if i[0] == "D"}, **star}
    holder = next((taken[i] for i in STAR_ORDER if i in taken), None)
    return Outcome(mine, theirs, holder == me)


def best_take(seen: Seen, items: Sequence[str], worths: Sequence[Worths],
              choose: Sequence[Worths], score: Callable[[Outcome], float]) -> str:
    """The item among `items` whose played-out round scores best (the first on ties)."""
    return max(items, key=lambda i: score(play_out(seen, i, worths, choose)))
