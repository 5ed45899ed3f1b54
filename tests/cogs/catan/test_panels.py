"""Catan's private panels over whole seeded random games: every legal action is reachable
from the panel (through the menu's groups and the narrowing selects past 25), every component
plays an action the engine accepts, Discord's limits hold, discards and gifts are a
multi-select of the hand with the count owed, and the offer builder sends any offer."""

from __future__ import annotations

from collections import Counter
from typing import Any

import discord
import pytest

from bot.ui import Focus
from cogs.catan import trades
from cogs.catan.ui import UI
from rules.catan.game import GAME

from .helpers import CATALOG, items, playout, walk

MULTI = {"discard", "give_cards"}  # chosen from the hand, any cards
BUILT = {"offer_trade", "counter_trade", "take_cards"}  # made in the trade builder


def canonical(action: Any) -> str:
    return repr(sorted(GAME.dump_action(GAME.parse_action(action)).items()))


@pytest.mark.parametrize(("players", "seed", "options"), [
    (3, 1, {}), (4, 2, {"layout": "random"}), (4, 5, {"points": 10})])
def test_every_legal_action_is_on_the_panel(players: int, seed: int,
                                            options: dict[str, Any]) -> None:
    offered: Counter[str] = Counter()
    for i, (rec, _) in enumerate(playout(players, seed, options)):
        if i % 5 and len(GAME.must_decide(rec.state)) < 2:
            continue  # every fifth state, and every state where several decide at once
        for seat in GAME.to_act(rec.state):
            legal = GAME.legal_actions(rec.state, seat)
            walked = walk(rec, seat, "es" if i % 2 else "en")
            reached = {canonical(a) for a in walked.actions}
            for action in walked.actions:
                assert GAME.is_legal(rec.state, seat, action), action
            wanted = {canonical(a) for a in legal if a.type not in MULTI | BUILT}
            assert wanted <= reached, sorted(wanted - reached)[:5]
            types = {a.type for a in legal}
            if types & MULTI:
                owed = next(d["count"] for d in GAME.view(rec.state, seat)["pending"]
                            if d["seat"] == seat)
                [multi] = [m for m in walked.multis if m["kind"] in ("dc", "gc")]
                hand = sum(GAME.view(rec.state, seat)["hand"].values())
                assert multi["max"] == min(owed, hand, 25)
            if types & BUILT:  # the builder reached, its cards' buttons on it
                assert walked.layouts > 0, types
            offered.update(types)
    assert offered["place_building"] and offered["end_turn"] and offered["roll"]


def test_discards_are_chosen_card_by_card() -> None:
    codes = ["0.brick", "1.brick", "4.ore"]
    assert UI.select_action("dc", codes) == {"type": "discard",
                                              "cards": {"brick": 2, "ore": 1}}
    assert UI.select_action("dc", ["0.brick", "1.Brick"]) is None  # not a code of ours


def test_an_offer_is_built_side_by_side_and_sent() -> None:
    """In the builder a click adds a card to a side (the button's draft keeps the other
    side), a click takes one back, and the seat select then plays the whole offer."""
    [rec] = [r for r, _ in playout(3, 11) if "offer_trade" in {
        a.type for a in GAME.legal_actions(r.state, r.state.seats[r.state.active])}
        and r.state.phase == "action"][:1]
    seat = rec.state.seats[rec.state.active]
    hand = GAME.view(rec.state, seat)["hand"]
    give = next(c for c, n in hand.items() if n)
    get = next(c for c in hand if c != give)
    focus: str | None = "@offer"
    for side, card in (("give", give), ("get", get), ("get", get), ("get", get)):
        focus = click(rec, seat, focus, side, card, "+ ")
    focus = click(rec, seat, focus, "get", get, "− ")  # one taken back
    assert trades.draft(focus, hand) == trades.Draft({give: 1}, {get: 2})
    panel = UI.panel(rec, rec.seat(seat), CATALOG, "en", [], focus)
    assert "you give 1" in (panel.embed.description or "")
    selects = {item.custom_id.rsplit(".", 1)[1]: item for item in items(panel.view)
               if hasattr(item, "options")}
    sends = [UI.select_action("ot", [o.value]) for o in selects["ot"].options]
    assert len(sends) == 3  # everyone, then each seat
    assert all(isinstance(a, dict) and GAME.is_legal(rec.state, seat, a) for a in sends)
    others = [p for p in rec.state.seats if p != seat]
    assert [a["to"] for a in sends] == [others, *others]  # type: ignore[index]
    assert sends[1] == {"type": "offer_trade", "to": others[0],
                        "give": {give: 1}, "get": {get: 2}}


def click(rec: Any, seat: str, focus: str | None, side: str, card: str, sign: str
          ) -> str | None:
    """The focus a builder's button adding (sign "+ ") or taking back ("− ") `card` on
    `side` leads to (the sides' buttons come in their order: give, then get)."""
    panel = UI.panel(rec, rec.seat(seat), CATALOG, "en", [], focus)
    name = CATALOG.text(f"catan.resource.{card}", "en")
    found = [UI.button_action(i.custom_id.split(":", 3)[-1]) for i in items(panel.view)
             if isinstance(i, discord.ui.Button) and (i.label or "").startswith(sign)
             and (i.label or "").endswith(name)]
    chosen = found[0] if side == "give" or len(found) == 1 else found[1]
    assert isinstance(chosen, Focus), found
    return chosen.value


def test_a_forged_or_outdated_offer_focus_asks_again() -> None:
    hand = {"brick": 1}
    assert trades.draft("@offer:zzzzzzzz:10000000", hand) == trades.Draft(
        {"brick": 1}, {"lumber": 1})  # cut to the hand
    assert trades.draft("@offer:00010000", hand) == trades.EMPTY
    assert trades.draft("@offer:0001000:10000000", hand) == trades.EMPTY
    assert trades.draft("@offer:00050000:10000000", hand).give == {"brick": 1}
    assert trades.draft("@offer:10000000:00010000", hand).give == {}  # no lumber held
    assert UI.select_action("og", ["0.brick_10000000", "1.ore_00000000"]) is None
    assert UI.select_action("og", ["0.gold_10000000"]) is None
