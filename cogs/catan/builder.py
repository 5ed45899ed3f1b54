"""The trade builder (issue 44): one panel where a click adds a resource or commodity to a side
and a click takes one back, the cards chosen always in sight, drawn as a layout (bot/layouts.py:
sixteen card buttons and their take-backs need more than a classic panel's five rows of five).

Every card button names the draft it leads to ("ob.<give>.<get>", trades.Draft's base-36
counts), answered as the panel redrawn with that draft (a focus): nothing is stored, and an old
panel's button still leads where it said. The seat's legal actions say what the builder is for:
- an offer (the active seat): the give side only the cards it holds, up to the copies held; with
  one side chosen, the offer of it to everyone for any one card (the quick select: a 1-for-1
  offer to everyone is the offer group, a card, a card); with both, Send it to everyone in one
  click or to the seats chosen in the select; and the bank's (or a harbour's, or the Merchant's)
  trade at the seat's rate when the cards given are that rate of one type for one card, or the
  Commercial Harbor's exchanges when they are one resource;
- a counter (an addressee of an offer to several): Accept, Decline, and the counter once it
  differs from the offer; its Counter button opens the builder filled with the offer turned
  round (trades.mirrored);
- the Master Merchant's take: the target's cards, as many as the card takes, opened at once.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

import discord

from bot.components import ActionButton
from bot.layouts import clipped, stopped
from bot.ui import Focus
from cogs import panels
from cogs.declare import Context, Declarations
from rules.catan.state import CARDS

from . import texts, trades

PER_ROW = 5
HEAD_MAX = 2500  # the panel's lines above the cards (a layout's texts hold 4000 in all)
OPEN, BACK = "offer_open", "offer_back"


def answer(action: dict[str, Any] | None) -> dict[str, Any] | Focus | None:
    """What a button's decoded code means: a builder's draft or its way back is the panel
    redrawn (a focus); an offer sent from a button to one seat names it alone (trades.sent)."""
    if action is None or action["type"] not in (OPEN, BACK):
        found = trades.sent(action)
        return found if not isinstance(found, Focus) else None
    if action["type"] == BACK:
        return Focus(None)
    give, get = trades.decode(str(action["give"])), trades.decode(str(action["get"]))
    if give is None or get is None:
        return None
    return Focus(trades.Draft(give, get).focus)


def wanted(legal: Sequence[Any], view: dict[str, Any], focus: str | None) -> bool:
    """Whether the panel is the builder: the offer group chosen (trades.prepared drafted an
    offer or counter), or a Master Merchant's take asked."""
    building = (focus or "").startswith(f"@{trades.GROUP}") and trades.DRAFT in view
    return building or any(a.type == "take_cards" for a in legal)


@dataclass(frozen=True)
class Builder:
    """What the builder's parts read: the panel's game and version, the seat's prepared
    legal actions, the draft and the limits of each side (None: any card, any number)."""

    game: int
    version: int
    ctx: Context
    legal: Sequence[Any]
    built: trades.Draft
    limits: dict[str, dict[str, int] | None]
    most: int | None  # the most cards on the get side (a take's count), None: no limit

    def t(self, key: str, **params: object) -> str:
        return texts.t(self.ctx.catalog, self.ctx.lang, key, **params)

    def of(self, *types: str) -> list[Any]:
        return [a for a in self.legal if a.type in types]


def layout(game: int, version: int, legal: Sequence[Any], ctx: Context, focus: str | None,
           embed: discord.Embed) -> discord.ui.LayoutView:
    """The builder's panel: the panel's lines (embed's description) and the seat's cards, each
    side's chosen cards and their buttons, then what the draft may be sent as."""
    board = _board(game, version, legal, ctx, focus)
    box: discord.ui.Container[Any] = discord.ui.Container(accent_colour=embed.colour)
    head = [f"### {board.t('builder.title')}", embed.description or "", _hand_line(board)]
    box.add_item(discord.ui.TextDisplay(clipped("\n".join(line for line in head if line),
                                                HEAD_MAX)))
    sides = ("get",) if board.most is not None else ("give", "get")
    for side in sides:
        box.add_item(discord.ui.TextDisplay(_side_line(board, side)))
        adding, taking_back = _card_buttons(board, side)
        for row in _rows(adding) + _rows(taking_back):
            box.add_item(row)
    for select in _selects(board):
        box.add_item(discord.ui.ActionRow(select))
    for row in _rows(_sends(board)):
        box.add_item(row)
    view = discord.ui.LayoutView(timeout=None)
    view.add_item(box)
    return stopped(view)


def _board(game: int, version: int, legal: Sequence[Any], ctx: Context, focus: str | None
           ) -> Builder:
    """The draft and each side's limits: an offer's or counter's (the give side the hand),
    or a take's (only the get side, the target's cards, the count it takes)."""
    taking = [a for a in legal if a.type == "take_cards"]
    if taking:  # the Master Merchant: the target's cards, as many as the take
        inspected = ctx.view.get("inspected") or {}
        hand: dict[str, int] = dict(inspected.get("hand") or {})
        most = sum(taking[0].cards.values())
        got = trades.draft(focus, {}).get
        got = {c: min(n, hand.get(c, 0)) for c, n in got.items() if hand.get(c, 0)}
        return Builder(game, version, ctx, legal, trades.Draft({}, got),
                       {"give": {}, "get": hand}, most)
    built = trades.chosen(ctx)
    return Builder(game, version, ctx, legal, built,
                   {"give": dict(ctx.view.get("hand") or {}), "get": None}, None)


def _hand_line(board: Builder) -> str:
    """The seat's cards; for a take, the cards it takes from (the target's hand)."""
    ctx = board.ctx
    if board.most is not None:
        inspected = ctx.view.get("inspected") or {}
        return board.t("builder.their", other=texts.seat(inspected.get("seat"), ctx.seats,
                                                         ctx.catalog, ctx.lang),
                       cards=texts.cards(board.limits["get"], ctx.catalog, ctx.lang))
    return board.t("builder.hand", cards=texts.cards(ctx.view.get("hand"), ctx.catalog,
                                                     ctx.lang))


def _side_line(board: Builder, side: str) -> str:
    counts: dict[str, int] = getattr(board.built, side)
    chosen = texts.cards(counts, board.ctx.catalog, board.ctx.lang) if counts else \
        board.t(f"builder.none.{side}")
    if board.most is not None:
        return board.t("builder.take", cards=chosen, chosen=sum(counts.values()),
                       count=board.most)
    return board.t(f"builder.{side}", cards=chosen)


def _card_buttons(board: Builder, side: str
                  ) -> tuple[list[discord.ui.Item[Any]], list[discord.ui.Item[Any]]]:
    """A button adding one of each card the side may take (disabled once all its copies are
    in), and one taking back one of each card chosen."""
    counts: dict[str, int] = getattr(board.built, side)
    other: dict[str, int] = getattr(board.built, "get" if side == "give" else "give")
    limit = board.limits[side]
    full = board.most is not None and sum(counts.values()) >= board.most
    out: list[discord.ui.Item[Any]] = []
    for card in CARDS:
        if card in other or (limit is not None and not limit.get(card, 0)):
            continue
        most = limit.get(card, 0) if limit is not None else None
        at_most = full or (most is not None and counts.get(card, 0) >= most)
        out.append(_draft_button(board, side, card, 1, "builder.add", disabled=at_most))
    return out, [_draft_button(board, side, card, -1, "builder.remove") for card in CARDS
                 if counts.get(card)]


def _draft_button(board: Builder, side: str, card: str, change: int, key: str,
                  disabled: bool = False) -> ActionButton:
    counts = dict(getattr(board.built, side))
    counts[card] = counts.get(card, 0) + change
    counts = {c: n for c, n in counts.items() if n > 0}
    built = trades.Draft(counts, board.built.get) if side == "give" else \
        trades.Draft(board.built.give, counts)
    button = ActionButton(board.game, board.version, _spec().encode(trades.Open.of(built)), board.t(
        key, card=texts.card(card, board.ctx.catalog, board.ctx.lang)),
        discord.ButtonStyle.danger if change < 0 else discord.ButtonStyle.secondary)
    button.item.disabled = disabled
    return button


def _selects(board: Builder) -> list[discord.ui.Item[Any]]:
    """The quick select (one side chosen: to everyone for any one card), or the select of
    the seats to send the offer to."""
    spec = _spec()
    out: list[discord.ui.Item[Any]] = []
    for type_ in ("offer_quick", "offer_trade"):
        actions = board.of(type_)
        if type_ == "offer_trade" and len(actions) < 2:
            continue  # one addressee: its button alone
        if actions:
            out.append(panels.select(board.game, board.version, spec, spec.of(type_),
                                     actions, board.ctx, None))
    return out


def _sends(board: Builder) -> list[discord.ui.Item[Any]]:
    """What the draft may be sent as (each a button of its action), Back and End turn."""
    spec = _spec()
    built = board.built
    out: list[Any] = []
    out += board.of("accept_trade", "decline_trade", "counter_trade")
    out += [a for a in board.of("take_cards") if a.cards == built.get]
    out += board.of("offer_trade")[:1]  # to everyone (or the one seat there is)
    out += [a for a in board.of("maritime_trade") if _banked(board, a)]
    out += [a for a in board.of("harbor_exchange") if built.give == {a.card: 1}
            and not built.get]
    buttons: list[discord.ui.Item[Any]] = [
        panels.button(board.game, board.version, spec, a, board.ctx, row=None) for a in out
        if len(spec.encode(a)) <= panels.CODE_MAX]
    if board.most is None:
        buttons.append(panels.button(board.game, board.version, spec, trades.Back(), board.ctx,
                                     row=None))
    buttons += [panels.button(board.game, board.version, spec, a, board.ctx, row=None)
                for a in board.of("end_turn")]
    return buttons


def _banked(board: Builder, action: Any) -> bool:
    """Whether a maritime trade is the draft: the seat's rate of one type for one card."""
    rates: dict[str, int] = board.ctx.view.get("rates") or {}
    return (board.built.give == {action.give: int(rates.get(action.give, 4))}
            and board.built.get == {action.get: 1})


def _spec() -> Declarations:
    """Catan's declarations (actions_ui.py), which include the builder's own."""
    from .actions_ui import SPEC
    return SPEC


def _rows(items: Iterable[discord.ui.Item[Any]]) -> list[discord.ui.ActionRow[Any]]:
    listed = list(items)
    return [discord.ui.ActionRow(*listed[i:i + PER_ROW]) for i in range(0, len(listed),
                                                                         PER_ROW)]
