"""The trade builder's panel (cogs/catan/builder.py) within Discord's limits for a layout
whatever the draft (every card on a side, both sides full, a line of content above it), its
buttons' codes read back as the drafts they name, and a Master Merchant's take limited to the
target's cards and the count it takes."""

from __future__ import annotations

import random
from itertools import combinations

import discord

from bot import layouts
from bot.ui import Focus
from cogs.catan import builder, trades
from cogs.catan.ui import UI
from rules.catan.game import GAME
from rules.catan.state import CARDS
from tests.e2e.test_catan_through_the_bot import holding, plays

from .helpers import CATALOG, check_layout, items, record
from .test_turn_panel import rich_turn


def drafts(rng: random.Random) -> list[trades.Draft]:
    """Drafts of every shape: empty, one side, both, a side of every type but one."""
    out = [trades.EMPTY, trades.Draft(dict.fromkeys(CARDS[:7], 1), {CARDS[7]: 3})]
    for size in range(1, 5):
        for give in list(combinations(CARDS, size))[:6]:
            rest = [c for c in CARDS if c not in give]
            get = rng.sample(rest, rng.randint(0, len(rest)))
            out.append(trades.Draft({c: rng.randint(1, 4) for c in give},
                                    {c: rng.randint(1, 3) for c in get}))
    return out


def test_every_draft_fits_a_layout_with_a_line_above_it() -> None:
    rec = record(rich_turn(2), 3)
    for lang in ("en", "es"):
        for built in drafts(random.Random(lang)):
            panel = UI.panel(rec, rec.seat("p1"), CATALOG, lang, [], built.focus)
            assert isinstance(panel.view, discord.ui.LayoutView), built
            shown = layouts.with_content(panel.view, "That panel was out of date.")
            check_layout(shown)
            chosen = [getattr(i, "label", "") for i in items(panel.view)]
            for card in built.give:  # a card chosen can always be taken back
                name = CATALOG.text(f"catan.{'commodity' if card in CARDS[5:] else 'resource'}"
                                    f".{card}", lang)
                assert any(label.startswith("− ") and label.endswith(name)
                           for label in chosen), (card, chosen)


def test_each_card_button_names_the_draft_one_card_away() -> None:
    rec = record(rich_turn(1), 3)
    start = trades.Draft({"brick": 2}, {"ore": 1})
    panel = UI.panel(rec, rec.seat("p1"), CATALOG, "en", [], start.focus)
    hand = GAME.view(rec.state, "p1")["hand"]
    for item in items(panel.view):
        code = str(item.custom_id).split(":", 3)[-1]
        if not code.startswith("ob."):
            continue
        found = UI.button_action(code)
        assert isinstance(found, Focus)
        after = trades.draft(found.value, hand)
        apart = sum(abs(getattr(after, side).get(c, 0) - getattr(start, side).get(c, 0))
                    for side in ("give", "get") for c in CARDS)
        assert apart == 1, (code, after)
    assert UI.button_action("oback") == Focus(None)
    assert UI.button_action("ob.zz.00000000") is None
    assert UI.button_action("ob.00000000") is None


def test_a_master_merchants_take_offers_only_the_targets_cards_up_to_its_count() -> None:
    base = rich_turn(3)
    state = next(s for seat in range(3)
                 if plays(s := holding(base, "master_merchant", seat), "master_merchant"))
    seat = state.seats[state.active]
    played = plays(state, "master_merchant")
    target = state.players[state.seats.index(str(played[0].seat))].cards
    state, _ = GAME.apply(state, seat, played[0])
    rec = record(state, 3)
    held = [c for c in CARDS if target[c]]
    panel = UI.panel(rec, rec.seat(seat), CATALOG, "en", [])
    assert isinstance(panel.view, discord.ui.LayoutView)  # opened at once
    adds = [i for i in items(panel.view) if (getattr(i, "label", "") or "").startswith("+ ")]
    assert len(adds) == len(held) and not any(i.disabled for i in adds)
    two = trades.Draft({}, {held[0]: 1, held[-1]: 1} if len(held) > 1 else {held[0]: 2})
    panel = UI.panel(rec, rec.seat(seat), CATALOG, "en", [], two.focus)
    adds = [i for i in items(panel.view) if (getattr(i, "label", "") or "").startswith("+ ")]
    assert adds and all(i.disabled for i in adds)  # the count taken: no more
    takes = [UI.button_action(str(i.custom_id).split(":", 3)[-1]) for i in items(panel.view)
             if ":tc." in str(i.custom_id)]
    assert takes == [{"type": "take_cards", "cards": two.get}]
    assert all(isinstance(t, dict) and GAME.is_legal(state, seat, t) for t in takes)
    assert builder.wanted(GAME.legal_actions(state, seat), {}, None)
