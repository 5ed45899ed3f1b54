"""The roll (§3.1): dice, the event die (barbarian ship, progress draws), production (§3.2) with
the bank's shortage, the 7 (§3.3) and the barbarian attack (§7)."""

from __future__ import annotations

from functools import lru_cache

from rules.kernel.tx import assemble, replaced

from . import facts, placement
from .board import TOPOLOGY as T
from .board import hex_id, node_id
from .state import (
    EVENT_FACES,
    RESOURCES,
    RULES,
    Decision,
    Dice,
    GameState,
    Knight,
    decision,
)
from .tx import Tx

YIELD: dict[str, dict[str, list[str]]] = RULES["terrain_yield"]
TRACK_LENGTH = int(RULES["barbarian_track"])
SAFE, PER_WALL = int(RULES["safe_cards"]), int(RULES["safe_cards_per_wall"])
PROGRESS_LIMIT = int(RULES["progress_limit"])
AQUEDUCT_LEVEL = int(RULES["ability_level"])
VP_CARDS = frozenset(RULES["vp_cards"])


def roll(tx: Tx, red: int | None = None, yellow: int | None = None) -> None:
    """Roll the three dice (red/yellow given: the Alchemist) and resolve the event die first."""
    s = tx.s
    red = tx.below(6) + 1 if red is None else red
    yellow = tx.below(6) + 1 if yellow is None else yellow
    event = EVENT_FACES[tx.below(len(EVENT_FACES))]
    s.dice = assemble(Dice, {"red": red, "yellow": yellow, "event": event},
                   {"red", "yellow", "event"})  # unvalidated: ints 1-6 and a face
    tx.emit("rolled", s.active, red=red, yellow=yellow, event=event, total=red + yellow)
    s.phase = "production"
    if event == "ship":
        s.ship += 1
        tx.emit("ship_advanced", position=s.ship)
        if s.ship >= TRACK_LENGTH:
            barbarian_attack(tx)
    else:
        progress_draws(tx, event.removeprefix("gate_"), red)


def in_turn_order(s: GameState) -> list[int]:
    """Every seat, starting with the active player."""
    n = len(s.seats)
    return [(s.active + i) % n for i in range(n)]


# --- progress cards (§9.2, §9.3) -----------------------------------------------------------

def progress_draws(tx: Tx, colour: str, red: int) -> None:
    """Each player whose `colour` level L >= 1 has red <= L + 1 draws one card, in turn order."""
    s = tx.s
    stage = tx.stage()
    for seat in in_turn_order(s):
        level = s.players[seat].improvements[colour]
        if level >= 1 and red <= level + 1:
            draw_progress(tx, seat, colour, stage)


def draw_progress(tx: Tx, seat: int, colour: str, stage: int) -> None:
    """Draw the top card; VP cards are shown at once; off turn, a 5th card is discarded."""
    s = tx.s
    if not s.decks[colour]:
        return
    card = tx.deck(colour).pop(0)
    player = tx.player(seat)
    if card in VP_CARDS:
        player.vp_cards = [*player.vp_cards, card]  # a new list: shared (tx.py)
        tx.emit("vp_card_revealed", seat, card=card, deck=colour)
        return
    player.progress.append(card)
    tx.emit("progress_drawn", seat, {seat: {"card": card}}, deck=colour)
    if seat != s.active and len(player.progress) > PROGRESS_LIMIT:
        tx.push([decision("progress_discard", seat, stage)], first=True)


# --- production (§3.2) ---------------------------------------------------------------------

def produce(tx: Tx) -> None:
    """The dice's production (or the 7); then the action phase."""
    s = tx.s
    assert s.dice is not None
    s.phase = "action"
    if s.dice.total == 7:
        seven(tx)
    else:
        production(tx, s.dice.total)


def owed(s: GameState, total: int) -> list[dict[str, int]]:
    """What each seat's buildings earn on `total` (robbed hex excluded)."""
    out: list[dict[str, int]] = [{} for _ in s.seats]
    buildings = s.buildings
    for h in _hexes_by_token(tuple(s.tokens)).get(total, ()):
        if h == s.robber:
            continue
        table = YIELD[s.terrains[h]]
        for node in T.hex_nodes[h]:
            b = buildings.get(node)
            if b is not None:
                wants = out[b.owner]
                for card in table["city" if b.city and not b.ruined else "settlement"]:
                    wants[card] = wants.get(card, 0) + 1
    return out


@lru_cache(maxsize=64)
def _hexes_by_token(tokens: tuple[int | None, ...]) -> dict[int, tuple[int, ...]]:
    """token -> the hexes that carry it, ascending (a layout's tokens change only by the
    Inventor)."""
    out: dict[int, list[int]] = {}
    for h, token in enumerate(tokens):
        if token is not None:
            out.setdefault(token, []).append(h)
    return {token: tuple(hexes) for token, hexes in out.items()}


def production(tx: Tx, total: int) -> None:
    s = tx.s
    wants = owed(s, total)
    need: dict[str, int] = {}
    owers: dict[str, int] = {}
    for w in wants:
        for card, k in w.items():
            need[card] = need.get(card, 0) + k
            owers[card] = owers.get(card, 0) + 1
    # A bank shortage shared by several: nobody gets this type (§3.2 ruling). One alone takes
    # what is left. (Only takes of a type change its stock: checking first is the same.)
    short = {card for card, k in need.items() if k > s.bank[card] and owers[card] > 1}
    received: list[dict[str, int]] = []
    for seat, w in enumerate(wants):
        got = {}
        for card in sorted(w):
            if card not in short and (k := tx.take(seat, card, w[card])):
                got[card] = k
        received.append(got)
    tx.emit("produced", cards={tx.name(seat): got for seat, got in enumerate(received)
                               if got})
    aqueducts(tx, [seat for seat, got in enumerate(received) if not got])


def aqueducts(tx: Tx, empty_handed: list[int]) -> None:
    """Science L3: a player who received nothing takes a resource of their choice (§1.9)."""
    s = tx.s
    if not any(s.bank[r] for r in RESOURCES):
        return
    stage = tx.stage()
    tx.push([decision("aqueduct", seat, stage) for seat in empty_handed
             if s.players[seat].improvements["science"] >= AQUEDUCT_LEVEL])


# --- the 7 (§3.3) --------------------------------------------------------------------------

def safe_limit(s: GameState, seat: int) -> int:
    return SAFE + PER_WALL * placement.walls(s, seat)


def seven(tx: Tx) -> None:
    """Discards for everyone over their limit, then the robber once the lock is lifted."""
    s = tx.s
    stage = tx.stage()
    discards = [decision("discard", seat, stage, count=s.players[seat].hand_size() // 2)
                for seat in in_turn_order(s)
                if s.players[seat].hand_size() > safe_limit(s, seat)]
    tx.push(discards)
    if s.attacks > 0:
        tx.push([decision("robber", s.active, tx.stage())])


def victims(s: GameState, seat: int, hex_: int) -> list[int]:
    """Opponents with a building on hex_ and at least one card: whom the robber may rob."""
    return [v for v in facts.hex_owners(s.buildings).get(hex_, ())
            if v != seat and s.players[v].hand_size() > 0]


def move_robber(tx: Tx, seat: int, hex_: int, victim: int | None) -> None:
    """Move the robber (the caller checked the hex and victim) and steal one card blind."""
    s = tx.s
    s.robber = hex_
    tx.emit("robber_moved", seat, hex=hex_id(hex_))
    if victim is not None:
        steal(tx, seat, victim)


def steal(tx: Tx, thief: int, victim: int) -> None:
    card = tx.random_card(victim)
    if card is None:
        return
    tx.move_cards(victim, thief, {card: 1})
    tx.emit("stole", thief, {thief: {"card": card}, victim: {"card": card}},
            victim=tx.name(victim))


# --- barbarians (§7) -----------------------------------------------------------------------

def strength(s: GameState) -> int:
    """Cities standing on the board, metropolises included, each once; ruined ones not."""
    return sum(1 for b in s.buildings.values() if b.city and not b.ruined)


def defence(s: GameState) -> list[int]:
    """Each seat's active knights' levels, summed."""
    out = [0] * len(s.seats)
    for k in s.knights.values():
        if k.active:
            out[k.owner] += k.level
    return out


def barbarian_attack(tx: Tx) -> None:
    s = tx.s
    attack, defend = strength(s), defence(s)
    tx.emit("barbarians_attacked", strength=attack, defence=sum(defend),
            knights={tx.name(i): c for i, c in enumerate(defend)})
    if sum(defend) >= attack:
        catan_wins(tx, defend)
    else:
        barbarians_win(tx, defend)
    s.knights = {n: assemble(Knight, {"owner": k.owner, "level": k.level, "active": False,
                                   "activated": False, "promoted": False, "acted": False},
                          {"owner", "level"}) for n, k in s.knights.items()}
    s.ship = 0
    s.attacks += 1


def catan_wins(tx: Tx, defend: list[int]) -> None:
    s = tx.s
    top = max(defend)
    if top == 0:
        return  # §16.11: nobody defended, nobody is rewarded
    best = [seat for seat in in_turn_order(s) if defend[seat] == top]
    if len(best) == 1:
        tx.player(best[0]).defenders += 1
        s.defenders_left = max(0, s.defenders_left - 1)
        tx.emit("defender_awarded", best[0])
        return
    # Each tied player draws in turn order: one stage each, as each draw changes a deck.
    tx.push([Decision(kind="defender_draw", seat=seat, stage=tx.stage()) for seat in best])


def barbarians_win(tx: Tx, defend: list[int]) -> None:
    s = tx.s
    exposed = [seat for seat in range(len(s.seats)) if placement.cities(s, seat, metropolis=False)]
    if not exposed:
        return
    low = min(defend[seat] for seat in exposed)
    stage = tx.stage()
    for seat in in_turn_order(s):
        if seat not in exposed or defend[seat] != low:
            continue
        choices = placement.cities(s, seat, metropolis=False)
        if len(choices) == 1:
            pillage(tx, seat, choices[0])
        else:
            tx.push([Decision(kind="city_loss", seat=seat, stage=stage, nodes=choices)],
                    first=True)


def pillage(tx: Tx, seat: int, node: int) -> None:
    """A city lost (§7.4): back to a settlement, or on its side with none in supply."""
    s = tx.s
    ruined = placement.supply(s, seat, "settlement") <= 0
    b = s.buildings[node]
    tx.buildings()[node] = replaced(b, city=ruined, ruined=ruined, wall=False)
    tx.emit("city_pillaged", seat, node=node_id(node), ruined=ruined)
