"""Catan through the real bot on the emulator, people clicking their own panels (issue 35,
"Tests and figures"): a barbarian loss, its city chosen from the loser's panel and told in
public; and every progress card that can be held played from a panel, each decision it opens
answered by the seat asked from its own panel. States are rigged close to the moment tested."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

from bot.client import GameBot
from demo.catan import step, use
from fakediscord import Discord, Emulator, Person, run_client
from rules.catan.actions import PlayProgress
from rules.catan.board import TOPOLOGY, node_id
from rules.catan.game import GAME
from rules.catan.state import CARDS, DECKS, RULES, GameState, Knight
from tests.cogs.catan.driver import CatanGame, after_setup, do, rolling, start_game, with_hands
from tests.fakediscord_fixtures import FAST_READY, Table, bot_settings
from tests.game_driver import table as table_message

# Printer and Constitution are revealed when drawn (docs/rules/catan-cities-knights.md §9.2):
# never held, never played.
HELD = sorted({card for deck in DECKS.values() for card in deck} - set(RULES["vp_cards"]))
BUILDS = ("build_city", "build_knight", "activate_knight", "build_road", "build_settlement",
          "build_wall", "buy_improvement")


async def four_people(discord_api: Discord, table: Table) -> list[Person]:
    carla = await discord_api.user("carla", guild=table.guild)
    dani = await discord_api.user("dani", guild=table.guild)
    return [table.alice, table.bruno, carla, dani]


async def do_first(game: CatanGame, person: Person, action: dict[str, Any]) -> None:
    """`do`, for an action listed first among more than 25 of its kind: the panel then
    asks for a page of them first, which `do` cannot tell from the action; the first page."""
    panel = await game.panel(person)
    if step(panel, GAME.parse_action(action)) is None:
        pages = [s for s in panel.selects() if ":s.n_" in str(s["custom_id"])
                 and str(s["options"][0]["value"]).endswith(":1")]
        if pages:
            panel = await use(person, panel, pages[0], [pages[0]["options"][0]["value"]])
    await do(game, person, action, panel=panel)


def owed(state: GameState, seat: str) -> dict[str, int]:
    """The first cards of the seat's hand, as many as its discard owes."""
    index = state.seats.index(seat)
    count = next(d.count for d in state.pending if d.kind == "discard" and d.seat == index)
    cards: dict[str, int] = {}
    for card, n in state.players[index].cards.items():
        take = min(n, count - sum(cards.values()))
        if take > 0:
            cards[card] = take
    return cards


async def answer_decisions(game: CatanGame, limit: int = 20) -> None:
    """Each pending decision answered with the first legal action of the seat asked, from
    that seat's own panel."""
    for _ in range(limit):
        record = game.record
        assert record is not None and record.state is not None
        if not record.state.pending:
            return
        seat = record.rules.must_decide(record.state)[0]
        legal = GAME.legal_actions(record.state, seat)
        assert legal, f"{seat} must decide but has nothing to do"
        action = legal[0].model_dump(mode="json")
        if action["type"] == "discard":  # all that is owed at once, as a person would
            action["cards"] = owed(record.state, seat)
        await do_first(game, game.people[seat], action)
    raise AssertionError(f"decisions still pending after {limit} answers")


# -- the barbarians win --------------------------------------------------------------------

async def test_a_barbarian_loss_chosen_from_the_losers_panel(
        emulator: Emulator, discord_api: Discord, table: Table, tmp_path: Path) -> None:
    """The ship arrives on the roll, no knight defends: the only seat with cities (two)
    chooses which one falls from its own panel; the city is a settlement again, said in the
    table's public lines."""
    await discord_api.configure(rate_limits=False)
    people = await four_people(discord_api, table)
    bot = GameBot(bot_settings(tmp_path / "bot.sqlite3", ping_after=0), computer_pause=0,
                  **FAST_READY)
    async with run_client(bot, emulator):
        game = await start_game(bot, discord_api, table.guild, "barbarians", people, seed=4)
        record = game.record
        assert record is not None
        state = after_setup(record, seed=4)
        roller = state.seats[state.active]
        loser = state.seats[(state.active + 1) % len(state.seats)]
        seat = state.seats.index(loser)
        s = state.clone()
        cities = sorted(n for n, b in s.buildings.items() if b.owner == seat)
        assert len(cities) == 2
        for n, b in s.buildings.items():  # the loser's two cities, nobody else's
            s.buildings[n] = b.model_copy(update={"city": b.owner == seat})
        s = s.model_copy(update={"knights": {}, "ship": RULES["barbarian_track"] - 1,
                                 "attacks": 1})
        await game.commit(state=rolling(with_hands(s, {}), 2, 3, "ship"))
        rolled = await do(game, game.people[roller], {"type": "roll"})
        assert "5" in rolled.text
        record = game.record
        assert record is not None
        assert [d.kind for d in record.state.pending] == ["city_loss"]
        assert record.rules.must_decide(record.state) == [loser]
        legal = GAME.legal_actions(record.state, loser)
        chosen = legal[0].model_dump(mode="json")
        await do(game, game.people[loser], chosen)
        record = game.record
        assert record is not None and not record.state.pending
        lost = next(n for n in cities if node_id(n) == chosen["node"])
        building = record.state.buildings[lost]
        assert not building.city and not building.ruined and building.owner == seat
        kept = next(n for n in cities if n != lost)
        assert record.state.buildings[kept].city
        assert record.state.ship == 0 and record.state.attacks == 2
        await bot.publisher.idle()
        message = await table_message(game.people[roller], game.channel)
        assert message is not None
        name = game.people[loser].name
        shown = " ".join(message.text.split())  # the table wraps its lines at phone width
        assert f"{name}'s city on {chosen['node']} is pillaged" in shown, message.text
        assert "Catan falls" in shown, message.text
        assert await discord_api.failed_interactions() == []


# -- every progress card ---------------------------------------------------------------------

def developed(state: GameState, seed: int) -> GameState:
    """The state after three rounds in which every seat, rich, built at random: cities,
    walls, knights (some active), roads, improvements."""
    rng = random.Random(seed)
    s = state.model_copy(update={"phase": "action", "pending": [], "attacks": 1})
    for round_ in range(3):
        for index, seat in enumerate(s.seats):
            s = with_hands(s, {p: dict.fromkeys(CARDS, 5) for p in s.seats}, active=index)
            for _ in range(6):
                acts = [a for a in GAME.legal_actions(s, seat) if a.type in BUILDS
                        and not (a.type == "buy_improvement" and round_)]
                if not acts:
                    break
                kind = rng.choice(sorted({a.type for a in acts}))
                s, _ = GAME.apply(s, seat, rng.choice([a for a in acts if a.type == kind]))
    return s


def holding(base: GameState, card: str, seat: int) -> GameState:
    """`base` with `seat` active after its roll (before it for the Alchemist), holding `card`;
    every opponent holds a Merchant and two Defender points, every seat 4 of each card; for
    the Intrigue, an opponent's knight stands at the end of one of the seat's roads."""
    s = with_hands(base, {p: dict.fromkeys(CARDS, 4) for p in base.seats})
    s.active = seat
    s.phase = "roll" if card == "alchemist" else "action"
    s.dice = None if card == "alchemist" else s.dice
    for player in s.players:
        for held in player.progress:
            s.decks[next(c for c, deck in DECKS.items() if held in deck)].append(held)
        player.progress = []

    def take(name: str) -> str:
        next(d for d in s.decks.values() if name in d).remove(name)
        return name

    s.players[seat].progress = [take(card)]
    for other, player in enumerate(s.players):
        if other != seat:
            player.progress = [take("merchant")]
            player.defenders = 2
    if card == "warlord":
        s.knights = {n: k.model_copy(update={"active": False}) for n, k in s.knights.items()}
    if card == "intrigue":
        free = [n for e, owner in s.roads.items() if owner == seat for n in TOPOLOGY.edge_nodes[e]
                if n not in s.buildings and n not in s.knights]
        s.knights = {**s.knights, free[0]: Knight(owner=(seat + 1) % len(s.seats), level=1)}
    return s


def plays(state: GameState, card: str) -> list[PlayProgress]:
    seat = state.seats[state.active]
    return [a for a in GAME.legal_actions(state, seat)
            if isinstance(a, PlayProgress) and a.card == card]


async def test_every_progress_card_played_from_a_panel(
        emulator: Emulator, discord_api: Discord, table: Table, tmp_path: Path) -> None:
    await discord_api.configure(rate_limits=False)
    people = await four_people(discord_api, table)
    bot = GameBot(bot_settings(tmp_path / "bot.sqlite3", ping_after=0), computer_pause=0,
                  **FAST_READY)
    async with run_client(bot, emulator):
        game = await start_game(bot, discord_api, table.guild, "progress", people, seed=3)
        record = game.record
        assert record is not None
        base = developed(after_setup(record, seed=3), seed=3)
        played: list[str] = []
        for card in HELD:
            state = next((s for seat in range(len(base.seats))
                          if plays(s := holding(base, card, seat), card)), None)
            assert state is not None, f"{card}: no seat may play it"
            seat = state.seats[state.active]
            committed = (await game.commit(state=state)).version
            action = plays(state, card)[0].model_dump(mode="json", exclude_none=True)
            await do(game, game.people[seat], action)
            record = game.record
            assert record is not None
            assert record.version > committed, card
            after = record.state.players[state.active].progress
            assert card not in after, (card, after)
            await answer_decisions(game)
            played.append(card)
        assert played == HELD and len(HELD) == 23
        assert await discord_api.failed_interactions() == []
