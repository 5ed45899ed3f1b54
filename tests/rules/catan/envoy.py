"""The Envoy, a Catan progress card that exists only under tests/: it proves that a card which
asks ANOTHER seat a decision of a kind of its own is one record for the engine
(`progress.Card`, with its `asks.Ask` and the answer's action class) and one for the computer
player (`cards.Policy`), here in one file, with no line of rules/ or ai/ naming it: the
engine takes it through `progress.add_card`, the basic player through `cards.POLICIES`.
A built-in card would be the same records in rules/catan/progress.py and ai/catan/cards.py,
its copies in rules.json's decks, its numbers in data/progress.json and its texts in the two
catalogs (its name, its decision's catan.ask.<kind> and catan.ping.<kind>, its events): six
files (issue 43: about ten before). On Discord its answer's action type is declared by
cogs/catan/actions_ui.py's derive: it needs texts alone (tests/cogs/catan/test_new_card_bot.py).

Politics: name another seat holding a resource; it chooses one of its resources and sends it
to you (kind "envoy_gift", answered by send_envoy_gift).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from typing import Any

from ai.catan import cards, plan
from ai.catan.seen import Seen
from rules.catan import progress
from rules.catan.actions import Action, PlayProgress, made
from rules.catan.asks import Ask
from rules.catan.errors import IllegalAction
from rules.catan.state import RESOURCES, Decision, GameState
from rules.catan.tx import Tx

NAME, KIND, COLOUR = "envoy", "envoy_gift", "politics"


class SendEnvoyGift(Action):
    """The seat the Envoy named sends one card of a resource it holds."""
    card: str


def _holders(s: GameState, seat: int) -> list[int]:
    return [o for o in progress.opponents(s, seat)
            if any(s.players[o].cards[r] for r in RESOURCES)]


def _options(s: GameState, seat: int) -> list[PlayProgress]:
    return [made(PlayProgress, card=NAME, seat=s.seats[o]) for o in _holders(s, seat)]


def _effect(tx: Tx, seat: int, act: PlayProgress) -> None:
    assert act.seat is not None
    tx.push([Decision(kind=KIND, seat=tx.s.seats.index(act.seat), stage=tx.stage(),
                      target=seat)], first=True)


def _choices(s: GameState, d: Decision) -> list[Action]:
    cards_ = s.players[d.seat].cards
    return [SendEnvoyGift(card=r) for r in RESOURCES if cards_[r]]


def _send(tx: Tx, d: Decision, act: Any) -> None:
    if act.card not in RESOURCES or not tx.s.players[d.seat].cards[act.card]:
        raise IllegalAction("one of the resources you hold")
    assert d.target is not None
    tx.done(d)
    tx.move_cards(d.seat, d.target, {act.card: 1})
    tx.emit("envoy_gift_sent", d.seat, to=tx.name(d.target), card=act.card)


CARD = progress.Card(_options, _effect, asks=(Ask(KIND, SendEnvoyGift, _choices, _send),))


# --- the computer player's -------------------------------------------------------------------

def _aim(s: Seen, plays: Sequence[PlayProgress]) -> PlayProgress | None:
    """At the seat holding most cards."""
    return max(plays, key=lambda p: int(s.players[s.seat(p.seat) or 0]["cards"]))


def _answer(s: Seen, d: dict[str, Any], legal: Sequence[Any]) -> Any:
    """Send the resource it would keep least."""
    return min(legal, key=lambda a: plan.keep_value(s, a.card))


POLICY = cards.Policy(2.0, _aim, {KIND: _answer})


@contextmanager
def envoy() -> Iterator[None]:
    """The Envoy in the engine and the computer player for the duration of the block."""
    progress.add_card(NAME, CARD, COLOUR)
    cards.POLICIES[NAME] = POLICY
    try:
        yield
    finally:
        del cards.POLICIES[NAME]
        progress.remove_card(NAME)
