"""A player's own panel speaks to them: no line of it names its seat in the third person.

Whole seeded games, Classic and Dark City, at several player counts, in English and Spanish:
after every action, every seat's panel is drawn as the bot draws it (the actor's with the
lines of what its action caused) and every event line is rendered from every seat's view. The
seats' names ("Zyxa"...) occur in no text of the catalogs or the rules data, so any line of a
seat's own panel holding its name speaks of it in the third person. Only the panel's title
names its seat, as a heading ("Your move, Zyxa — round 3").
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from typing import Any

import discord
import pytest

from bot.client import GameBot
from bot.records import GameRecord, GameSettings, Seat
from cogs.citadels.events import OTHER_SEAT, event_line
from cogs.citadels.texts import character, seat_name
from cogs.citadels.ui import UI
from fakediscord import Discord
from fakediscord.testing import SeenMessage
from rules import citadels
from rules.citadels import Event, cast
from tests.fakediscord_fixtures import Table
from tests.game_driver import Player, play_out, start_game
from tests.render_helpers import LANGS, catalog, seat_ids

NAMES = ("Zyxa", "Qwov", "Jukb", "Vixq", "Wyzk", "Xoqj", "Kyvz", "Fjqx")
# English second-person lines say "you" or "your"; Spanish ones are checked by the name alone
# (their verbs carry the person) and by the exact lines below.
YOU = re.compile(r"\b(you|your)\b", re.IGNORECASE)
DARK_CITY = citadels.Options(
    rank1="witch", rank2="tax_collector", rank3="wizard", rank4="emperor", rank5="abbot",
    rank6="alchemist", rank7="navigator", rank8="diplomat", rank9="queen")
MIX = citadels.Options(**cast.preset("random", "artist", random.Random(4).choice))
# (players, seed, options, event types that must name some seat other than as their player,
# or as both: the seeds are chosen for them, so the walk covers them).
GAMES = [
    (2, 3, None, {"round_started", "destroyed"}),
    (4, 0, None, {"round_started", "destroyed", "gold_stolen", "hands_swapped"}),
    (7, 7, None, {"round_started", "destroyed"}),
    (3, 4, MIX, {"round_started", "armory", "crown_given", "destroyed", "gold_given",
                 "tax_paid", "tribute"}),
    (5, 2, DARK_CITY, {"round_started", "armory", "card_taken", "crown_given", "exchanged",
                       "gold_given", "hand_looked_at", "queen_gold", "tax_paid", "tribute"}),
]


def named_seats(n: int) -> list[Seat]:
    return [Seat(id=seat, name=NAMES[i], user_id=100 + i) for i, seat in enumerate(seat_ids(n))]


def game(n: int, seed: int, options: citadels.Options | None
         ) -> Iterator[tuple[citadels.GameState, str | None, list[Event]]]:
    """Every state of one random game with who acted and the events of that action."""
    state = citadels.new_game(seat_ids(n), seed=seed, options=options)
    rng = random.Random(seed)
    yield state, None, []
    while not state.finished:
        seat = citadels.to_act(state)[0]
        action = citadels.random_action(state, seat, rng)
        assert action is not None
        state, events = citadels.apply(state, seat, action)
        yield state, seat, events


def panel_lines(panel: Any) -> list[str]:
    """Every line a panel shows but its title: description, fields, and its components'
    labels, descriptions and placeholders."""
    embed: discord.Embed = panel.embed
    texts = [embed.description or ""]
    texts += [t for f in embed.fields for t in (f.name or "", f.value or "")]
    for child in panel.view.children if panel.view else []:
        item = getattr(child, "item", child)  # dynamic items wrap theirs
        if isinstance(item, discord.ui.Select):
            texts.append(item.placeholder or "")
            texts += [t for o in item.options for t in (o.label, o.description or "")]
        else:
            texts.append(item.label or "")
    return [line for text in texts for line in text.split("\n") if line]


def names_viewer(event: Event, seat: str) -> bool:
    return event.player == seat or any(event.data.get(f) == seat for f in OTHER_SEAT)


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize(("n", "seed", "options", "expected"), GAMES,
                         ids=[f"{g[0]}p-{'classic' if g[2] is None else 'dark'}" for g in GAMES])
def test_no_seat_reads_its_own_name_on_its_panel(n: int, seed: int,
                                                 options: citadels.Options | None,
                                                 expected: set[str], lang: str) -> None:
    cat, seats = catalog(), named_seats(n)
    told: set[str] = set()  # event types that named a seat other than as its player
    crowns = wins = 0
    state = None
    for version, (state, actor, events) in enumerate(game(n, seed, options)):
        record = GameRecord(game="citadels", id=1, channel_id=1, host_id=1, status="running",
                            version=version, settings=GameSettings(), seats=seats, state=state)
        for seat in seats:
            lines = UI.event_lines(record, list(events), seat.id, cat, lang)  # as the bot does
            panel = UI.panel(record, seat, cat, lang, lines if seat.id == actor else [])
            for line in [*lines, *panel_lines(panel)]:
                assert seat.name not in line, (seat.name, line)
            for event in events:
                if not names_viewer(event, seat.id):
                    continue
                said = event_line(event.visible_to(seat.id), seats, cat, lang,
                                         viewer=seat.id)
                if said is None:  # a quiet event: the table shows whose turn it is
                    continue
                assert said in lines  # the same line the bot gives
                if lang == "en":
                    assert YOU.search(said), said
                if any(event.data.get(f) == seat.id for f in OTHER_SEAT):
                    told.add(event.type)
                if event.type == "round_started" and event.data["crown"] == seat.id:
                    crowns += 1
                    assert said.startswith(cat.text("citadels.event.to_you.round_started",
                                                    lang, round=event.data["round"])), said
                if event.type == "game_over":
                    wins += 1
                    assert said == cat.text("citadels.event.you.game_over", lang)
    assert state is not None and state.finished
    assert crowns >= state.round - 1 and wins == 1
    assert expected <= told, expected - told
    # The winner's last panel tells them so.
    winner = next(s for s in seats if s.id == state.winner)
    record = GameRecord(game="citadels", id=1, channel_id=1, host_id=1, status="finished",
                        version=0, settings=GameSettings(), seats=seats, state=state)
    assert cat.text("citadels.render.panel.over.you", lang) in panel_lines(
        UI.panel(record, winner, cat, lang, []))


# --- the kinds of lines one by one, with their exact words ------------------------------------

SEATS = named_seats(4)
OWN_DESTROY = Event("destroyed", "p4", {"victim": "p4", "district": "watchtower", "cost": 0})


def line(event: Event | dict[str, Any], viewer: str | None, lang: str) -> str | None:
    seen = event.visible_to(viewer) if isinstance(event, Event) else event
    return event_line(seen, SEATS, catalog(), lang, viewer=viewer)


@pytest.mark.parametrize(("event", "viewer", "en", "es"), [
    (Event("round_started", None, {"round": 4, "crown": "p1"}), "p1",
     "Round 4 begins; you have the crown.", "Empieza la ronda 4; tienes la corona."),
    (Event("game_over", "p1"), "p1", "🏆 Game over: you win!", "🏆 Fin de la partida: ¡ganas tú!"),
    (OWN_DESTROY, "p4", "You destroy your own Watchtower for 0 gold.",
     "Destruyes tu Atalaya por 0 monedas de oro."),
    (Event("destroyed", "p4", {"victim": "p2", "district": "manor", "cost": 1}), "p2",
     "Vixq destroys your Manor for 1 gold.", "Vixq destruye tu Señorío por 1 moneda de oro."),
    (Event("gold_stolen", "p1", {"victim": "p2", "character": "merchant", "amount": 4}), "p2",
     "Zyxa steals 4 gold from you, the Merchant.",
     "Zyxa te roba 4 monedas de oro: eres el Mercader."),
    (Event("king_heir", "p2", {"character": "king"}), "p2",
     "You, heir of the murdered King, take the crown.",
     "Como heredero del Rey asesinado, tomas la corona."),
    (Event("queen_gold", "p4", {"amount": 3, "next_to": "p1"}), "p1",
     "Vixq, seated next to you, gets 3 gold (Queen).",
     "Vixq, a tu lado, recibe 3 monedas de oro (Reina)."),
    (Event("no_richest", "p1", {}), "p1", "Nobody is richer than you: nothing to collect.",
     "Nadie es más rico que tú: no hay nada que cobrar."),
])
def test_lines_that_name_their_viewer(event: Event, viewer: str, en: str, es: str) -> None:
    assert line(event, viewer, "en") == en
    assert line(event, viewer, "es") == es


# Every event type, with each seat it may name (as its player or another field) as the viewer.
SAMPLES = [
    Event("round_started", None, {"round": 3, "crown": "p2", "faceup": ["thief"]}),
    Event("character_picked", "p1", {}, {"p1": {"character": "king"}}),
    Event("character_discarded", "p2", {}, {"p2": {"character": "warlord"}}),
    Event("character_revealed", "p2", {"character": "merchant"}),
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
    OWN_DESTROY,
    Event("graveyard_offer", "p3", {"district": "manor"}),
    Event("graveyard_used", "p3", {"district": "manor"}),
    Event("graveyard_declined", "p3", {"district": "manor"}),
    Event("laboratory", "p1", {"amount": 2}, {"p1": {"district": "keep"}}),
    Event("smithy", "p1", {"count": 3}, {"p1": {"cards": ["tavern", "prison", "fortress"]}}),
    Event("king_heir", "p2", {"character": "king"}),
    Event("game_over", "p2"),
    Event("bewitched", "p1", {"character": "alchemist"}),
    Event("witch_resumed", "p1", {"character": "alchemist"}),
    Event("tax_paid", "p2", {"to": "p4", "amount": 1}),
    Event("hand_looked_at", "p1", {"other": "p2"}, {"p1": {"hand": ["docks", "harbor"]}}),
    Event("card_taken", "p1", {"from": "p2", "build": True},
          {"p1": {"district": "docks"}, "p2": {"district": "docks"}}),
    Event("card_taken", "p1", {"from": "p2"}, {"p1": {"district": "docks"}}),
    Event("crown_given", "p1", {"to": "p3"}),
    Event("tribute", "p3", {"to": "p1", "kind": "card"},
          {"p3": {"district": "castle"}, "p1": {"district": "castle"}}),
    Event("tribute", "p3", {"to": "p1", "kind": "gold"}),
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
]
BOT_SIDE = [{"type": t, "player": "p2"} for t in ("timeout", "seat_away", "seat_back",
                                                  "player_left")]


@pytest.mark.parametrize("lang", LANGS)
def test_every_kind_of_line_speaks_to_the_seat_it_names(lang: str) -> None:
    """Each sample, for each seat it names: that seat's name is not in its line, the line is
    not the spectator's, and in English it says "you"."""
    samples: list[tuple[Event | dict[str, Any], set[str]]] = [
        (e, {p for p in [e.player, *(e.data.get(f) for f in OTHER_SEAT)] if p})
        for e in SAMPLES]
    samples += [(e, {e["player"]}) for e in BOT_SIDE]
    for event, named in samples:
        assert named
        public = line(event, None, lang)
        for seat in named:
            mine = line(event, seat, lang)
            name = seat_name(SEATS[int(seat[1]) - 1], catalog(), lang, SEATS)
            assert mine and name not in mine, mine
            assert not public or not mine.startswith(public), mine
            if lang == "en":
                assert YOU.search(mine), mine


# --- one game through the real bot on the emulator --------------------------------------------

async def test_through_the_bot_no_panel_names_its_reader(fast_bot: GameBot, discord_api: Discord,
                                                        table: Table) -> None:
    """Two people, one reading English and one Spanish, play a game to its end by clicking
    their panels: no panel either was shown names its reader, and the round starts and the
    end their own clicks caused speak to them."""
    zyxa = await discord_api.user("Zyxa", guild=table.guild)
    qwov = await discord_api.user("Qwov", locale="es-ES", guild=table.guild)
    game = await start_game(fast_bot, discord_api, table.guild, "second-person", [zyxa, qwov],
                            seed=3)
    players = {game.seat(p): Player(p, random.Random(i), hasty=0.3)
               for i, p in enumerate((zyxa, qwov))}
    ended = await play_out(game, players)
    assert ended.status == "finished" and ended.state is not None
    crowns = wins = 0
    for player in players.values():
        for panel in player.panels:
            for text in readable(panel):
                assert player.person.name not in text, (player.person.name, text)
                crowns += text.count("you have the crown") + text.count("tienes la corona")
                wins += text.count("you won!") + text.count("¡has ganado!")
    assert crowns > 0  # some round began on its crown holder's own click
    last = (await fast_bot.service.store.actions(game.id))[-1].seat
    assert wins == (last == ended.state.winner)  # the winner's last click ended the game


def readable(message: SeenMessage) -> list[str]:
    """A message's texts but its embeds' titles (a panel's heading names its seat)."""
    texts = [message.content or ""]
    for embed in message.embeds:
        texts.append(embed.get("description") or "")
        texts += [f"{f.get('name') or ''}\n{f.get('value') or ''}"
                  for f in embed.get("fields") or []]
    for component in message.components():
        texts += [component.get("label") or "", component.get("placeholder") or ""]
        texts += [t or "" for o in component.get("options") or []
                  for t in (o.get("label"), o.get("description"))]
    return [t for t in texts if t]


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("kind", ["character_picked", "character_discarded"])
def test_a_seat_is_told_its_own_draft_choice_once(kind: str, lang: str) -> None:
    """"You took the Warlord.", not "You picked a character. You took the Warlord."."""
    seats = [Seat(id="p1", name="Ana", user_id=1), Seat(id="p2", name="Bo", user_id=2)]
    event = {"type": kind, "player": "p1", "character": "warlord"}
    mine = event_line(event, seats, catalog(), lang, viewer="p1") or ""
    told = catalog().text(f"citadels.event.private.{kind}", lang,
                          character=character("warlord", lang))
    assert mine == told
    public = {"type": kind, "player": "p1"}
    assert event_line(public, seats, catalog(), lang, viewer="p2") == catalog().text(
        f"citadels.event.{kind}", lang, name="Ana")
