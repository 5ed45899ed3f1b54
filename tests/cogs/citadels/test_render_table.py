"""The table, panel, lobby and rules cards at their largest, and how they read."""

from __future__ import annotations

import pytest

from bot.embeds import embed_size
from bot.lobby import lobby_embed
from bot.records import GameRecord, GameSettings, Seat
from cogs.citadels.panel import panel_embed
from cogs.citadels.table import LOG_LINES, table_embed
from cogs.citadels.texts import character_tag, rules_choices, rules_embed, seat_name
from cogs.citadels.ui import UI
from rules import citadels
from rules.citadels.cards import CHARACTER_ORDER, CHARACTERS, DISTRICTS
from tests.render_helpers import LANGS, catalog, check_embed, embed_text, seat_ids, total_size

LONGEST = {lang: sorted(DISTRICTS, key=lambda d: -len(DISTRICTS[d].name[lang]))[:8]
           for lang in LANGS}


def crowded(lang: str) -> tuple[dict, list[Seat], list[dict]]:
    """7 players with 32-character names, 8 long districts each, every mark shown, a full log."""
    state = citadels.new_game(seat_ids(7), seed=2)
    players = [p.model_copy(update={"city": LONGEST[lang], "gold": 99, "hand": ["manor"] * 30})
               for p in state.players]
    holders = {c: p.id for p, c in zip(state.players, CHARACTER_ORDER[1:], strict=True)}
    state = state.model_copy(update={
        "players": players, "holders": holders, "phase": "turns", "current": "warlord",
        "murdered": "assassin",
        "robbed": "merchant", "revealed": list(CHARACTER_ORDER[1:]), "absent": ["assassin"],
        "faceup": ["assassin", "thief"], "graveyard_card": "haunted_quarter",
        "first_complete": "p7", "awaiting": "p7", "round": 99})
    seats = [Seat(id=seat, name=f"{i}" + "W" * 31, user_id=i, away=i % 2 == 0)
             for i, seat in enumerate(seat_ids(7), 1)]
    long_events = [
        {"type": "destroyed", "player": "p1", "victim": "p2", "district": "haunted_quarter",
         "cost": 1},
        {"type": "graveyard_used", "player": "p3", "district": "imperial_treasury"},
        {"type": "gold_stolen", "player": "p4", "victim": "p5", "character": "merchant",
         "amount": 99},
        {"type": "city_completed", "player": "p6", "first": True},
        {"type": "round_started", "player": None, "round": 99, "crown": "p7",
         "faceup": ["assassin", "thief"]},
        {"type": "player_left", "player": "p1"},
        {"type": "income", "player": "p2", "amount": 9, "district_type": "religious"},
    ] * 3
    return citadels.view(state, None), seats, long_events


@pytest.mark.parametrize("lang", LANGS)
def test_a_crowded_seven_player_table_fits(lang: str):
    view, seats, log = crowded(lang)
    embed = table_embed(view, seats, log, catalog(), lang)
    size = check_embed(embed)
    assert size < 4000, size  # room to spare under 6000
    assert len(embed.fields) == 8 and not any(f.inline for f in embed.fields)
    text = embed_text(embed)
    for did in LONGEST[lang]:
        assert DISTRICTS[did].name[lang] in text
    assert text.count("• ") == LOG_LINES == 3, "the last three events that matter"
    # Every player's districts are listed whole: nothing was cut.
    assert "…" not in text
    # A phone's screen: at most 30 lines, none longer than a city's list.
    assert len(text.splitlines()) <= 30, len(text.splitlines())
    assert max(len(line) for line in text.splitlines()) < 300


@pytest.mark.parametrize("lang", LANGS)
def test_a_crowded_panel_fits(lang: str):
    view, seats, _ = crowded(lang)
    state_hand = ["manor", "castle", "palace"] + list(DISTRICTS)  # every district at once
    view["you"] = "p7"
    view["players"][6]["hand"] = state_hand * 3
    view["players"][6]["characters"] = ["warlord"]
    legal = [citadels.actions.destroy(p["id"], d) for p in view["players"][:6]
             for d in p["city"]] + [citadels.actions.END_TURN]
    notes = ["📝 " + "N" * 300] * 5
    embed = panel_embed(view, seats, catalog(), lang, legal=legal, notes=notes)
    assert check_embed(embed) <= 6000
    assert "⚔️" in embed_text(embed)


def test_table_reads_well():
    view, seats, log = crowded("en")
    embed = table_embed(view, seats, log[:2], catalog(), "en")
    desc = embed.description or ""
    assert "👑 Crown: 1WWW" in desc
    assert "⚰️" in desc and "Haunted Quarter" in desc
    assert "✝ Murdered: Assassin" in desc and "💸 Robbed: Merchant" in desc
    assert "Face up, out of the round: Assassin, Thief" in desc
    field = embed.fields[5]
    assert field.name.startswith("6WWW") and "99 💰" in field.name and "8/7" in field.name
    assert "7 📐 Architect" in field.value
    assert "💸" in embed.fields[4].value  # the Merchant, robbed
    assert "🏁" in embed.fields[6].name and embed.fields[6].name.startswith("▶️")
    assert embed.footer.text.startswith("First city of 7 districts")


def test_table_during_the_draft_and_at_the_end():
    state = citadels.new_game(seat_ids(4), seed=9)
    seats = [Seat(id=p, name=n, user_id=i) for i, (p, n) in
             enumerate(zip(seat_ids(4), ["Ana", "Bo", "Cy", "Di"], strict=True), 1)]
    embed = table_embed(citadels.view(state, None), seats, [], catalog(), "es")
    check_embed(embed)
    assert "Selección de personajes: elige Ana" in (embed.description or "")
    done = state.model_copy(update={"finished": True, "phase": "over", "winner": "p3"})
    embed = table_embed(citadels.view(done, None), seats, [], catalog(), "en")
    assert "Cy wins" in (embed.description or "")
    assert embed.colour != table_embed(citadels.view(state, None), seats, [], catalog(),
                                              "en").colour


def test_panel_reads_well():
    state = citadels.new_game(seat_ids(2), seed=4)
    seats = [Seat(id="p1", name="Ana", user_id=1), Seat(id="p2", name="Bo", user_id=2)]
    seen = citadels.view(state, "p1")
    embed = panel_embed(seen, seats, catalog(), "en",
                               legal=citadels.legal_actions(state, "p1"), notes=["hello"])
    check_embed(embed)
    assert (embed.description or "").startswith("hello\n💰 2 gold · 🃏 4 cards")
    now = embed.fields[0].value
    assert now.startswith("Pick one character:")
    assert sum(1 for line in now.splitlines() if " — " in line) == 7
    assert CHARACTERS["magician"].text["en"] in now or "Magician" not in now
    other = panel_embed(citadels.view(state, "p2"), seats, catalog(), "es", legal=[])
    assert other.fields[0].value == "Esperando a que Ana elija personaje."
    # The two-player discard step.
    state, _ = citadels.apply(state, "p1", citadels.legal_actions(state, "p1")[0])
    state, _ = citadels.apply(state, "p2", citadels.legal_actions(state, "p2")[0])
    legal = citadels.legal_actions(state, "p2")
    assert legal[0].type == "discard_character"
    embed = panel_embed(citadels.view(state, "p2"), seats, catalog(), "en", legal=legal)
    assert embed.fields[0].value.startswith("Discard one character face down:")


def test_seven_player_last_chooser_sees_the_face_down_card():
    state = citadels.new_game(seat_ids(7), seed=3)
    while citadels.to_act(state)[0] != state.players[6].id or state.draft_step < 6:
        seat = citadels.to_act(state)[0]
        state, _ = citadels.apply(state, seat, citadels.legal_actions(state, seat)[0])
    seen = citadels.view(state, "p7")
    legal = citadels.legal_actions(state, "p7")
    assert len(legal) == 2
    embed = panel_embed(seen, [], catalog(), "en", legal=legal)
    for a in legal:
        assert CHARACTERS[a.character].name["en"] in embed.fields[0].value


def test_seat_names():
    cat = catalog()
    bot = Seat(id="p2", name="ignored", ai="basic")
    assert seat_name(bot, cat, "en") == "🤖 Basic bot 2"
    assert seat_name(bot, cat, "es-ES") == "🤖 Bot básico 2"
    assert seat_name(Seat(id="p5", name="x", ai="expert"), cat, "en") == "🤖 Expert bot 5"
    human = Seat(id="p1", name="Ana", user_id=1)
    assert seat_name(human, cat, "en") == "Ana"
    away = human.model_copy(update={"away": True})
    assert seat_name(away, cat, "en") != "Ana" and "Ana" in seat_name(away, cat,
                                                                                      "en")


def test_lobby():
    cat = catalog()
    record = GameRecord(game="citadels", id=12, channel_id=5, host_id=77,
                        settings=GameSettings(max_players=5, options={"city_size": 8},
                                              turn_limit=3, language="es"),
                        seats=[Seat(id="p1", name="Ana", user_id=77),
                               Seat(id="p2", name="Bo", user_id=78, away=True),
                               Seat(id="p3", name="x", ai="expert")])
    embed = lobby_embed(record, UI.option_lines(record, cat, "en"), cat, "en")
    check_embed(embed)
    text = embed_text(embed)
    for words in ("#12", "<@77>", "<@78>", "up to 5", "8 districts", "3 min", "Español",
                  "🤖 Expert bot", "Seats (3/5)", "2 more can join", "Open"):
        assert words in text, words
    full = record.model_copy(update={"settings": GameSettings(), "status": "running"})
    text = embed_text(lobby_embed(full, UI.option_lines(full, cat, "es"), cat, "es"))
    for words in ("el del reglamento", "sin límite", "English", "En juego"):
        assert words in text, words
    cancelled = record.model_copy(update={"status": "cancelled", "seats": []})
    text = embed_text(lobby_embed(cancelled, UI.option_lines(cancelled, cat, "en"), cat, "en"))
    assert "Cancelled" in text and "nobody yet" in text
    again = lobby_embed(cancelled, UI.option_lines(cancelled, cat, "en"), cat, "en")
    assert again.colour != embed.colour


def test_rules_cards():
    for key in list(CHARACTERS) + list(DISTRICTS):
        for lang in LANGS:
            embed = rules_embed(key, lang)
            check_embed(embed)
    king = rules_embed("king", "es-ES")
    assert "Rey" in king.title and king.description.startswith("Coge la corona")
    assert [(f.name, f.value) for f in king.fields] == [("Rango", "4"), ("Cobra por", "noble")]
    uni = rules_embed("university", "en")
    assert {f.name: f.value for f in uni.fields} == {
        "Type": "unique", "Cost": "6", "Points": "8", "Copies in the deck": "1"}
    assert "Battlefield" in rules_embed("barracks", "en").footer.text


@pytest.mark.parametrize(("lang", "warlord", "bishop"), [
    ("en", ("completed city", "Keep", "Bishop"), ("unless you are murdered",)),
    ("es", ("ciudad completa", "Torreón", "Obispo"), ("salvo si te asesinan",))])
def test_the_warlord_and_bishop_state_their_exceptions(lang: str, warlord: tuple[str, ...],
                                                       bishop: tuple[str, ...]):
    """/citadels rules: the Warlord's card names what he may not destroy, the Bishop's when
    his protection fails; Spanish counts gold as the rulebook, in "monedas de oro"."""
    for card, phrases in (("warlord", warlord), ("bishop", bishop)):
        text = rules_embed(card, lang).description or ""
        assert all(p in text for p in phrases), (card, text)
    if lang == "es":
        assert "1 moneda de oro por cada distrito religioso" in (
            rules_embed("bishop", lang).description or "")


def test_rules_choices():
    assert rules_choices("asesino", "es")[0] == ("1 · Asesino", "assassin")
    assert rules_choices("catedral", "es") == [("Catedral (religioso, 5)", "cathedral")]
    assert rules_choices("CATEDRAL", "es-419")[0][1] == "cathedral"
    assert rules_choices("senorio", "es")[0][1] == "manor"
    assert rules_choices("ladron", "es")[0][1] == "thief"
    assert rules_choices("Señ", "es")[0][1] == "manor"
    assert rules_choices("milagros", "es")[0][1] == "haunted_quarter"
    assert rules_choices("great_wall", "en")[0][1] == "great_wall"
    assert rules_choices("haunted city", "en")[0][1] == "haunted_quarter"
    assert rules_choices("zzz", "en") == []
    everything = rules_choices("", "en")
    assert len(everything) == 25 and everything[0][1] == "assassin"
    # Prefix matches come before substring matches.
    keys = [k for _, k in rules_choices("ma", "en")]
    assert keys.index("magician") < keys.index("school_of_magic")
    for label, key in rules_choices("a", "es"):
        assert 0 < len(label) <= 100 and (key in CHARACTERS or key in DISTRICTS)


def test_total_size_counts_like_discord():
    embed = table_embed(*crowded("en")[:2], [], catalog(), "en")
    assert total_size(embed) >= len(embed) and embed_size(embed) == total_size(embed)


def test_the_acting_player_sees_their_character_and_builds_left():
    state = citadels.new_game(seat_ids(4), seed=11)
    while state.phase == "draft":
        seat = citadels.to_act(state)[0]
        state, _ = citadels.apply(state, seat, citadels.legal_actions(state, seat)[0])
    seat = citadels.to_act(state)[0]
    embed = panel_embed(citadels.view(state, seat), [], catalog(), "en",
                               legal=citadels.legal_actions(state, seat))
    now = embed.fields[0].value.splitlines()
    assert now[0] == f"▶️ {character_tag(state.current, 'en')} · builds left: " \
                     f"{state.builds_left}"
    assert now[1:] == ["• Take 2 gold", "• Draw 2 cards"]


def test_fit_and_clip_keep_any_embed_inside_the_limits():
    import discord

    from bot.embeds import add_lines, clip, fit
    assert clip("abcdef", 4) == "abc…" and clip("abc", 4) == "abc"
    assert clip("🟨" * 10, 5) == "🟨🟨…"
    embed = discord.Embed(title="T" * 300, description="D" * 5000)
    add_lines(embed, "lines", ["L" * 100] * 60)  # 6000 characters: split into 1024s
    assert all(len(f.value) <= 1024 for f in embed.fields) and len(embed.fields) == 6
    check_embed(fit(embed))
