"""Button and select texts for every action type, and the Warlord's prices."""

from __future__ import annotations

from cogs.citadels.labels import action_description, action_label, destroy_cost
from rules import citadels
from rules.citadels import actions as A
from rules.citadels import turns
from tests.render_helpers import LANGS, catalog, play, seat_ids, seats

SEATS = seats(4)


def sample_view() -> dict:
    """p1's view at a turn, with cities (one behind a Great Wall) and a Graveyard card pending."""
    state = citadels.new_game(seat_ids(4), seed=5)
    players = [p.model_copy(update={"city": city, "hand": hand}) for p, city, hand in zip(
        state.players,
        [["observatory", "temple"], ["manor", "great_wall"], ["tavern"], []],
        [["cathedral", "manor"], ["docks"], [], []], strict=True)]
    state = state.model_copy(update={"players": players})
    seen = citadels.view(state, "p1")
    seen["current_character"] = "king"
    seen["graveyard_card"] = "palace"
    # The figures a turn's view carries, as the engine computes them for p1 as the King.
    draw, keep = turns.draw_counts(players[0].city)
    seen["turn"] = {"draw": {"draw": draw, "keep": keep},
                    "income_due": turns.income(players[0].city, "king"),
                    # The Diplomat's price, as the engine gives it with his targets.
                    "targets": {"exchange": [{"give": "temple", "player": "p2", "take": "manor",
                                              "cost": 2, "reason": None}]}}
    return seen


SAMPLES: list[tuple[A.Action, str, str]] = [
    (A.PickCharacter(character="king"), "Pick the King (4)", "Elegir el Rey (4)"),
    (A.DiscardCharacter(character="bishop"), "Discard the Bishop face down",
     "Descartar el Obispo boca abajo"),
    (A.TakeGold(), "Take 2 gold", "Coger 2 monedas de oro"),
    (A.DrawCards(), "Draw 3 cards", "Robar 3 cartas"),  # p1 has an Observatory
    (A.KeepCard(district="manor"), "Take Manor", "Quedarte Señorío"),
    (A.Build(district="cathedral"), "Build Cathedral (5 🟦)", "Construir Catedral (5 🟦)"),
    (A.CollectIncome(), "Collect income (+0 gold)", "Cobrar (+0 monedas de oro)"),
    (A.Assassinate(character="thief"), "Assassinate the Thief", "Asesinar al Ladrón"),
    (A.Steal(character="merchant"), "Rob the Merchant", "Robar al Mercader"),
    (A.SwapHands(player="p2"), "Swap hands with Bruno 💤 (1 🃏)",
     "Intercambiar mano con Bruno 💤 (1 🃏)"),
    (A.DiscardAndDraw(districts=["manor", "cathedral"]), "Discard 2 and draw 2",
     "Descartar 2 y robar 2"),
    (A.Destroy(player="p2", district="manor"), "Destroy Bruno 💤's Manor (3 gold)",
     "Destruir Señorío de Bruno 💤 (3 monedas de oro)"),
    (A.UseLaboratory(district="manor"), "Laboratory: discard Manor for 2 gold",
     "Laboratorio: descartar Señorío por 2 monedas de oro"),
    (A.UseSmithy(), "Smithy: pay 2, draw 3", "Fábrica: paga 2, roba 3"),
    (A.Graveyard(accept=True), "Graveyard: pay 1 to keep Palace",
     "Cementerio: pagar 1 y quedarte Palacio"),
    (A.Graveyard(accept=False), "Decline", "Rechazar"),
    (A.EndTurn(), "End turn", "Terminar el turno"),
    # Dark City
    (A.Bewitch(character="alchemist"), "Bewitch the Alchemist", "Hechizar al Alquimista"),
    (A.GiveCrown(player="p3"), "Give the crown to 🤖 Expert bot",
     "Dar la corona a 🤖 Bot experto"),
    (A.Tribute(kind="gold"), "Pay 1 gold", "Pagar 1 moneda de oro"),
    (A.Tribute(kind="card"), "Give a card at random", "Dar una carta al azar"),
    (A.LookAtHand(player="p2"), "Look at Bruno 💤's hand (1 🃏)",
     "Mirar la mano de Bruno 💤 (1 🃏)"),
    (A.TakeCard(district="docks"), "Take Docks", "Tomar Almacenes"),
    (A.TakeCard(district="docks", build=True), "Take and build Docks (3)",
     "Tomar y construir Almacenes (3)"),
    (A.CollectFromRichest(), "Take 1 gold from the richest", "Tomar 1 moneda de oro del más rico"),
    (A.NavigatorBonus(kind="gold"), "Take 4 gold", "Coger 4 monedas de oro"),
    (A.NavigatorBonus(kind="cards"), "Draw 4 cards", "Robar 4 cartas"),
    (A.Exchange(give="temple", player="p2", take="manor"),
     "Give Temple for Bruno 💤's Manor (pay 2)", "Dar Templo por Señorío de Bruno 💤 (pagar 2)"),
    (A.Beautify(district="temple"), "Beautify Temple (1 gold)",
     "Embellecer Templo (1 moneda de oro)"),
    (A.UseArmory(player="p2", district="manor"), "Armory: destroy Bruno 💤's Manor",
     "Polvorín: destruir Señorío de Bruno 💤"),
    (A.Greet(), "“Thanks, your Excellency”", "«Gracias, Excelencia»"),
    (A.BellTower(announce=True), "Bell Tower: complete at 6",
     "Campanario: completa con 6"),
    (A.BellTower(announce=False), "Don't ring the Bell Tower", "No tocar el Campanario"),
    (A.Lighthouse(district="cathedral"), "Take Cathedral", "Tomar Catedral"),
    (A.UseMuseum(district="manor"), "Put Manor under the Museum",
     "Poner Señorío bajo el Museo"),
]


def test_every_action_type_has_a_label():
    assert {type(a) for a, _, _ in SAMPLES} == set(citadels.ACTION_TYPES)
    view = sample_view()
    for action, english, spanish in SAMPLES:
        for lang, want in zip(LANGS, (english, spanish), strict=True):
            label = label_of(action, view, lang)
            assert label == want
            assert 0 < len(label) <= 80
            description = description_of(action, view, lang)
            assert description is None or 0 < len(description) <= 100


def label_of(action: A.Action, view: dict, lang: str) -> str:
    return action_label(action, view, SEATS, catalog(), lang)


def description_of(action: A.Action, view: dict, lang: str) -> str | None:
    return action_description(action, view, SEATS, catalog(), lang)


def test_descriptions_carry_the_detail():
    view = sample_view()
    assert description_of(A.DiscardAndDraw(districts=["manor", "cathedral"]), view,
                                "en") == "Cathedral, Manor"
    assert description_of(A.PickCharacter(character="king"), view, "es").startswith(
        "Coge la corona")
    assert description_of(A.Build(district="cathedral"), view, "en") == "religious, cost 5"
    assert "Warlord" in description_of(A.Build(district="great_wall"), view, "en")
    assert description_of(A.CollectIncome(), view, "en") == (
        "1 gold per noble district in your city")
    assert description_of(A.TakeGold(), view, "en") is None


def test_labels_are_clipped_to_80():
    long = seats(4)
    long[1] = long[1].model_copy(update={"name": "W" * 32, "away": False})
    label = action_label(A.Destroy(player="p2", district="great_wall"),
                                sample_view(), long, catalog(), "es")
    assert len(label) <= 80


def test_destroy_cost_matches_the_engine():
    checked = 0
    for n in (3, 5, 7):
        for seed in range(6):
            for state, _ in play(n, seed):
                if state.current != "warlord" or not state.awaiting:
                    continue
                seen = citadels.view(state, state.awaiting)
                for p in state.players:
                    for d in p.city:
                        assert destroy_cost(seen, p.id, d) == turns.destroy_cost(p, d)
                        checked += 1
    assert checked > 50
