"""The expert's plan for the round's takes: which item to take now, knowing that the others
take in between. Each seat's worth of each item it may take is computed once (the seat's own
neighbourhood as it stands; the others judged as the basic player judges, which is also how
they are expected to choose); then, for each item the seat may take now, the rest of the round
is played out on those worths: every later turn's seat takes its best item left in a row where
it is under its quota, and the item whose round brings the seat most is taken.

With 3 or 4 players every seat takes one item of each row a round (two with 2 players), so
the plan is about the order of the rows and which item of each: an item others want goes
first, one nobody else wants can wait.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from rules.cities.counts import quota

from .seen import Seen

Worths = Mapping[str, float]  # item -> what taking it is worth to a seat


def play_out(seen: Seen, first: str, worths: Sequence[Worths]) -> float:
    """What the seat's takes this round bring it if it takes `first` now and every later
    turn's seat then takes its best item left (`worths[seat]`, the seat's own included)."""
    me = seen.me
    left = {item for w in worths for item in w} - {first}
    used: dict[tuple[int, str], int] = {(me, first[0]): 1}
    for item, who in seen.taken.items():
        used[who, item[0]] = used.get((who, item[0]), 0) + 1
    cap = quota(seen.players)
    mine = worths[me][first]
    for seat in seen.order()[1:]:
        options = [i for i in worths[seat] if i in left and used.get((seat, i[0]), 0) < cap]
        if not options:
            continue
        item = max(options, key=lambda i: worths[seat][i])
        left.discard(item)
        used[seat, item[0]] = used.get((seat, item[0]), 0) + 1
        if seat == me:
            mine += worths[me][item]
    return mine


def best_take(seen: Seen, items: Sequence[str], worths: Sequence[Worths]) -> str:
    """The item among `items` whose played-out round brings the seat most (the first on
    ties)."""
    return max(items, key=lambda i: play_out(seen, i, worths))
