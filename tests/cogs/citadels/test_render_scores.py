"""Standings and the final breakdown: bonuses, the winner, and ties explained in words."""

from __future__ import annotations

from cogs.citadels.table import final_embed, scores_from_view, standings_embed
from cogs.citadels.texts import seat_name
from rules import citadels
from rules.citadels.scoring import decide_winner
from tests.render_helpers import catalog, check_embed, embed_text, seat_ids, seats

SEATS = seats(3)  # Ana, Bruno (away), a computer


def finished(cities: list[list[str]], revealed: dict[str, list[str]],
             gold: list[int] | None = None, hands: list[list[str]] | None = None
             ) -> citadels.GameState:
    """A finished 3-player game with these cities, characters (all revealed), gold and hands."""
    state = citadels.new_game(seat_ids(3), seed=1)
    players = []
    for i, p in enumerate(state.players):
        players.append(p.model_copy(update={
            "city": cities[i], "gold": gold[i] if gold else 0,
            "hand": hands[i] if hands else []}))
    holders = {c: seat for seat, cs in revealed.items() for c in cs}
    state = state.model_copy(update={"players": players, "holders": holders,
                                     "revealed": list(holders), "phase": "over",
                                     "finished": True, "first_complete": None})
    return state.model_copy(update={"winner": decide_winner(state)})


def test_a_tie_broken_by_the_character_is_explained():
    state = finished([["manor", "castle"], ["palace", "church"], ["temple"]],
                     {"p1": ["thief"], "p2": ["king"], "p3": ["merchant"]})
    view = citadels.view(state, None)
    assert state.winner == "p2"
    for lang, words in (("en", ["Ana", "Bruno", "tied on 7", "King", "(the King, 4)"]),
                        ("es", ["empatan a 7", "Rey"])):
        embed = final_embed(view, SEATS, catalog(), lang)
        check_embed(embed)
        text = embed.description or ""
        assert all(w in text for w in words), text
        assert embed.fields[0].name.startswith("🥇 Bruno")


def test_a_tie_on_characters_too_goes_by_seat():
    state = finished([["manor", "castle"], ["palace", "church"], ["temple"]], {})
    view = citadels.view(state, None)
    assert state.winner == "p1"
    text = final_embed(view, SEATS, catalog(), "en").description or ""
    assert "seating order" in text and text.startswith("**Ana** wins with 7 points!")
    assert "orden de los asientos" in (final_embed(view, SEATS, catalog(), "es")
                                       .description or "")


def test_no_tie_no_explanation():
    state = finished([["palace"], ["manor"], ["temple"]], {"p1": ["king"]})
    text = final_embed(citadels.view(state, None), SEATS, catalog(), "en").description
    assert text == "**Ana** wins with 5 points!"


def test_every_bonus_is_listed():
    city = ["haunted_quarter", "manor", "tavern", "watchtower", "map_room", "imperial_treasury",
            "university", "dragon_gate"]
    state = finished([city, ["temple"] * 1, []], {"p1": ["king"]}, gold=[6, 0, 0],
                     hands=[["manor", "castle"], [], []])
    state = state.model_copy(update={"first_complete": "p1"})
    view = citadels.view(state, None)
    sc = scores_from_view(view)["p1"]
    assert sc == citadels.scores(state)["p1"]
    assert (sc.districts, sc.five_types, sc.haunted_quarter_as) == (2 + 3 + 1 + 1 + 5 + 5 + 6 + 6,
                                                                    3, "religious")
    embed = final_embed(view, SEATS, catalog(), "en")
    check_embed(embed)
    lines = embed.fields[0].value.splitlines()
    assert lines == ["Districts: 29", "All five types: +3 (Haunted Quarter as religious)",
                     "First complete city: +4", "Map Room: +2", "Imperial Treasury: +6",
                     "University: +2", "Dragon Gate: +2"]
    assert embed.fields[0].name == "🥇 Ana — 48"
    spanish = embed_text(final_embed(view, SEATS, catalog(), "es"))
    assert "Patio de los Milagros como religioso" in spanish
    assert "Universidad: +2" in spanish and "Puerta del Dragón: +2" in spanish


def test_standings_rank_by_total_then_tiebreak():
    state = finished([["manor", "castle"], ["palace", "church"], ["cathedral", "market"]],
                     {"p1": ["thief"], "p2": ["king"], "p3": ["warlord"]})
    state = state.model_copy(update={"finished": False, "phase": "turns", "winner": None})
    embed = standings_embed(citadels.view(state, None), SEATS, catalog(), "en")
    check_embed(embed)
    lines = (embed.description or "").splitlines()
    assert [line.split("**")[1] for line in lines] == [
        seat_name(SEATS[i], catalog(), "en", SEATS) for i in (2, 1, 0)]
    assert lines[0].startswith("🥇") and "districts 7" in lines[0]
    assert standings_embed(citadels.view(state, None), SEATS, catalog(),
                                  "es").title.startswith("Clasificación")


def test_ties_below_first_place_are_explained_too():
    # Ana wins alone; Bruno and the bot tie on 3 points: the bot revealed the King (4), Bruno
    # the Thief (2).
    state = finished([["palace"], ["manor"], ["manor"]],
                     {"p2": ["thief"], "p3": ["king"]})
    view = citadels.view(state, None)
    embed = final_embed(view, SEATS, catalog(), "en")
    text = embed.description or ""
    assert ("🥈 3 points tied, ordered by the highest character revealed in the last round, "
            "then by seating order: 🤖 Expert bot (4 King) › Bruno 💤 (2 Thief).") in text, text
    assert [f.name.split(" — ")[0] for f in embed.fields[:3]] == [
        "🥇 Ana", "🥈 🤖 Expert bot", "🥉 Bruno 💤"]
    spanish = final_embed(view, SEATS, catalog(), "es").description or ""
    assert "empate a 3 puntos" in spanish and "(4 Rey) › Bruno 💤 (2 Ladrón)" in spanish


def test_a_tie_for_first_of_three_explains_second_and_third_too():
    # All three on 3 points: the bot revealed the King (4), Ana the Bishop (5), Bruno the Thief
    # (2): Ana wins, then the bot, then Bruno.
    state = finished([["manor"], ["manor"], ["manor"]],
                     {"p1": ["bishop"], "p2": ["thief"], "p3": ["king"]})
    embed = final_embed(citadels.view(state, None), SEATS, catalog(), "en")
    text = embed.description or ""
    assert "revealed the highest character in the last round (the Bishop, 5)" in text, text
    assert ("🥇 3 points tied, ordered by the highest character revealed in the last round, "
            "then by seating order: Ana (5 Bishop) › 🤖 Expert bot (4 King) › "
            "Bruno 💤 (2 Thief).") in text, text
