"""`python -m bench.trade_builder`: Catan's trade builder as a player reads it, written as text
to docs/pictures/catan-trade-builder-<language>.txt (issue 44).

Drawn from the bot's own panels (cogs/catan, the same code that answers a click) for a seeded
3-player game after its set-up: the builder opened from the turn's panel, a card given (the
quick offer to everyone appears), a card asked (Send it, the seats' select), three bricks more
(the bank's rate and its trade), then an offer sent to everyone and an addressee's panel, whose
Counter opens the builder on the offer turned round, and a card added to the counter. Each
panel as Discord lays it out: its text, then each row of buttons ([label], a disabled one
(label)) or a select <placeholder ▾>.

    python -m bench.trade_builder [--out docs/pictures] [--seed 3]
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import discord

from bot.i18n import Catalog
from bot.layouts import text_of
from bot.records import GameRecord, Seat
from bot.ui import Focus, Panel
from cogs.catan.ui import UI
from demo.catan import after_setup
from rules.catan.actions import OfferTrade
from rules.catan.game import GAME
from rules.catan.state import CARDS, GameState, Options

NAMES = ("Ana", "Bo", "Cy")
HANDS = ({"brick": 4, "wool": 2, "grain": 1}, {"ore": 2, "grain": 1}, {"ore": 1, "wool": 1})
LANGUAGES = ("en", "es")


def game(seed: int) -> GameState:
    """A 3-player game after a random set-up, the first seat in its turn, holding HANDS."""
    s = after_setup(["p1", "p2", "p3"], Options(), seed).clone()
    for player, hand in zip(s.players, HANDS, strict=True):
        for card in CARDS:
            s.bank[card] += player.cards[card] - hand.get(card, 0)
            player.cards[card] = hand.get(card, 0)
    return s.model_copy(update={"phase": "action", "active": 0, "pending": []})


def record(state: GameState, version: int) -> GameRecord:
    seats = [Seat(id=f"p{i + 1}", name=name, user_id=100 + i) for i, name in enumerate(NAMES)]
    return GameRecord(id=1, game="catan", channel_id=1, host_id=100, status="running",
                      seats=seats, state=state, version=version)


def shown(panel: Panel) -> str:
    """A panel as its message reads: a layout's text displays and rows in order, or an
    embed's text and its rows."""
    view = panel.view
    if isinstance(view, discord.ui.LayoutView):
        return "\n".join(_lines(view.to_components()))
    rows = view.to_components() if view is not None else []
    return "\n".join([text_of(panel.embed), *_lines(rows)])


def steps(blocks: Sequence[tuple[str, Panel]]) -> str:
    """Panels in the order a person meets them, each headed by its number and why it shows."""
    return "\n\n".join(f"── {i}. {why} ──\n{shown(p)}" for i, (why, p) in
                       enumerate(blocks, 1)) + "\n"


def _lines(components: Sequence[dict[str, Any]]) -> list[str]:
    out: list[str] = []
    for component in components:
        if component["type"] == 10:
            out.append(component["content"])
        elif component["type"] == 1:
            out.append("  ".join(_widget(c) for c in component["components"]))
        else:
            out += _lines(component.get("components") or [])
    return out


def _widget(component: dict[str, Any]) -> str:
    if component["type"] == 2:
        label = component.get("label") or ""
        return f"({label})" if component.get("disabled") else f"[{label}]"
    return f"<{component.get('placeholder') or ''} ▾>"


def clicked(panel: Panel, label: str, nth: int = 0) -> str | None:
    """The focus the panel's `nth` button labelled `label` leads to."""
    assert panel.view is not None
    found = [getattr(i, "item", i) for i in panel.view.walk_children()]
    codes = [str(b.custom_id).split(":", 3)[-1] for b in found
             if isinstance(b, discord.ui.Button) and b.label == label]
    chosen = UI.button_action(codes[nth])
    assert isinstance(chosen, Focus), codes
    return chosen.value


def walkthrough(catalog: Catalog, lang: str, seed: int) -> str:
    """The builder's panels, each under a line saying what led to it."""
    state = game(seed)
    rec = record(state, 1)

    def t(key: str, **params: object) -> str:
        return catalog.text(f"catan.{key}", lang, **params)

    def panel(seat: str, focus: str | None) -> Panel:
        return UI.panel(rec, rec.seat(seat), catalog, lang, [], focus)

    def card(name: str) -> str:
        kind = "commodity" if name in ("paper", "cloth", "coin") else "resource"
        return t(f"{kind}.{name}")

    brick, ore = f"🧱 {card('brick')}", f"⛰️ {card('ore')}"
    blocks: list[tuple[str, Panel]] = [(t("panel.group.offer"), panel("p1", "@offer"))]
    focus = clicked(blocks[-1][1], t("builder.add", card=brick))
    blocks.append((t("builder.add", card=brick), panel("p1", focus)))
    focus = clicked(blocks[-1][1], t("builder.add", card=ore), nth=0)
    blocks.append((t("builder.add", card=ore), panel("p1", focus)))
    for _ in range(3):
        focus = clicked(panel("p1", focus), t("builder.add", card=brick))
    blocks.append((t("builder.add", card=brick) + " ×3", panel("p1", focus)))
    offer = OfferTrade(to=["p2", "p3"], give={"brick": 1}, get={"ore": 1})
    state, _ = GAME.apply(state, "p1", offer)
    rec = record(state, 2)
    blocks.append((t("action.offer_quick", give=f"1 {brick}", get=f"1 {ore}"),
                   panel("p2", None)))
    focus = clicked(blocks[-1][1], t("action.offer_open.counter"))
    blocks.append((t("action.offer_open.counter"), panel("p2", focus)))
    grain = f"🌾 {card('grain')}"
    focus = clicked(blocks[-1][1], t("builder.add", card=grain))
    blocks.append((t("builder.add", card=grain), panel("p2", focus)))
    return steps(blocks)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.trade_builder")
    parser.add_argument("--out", type=Path, default=Path("docs/pictures"))
    parser.add_argument("--seed", type=int, default=3)
    args = parser.parse_args(argv)
    catalog = Catalog.load()
    args.out.mkdir(parents=True, exist_ok=True)
    for lang in LANGUAGES:
        path = args.out / f"catan-trade-builder-{lang}.txt"
        path.write_text(walkthrough(catalog, lang, args.seed), encoding="utf-8")
        print(path)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
