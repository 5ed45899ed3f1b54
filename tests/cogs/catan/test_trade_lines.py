"""An offer to several seats on Discord: every offer, answer, counter, trade and withdrawal is
a public line, told to each reader in their own person (the offerer, the seat answering or
traded with, and the others), in both languages; the addressees and the offerer are asked."""

from __future__ import annotations

import pytest

from cogs.catan import events, texts
from cogs.catan.ui import UI
from rules.catan import engine
from rules.catan.actions import (
    AcceptTrade,
    Action,
    CancelTrade,
    CounterTrade,
    DeclineTrade,
    OfferTrade,
    PickTrade,
)
from rules.catan.state import GameState
from rules.kernel.events import Event
from tests.rules.catan.engine_helpers import table

from .helpers import CATALOG, record, seats

SEATS = seats(4)
P = [s.id for s in SEATS]


def played(*moves: tuple[str, Action]) -> tuple[GameState, list[Event]]:
    s = table(4, cards={"R": {"wool": 2}, "B": {"ore": 1, "brick": 1}, "W": {"ore": 1},
                        "O": {"grain": 1}})
    s = s.model_copy(update={"seats": P, "players": [
        p.model_copy(update={"id": seat_id}) for p, seat_id in zip(s.players, P, strict=True)]})
    happened: list[Event] = []
    for seat, action in moves:
        s, new = engine.apply(s, seat, action)
        happened += new
    return s, happened


OFFER = OfferTrade(to=P[1:], give={"wool": 1}, get={"ore": 1})
GAMES = {
    "picked": (("p1", OFFER), ("p2", CounterTrade(give={"brick": 1}, get={"wool": 2})),
               ("p3", AcceptTrade()), ("p4", DeclineTrade()), ("p1", PickTrade(seat="p2"))),
    "cancelled": (("p1", OFFER), ("p3", AcceptTrade()), ("p1", CancelTrade())),
}


@pytest.mark.parametrize("game", sorted(GAMES))
@pytest.mark.parametrize("lang", ["en", "es"])
def test_every_step_is_a_line_for_everyone_in_their_own_person(game: str, lang: str) -> None:
    _, happened = played(*GAMES[game])
    for event in happened:
        public = event.visible_to(None)
        line = events.line(public, SEATS, CATALOG, lang)
        assert line and "?" not in line, public
        for seat in SEATS:
            mine = event.visible_to(seat.id)
            text = events.line(mine, SEATS, CATALOG, lang, viewer=seat.id)
            assert text and "?" not in text, (seat.id, mine)
            me = texts.seat(seat.id, SEATS, CATALOG, lang)
            if seat.id in (mine.get("seat"), mine.get("to")) or seat.id in (
                    mine.get("to") or []):
                assert me not in text, (lang, mine, text)


def test_the_lines_say_who_did_what() -> None:
    _, happened = played(*GAMES["picked"])
    lines = [events.line(e.visible_to(None), SEATS, CATALOG, "en") or "" for e in happened]
    name = {s.id: texts.seat(s.id, SEATS, CATALOG, "en") for s in SEATS}
    offered, countered, accepted, declined, made = lines
    assert all(name[p] in offered for p in P)
    assert name["p2"] in countered and "counters" in countered
    assert name["p3"] in accepted and "accepts" in accepted
    assert "declines" in declined
    assert name["p1"] in made and name["p2"] in made and "trades" in made
    mine = events.line(happened[0].visible_to("p3"), SEATS, CATALOG, "en", viewer="p3") or ""
    assert "you and" in mine and name["p3"] not in mine


def test_the_addressees_and_the_offerer_are_pinged_with_their_decision() -> None:
    s, _ = played(("p1", OFFER))
    assert UI.ping_key(record(s, 4)) == "catan.ping.trade_ask"
    s, _ = played(("p1", OFFER), ("p2", AcceptTrade()), ("p3", DeclineTrade()),
                  ("p4", DeclineTrade()))
    assert UI.ping_key(record(s, 4)) == "catan.ping.trade_reply"
    for key in ("catan.ping.trade_ask", "catan.ping.trade_reply", "catan.ask.trade_ask",
                "catan.ask.trade_ask.cannot_pay", "catan.ask.trade_reply"):
        for lang in ("en", "es"):
            assert CATALOG.text(key, lang, mention="@x", other="X", give="a", get="b") != key
