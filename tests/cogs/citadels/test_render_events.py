"""One line per event, public and private, in both languages."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from cogs.citadels.events import event_line, event_types
from cogs.citadels.texts import seat_name
from rules.citadels import Event
from tests.render_helpers import LANGS, assert_no_leak, catalog, event_names, named, play, seats

SEATS = seats(4)  # p1 Ana, p2 Bruno (away), p3 a computer, p4 Dario
SAMPLES: dict[str, Event] = {e.type: e for e in [
    Event("round_started", None, {"round": 3, "crown": "p2", "faceup": ["thief", "bishop"]}),
    Event("draft_turn", "p1", {"kind": "pick"}, {"p1": {"options": ["king", "merchant"]}}),
    Event("character_picked", "p1", {}, {"p1": {"character": "king"}}),
    Event("character_discarded", "p2", {}, {"p2": {"character": "warlord"}}),
    Event("character_revealed", "p2", {"character": "merchant"}),
    Event("character_skipped", None, {"character": "king", "murdered": True}),
    Event("character_absent", None, {"character": "architect"}),
    Event("gold_stolen", "p1", {"victim": "p2", "character": "merchant", "amount": 4}),
    Event("crown_passed", "p3"),
    Event("gold_taken", "p1", {"amount": 2}),
    Event("cards_drawn", "p1", {"count": 2}, {"p1": {"cards": ["manor", "temple"]}}),
    Event("cards_kept", "p1", {"count": 1}, {"p1": {"cards": ["manor"]}}),
    Event("bonus_gold", "p1", {"amount": 1}),
    Event("bonus_cards", "p1", {"count": 2}, {"p1": {"cards": ["castle", "palace"]}}),
    Event("built", "p1", {"district": "cathedral", "cost": 5}),
    Event("city_completed", "p1", {"first": True}),
    Event("income", "p1", {"amount": 3, "district_type": "noble"}),
    Event("murder", "p1", {"character": "king"}),
    Event("theft", "p1", {"character": "merchant"}),
    Event("hands_swapped", "p1", {"other": "p2", "counts": {"p1": 1, "p2": 1}},
          {"p1": {"hand": ["docks"]}, "p2": {"hand": ["harbor"]}}),
    Event("cards_exchanged", "p1", {"count": 2},
          {"p1": {"discarded": ["market", "temple"], "drawn": ["castle", "harbor"]}}),
    Event("destroyed", "p1", {"victim": "p2", "district": "manor", "cost": 2}),
    Event("graveyard_offer", "p3", {"district": "manor"}),
    Event("graveyard_used", "p3", {"district": "manor"}),
    Event("graveyard_declined", "p3", {"district": "manor"}),
    Event("laboratory", "p1", {"amount": 2}, {"p1": {"district": "keep"}}),
    Event("smithy", "p1", {"count": 3}, {"p1": {"cards": ["tavern", "prison", "fortress"]}}),
    Event("king_heir", "p2", {"character": "king"}),
    Event("turn_ended", "p1", {"character": "merchant"}),
    Event("game_over", "p2"),
    # Dark City
    Event("bewitched", "p1", {"character": "alchemist"}),
    Event("witch_resumed", "p1", {"character": "alchemist"}),
    Event("character_discarded_at_random", None, {}),
    Event("tax_paid", "p2", {"to": "p4", "amount": 1}),
    Event("hand_looked_at", "p1", {"other": "p2"}, {"p1": {"hand": ["docks", "harbor"]}}),
    Event("card_taken", "p1", {"from": "p2", "build": True},
          {"p1": {"district": "docks"}, "p2": {"district": "docks"}}),
    Event("crown_given", "p1", {"to": "p3"}),
    Event("tribute", "p3", {"to": "p1", "kind": "card"},
          {"p3": {"district": "castle"}, "p1": {"district": "castle"}}),
    Event("gold_given", "p2", {"to": "p1", "amount": 1}),
    Event("no_richest", "p1", {}),
    Event("refund", "p1", {"amount": 3}),
    Event("exchanged", "p1", {"give": "tavern", "victim": "p2", "take": "palace", "cost": 4}),
    Event("beautified", "p1", {"district": "palace"}),
    Event("queen_gold", "p4", {"amount": 3, "next_to": "p1"}),
    Event("armory", "p1", {"victim": "p2", "district": "keep"}),
    Event("greeted", "p2", {"text": {"en": "Thanks, your Excellency",
                                     "es": "Gracias, Excelencia"}, "to": "p1"}),
    Event("greeting_forgotten", "p2", {"to": "p1"}),
    Event("bell_tower_rung", "p1", {"city_size": 6}),
    Event("bell_tower_silenced", "p1", {"city_size": 7}),
    Event("lighthouse", "p1", {}, {"p1": {"district": "cathedral"}}),
    Event("museum", "p1", {"count": 2}, {"p1": {"district": "market"}}),
    Event("park", "p1", {"count": 2}, {"p1": {"cards": ["tavern", "prison"]}}),
    Event("poor_house", "p1", {"amount": 1}),
    Event("throne_room", "p4", {"amount": 1}),
]}
BOT_SIDE = [{"type": "timeout", "player": "p1"}, {"type": "seat_away", "player": "p2"},
            {"type": "seat_back", "player": "p2"}, {"type": "player_left", "player": "p4"},
            {"type": "resumed"}]
QUIET = {"draft_turn", "turn_ended"}


def emitted_types() -> set[str]:
    """Every event type the engine's source emits (the literal type given to `emit`, the two
    draft kinds built by concatenation, and the Graveyard answers chosen by a conditional)."""
    source = "\n".join(p.read_text() for p in Path("rules/citadels").glob("*.py"))
    # emit(work, "type", ...): the work object first, then the type.
    types = set(re.findall(r'emit\(\s*\w+,\s*"([a-z_]+)"', source)) - {"character_"}
    if re.search(r'emit\(\s*\w+,\s*"character_"', source):
        types |= {"character_picked", "character_discarded"}
    return types | set(re.findall(r'"(graveyard_(?:used|declined))"', source))


def test_every_engine_event_type_has_a_sample_and_a_renderer():
    types = emitted_types()
    assert {"graveyard_used", "graveyard_declined", "murder", "game_over"} <= types
    assert types <= set(SAMPLES), types - set(SAMPLES)
    assert types <= event_types()


def test_every_event_of_random_games_has_a_sample():
    seen: set[str] = set()
    for n in (2, 5, 7):
        for seed in range(4):
            for _, events in play(n, seed):
                seen |= {e.type for e in events}
    assert len(seen) > 20
    assert seen <= set(SAMPLES), seen - set(SAMPLES)


@pytest.mark.parametrize("kind", sorted(SAMPLES))
def test_public_lines_use_public_fields_only(kind: str):
    event = SAMPLES[kind]
    public = event.visible_to(None)
    lines = {lang: event_line(public, SEATS, catalog(), lang) for lang in LANGS}
    if kind in QUIET:
        assert lines == {"en": None, "es": None}
        return
    assert lines["en"] != lines["es"]
    for lang, line in lines.items():
        assert line and line.strip() and "{" not in line and len(line) <= 200
        assert_no_leak(line, lang, event_names(public))
        for field in ("character", "district", "faceup"):
            if field in event.data:
                assert named(line, lang) >= event_names({"x": event.data[field]}), line
        if event.player and kind != "round_started":
            assert seat_name(SEATS[int(event.player[1]) - 1], catalog(), lang, SEATS) in line


@pytest.mark.parametrize("kind", sorted(k for k, e in SAMPLES.items() if e.private))
def test_private_lines_add_the_viewers_secret(kind: str):
    event = SAMPLES[kind]
    for seat, secret in event.private.items():
        seen = event.visible_to(seat)
        for lang in LANGS:
            line = event_line(seen, SEATS, catalog(), lang)
            assert line and "{" not in line
            assert_no_leak(line, lang, event_names(seen))
            assert named(line, lang) >= event_names(secret), (line, secret)
            public = event_line(event.visible_to(None), SEATS, catalog(), lang)
            if public:
                assert line.startswith(public)
                assert not named(public, lang) & (event_names(secret) - event_names(
                    event.visible_to(None)))


def test_lines_read_as_expected():
    cat = catalog()

    def line(kind: str, lang: str = "en", viewer: str | None = None) -> str | None:
        return event_line(SAMPLES[kind].visible_to(viewer), SEATS, cat, lang)

    assert line("built") == "Ana builds 🟦 Cathedral 5."
    assert line("built", "es") == "Ana construye 🟦 Catedral 5."
    assert line("cards_drawn") == "Ana draws 2 cards."
    assert line("cards_drawn", viewer="p1") == "Ana draws 2 cards. Yours: Manor, Temple."
    assert line("cards_kept", "es") == "Ana se queda 1 carta."
    assert line("character_picked") == "Ana picked a character."
    assert line("character_picked", viewer="p1") == "Ana picked a character. You took the King."
    assert line("character_skipped", "es") == "El Rey fue asesinado y pierde su turno."
    assert line("destroyed") == "Ana destroys Bruno 💤's Manor for 2 gold."
    assert line("draft_turn", viewer="p1") == "Your turn to pick: King, Merchant."
    assert line("round_started") == (
        "Round 3 begins; Bruno 💤 has the crown. Face up: Thief, Bishop.")
    assert line("laboratory", viewer="p1").endswith("You discarded Keep.")
    assert "Keep" not in line("laboratory")


@pytest.mark.parametrize("event", BOT_SIDE, ids=lambda e: e["type"])
def test_bot_side_events(event: dict):
    lines = [event_line(event, SEATS, catalog(), lang) for lang in LANGS]
    assert all(lines) and lines[0] != lines[1]
    if "player" in event:
        seat = event["player"]
        for lang, line in zip(LANGS, lines, strict=True):
            assert seat_name(SEATS[int(seat[1]) - 1], catalog(), lang, SEATS) in line


def test_unknown_events_and_locales():
    assert event_line({"type": "no_such_event", "player": "p1"}, SEATS, catalog(),
                             "en") is None
    spanish = event_line(SAMPLES["gold_taken"].visible_to(None), SEATS, catalog(), "es-ES")
    assert spanish == "Ana coge 2 monedas de oro."


def test_own_moves_are_told_in_the_second_person():
    own = SAMPLES["gold_taken"]
    seat = own.player
    assert seat is not None
    assert event_line(own.visible_to(seat), SEATS, catalog(), "en",
                             viewer=seat) == "You take 2 gold."
    assert event_line(own.visible_to(seat), SEATS, catalog(), "es",
                             viewer=seat) == "Coges 2 monedas de oro."
    other = next(s.id for s in SEATS if s.id != seat)
    assert event_line(own.visible_to(other), SEATS, catalog(), "en",
                             viewer=other).startswith("Ana takes")
    # Every event of a player has a line for that player, and no "You" text names them.
    for kind, event in SAMPLES.items():
        if event.player is None:
            continue
        for lang in LANGS:
            line = event_line(event.visible_to(event.player), SEATS, catalog(), lang,
                                     viewer=event.player)
            you = f"citadels.event.you.{kind}" in catalog().tables[lang] or (
                f"citadels.event.you.{kind}.other" in catalog().tables[lang])
            if you and line:
                name = seat_name(SEATS[int(event.player[1]) - 1], catalog(), lang, SEATS)
                assert not line.startswith(name), (kind, line)
