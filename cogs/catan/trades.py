"""Trades between people (§5) on Discord: the seat whose turn it is builds an offer in its
panel and sends it to one opponent; the addressee accepts or declines from their own panel
(the engine's `trade_offer` decision: their panel says what is offered, and its Accept and
Decline buttons are declared in actions_ui.py); the offerer may withdraw it meanwhile (Cancel).
Computer seats answer with their own model of the offer, as for any decision, and every offer
and answer is a public event line (events.py).

The offer is built in the panel's "offer" group: a multi-select of the cards given (the hand,
one option a card) and one of the cards asked (each type up to three times), then a select of
the seats it may go to. What is chosen so far lives in the panel's focus, "@offer:<give>:<get>"
(each side eight base-36 counts in the rules' card order, CARDS), and each option of one side
carries the other side's counts, so choosing one side keeps the other. Nothing of it is stored:
an offer is only made when sent, and the engine checks it then.

Kept apart so that offers to several seats with counter-offers can replace this one module
when the engine's trade model grows them.
"""

from __future__ import annotations

import string
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from bot.ui import Focus
from cogs.declare import Context, Declaration
from rules.catan.actions import OfferTrade
from rules.catan.state import CARDS

from . import texts

GROUP = "offer"
ASKED_COPIES = 3  # each type offered up to 3 times in the asked select (8 x 3 <= 25)
DIGITS = string.digits + string.ascii_lowercase  # a count per card type, base 36
DRAFT = "offer_draft"  # the view's key for the offer being built (the panel's own copy)


def encode(counts: dict[str, int]) -> str:
    """A multiset as eight base-36 digits, one per card type: "20000100"."""
    return "".join(DIGITS[min(int(counts.get(c, 0)), len(DIGITS) - 1)] for c in CARDS)


def decode(text: str) -> dict[str, int] | None:
    if len(text) != len(CARDS) or any(ch not in DIGITS for ch in text):
        return None
    return {c: DIGITS.index(ch) for c, ch in zip(CARDS, text, strict=True) if ch != "0"}


@dataclass(frozen=True)
class Draft:
    """The offer being built: what is given and what is asked."""

    give: dict[str, int]
    get: dict[str, int]

    @property
    def focus(self) -> str:
        return f"@{GROUP}:{encode(self.give)}:{encode(self.get)}"


EMPTY = Draft({}, {})


def draft(focus: str | None, hand: dict[str, int]) -> Draft:
    """The offer a focus holds, its given cards cut to the hand (an old panel's focus may
    name cards since spent); an empty one for any other focus."""
    parts = (focus or "").split(":")
    if parts[0] != f"@{GROUP}" or len(parts) != 3:
        return EMPTY
    give, get = decode(parts[1]), decode(parts[2])
    if give is None or get is None:
        return EMPTY
    give = {c: min(n, hand.get(c, 0)) for c, n in give.items() if hand.get(c, 0)}
    return Draft(give, {c: n for c, n in get.items() if c not in give})


@dataclass(frozen=True)
class Step:
    """A stand-in action of the builder's selects (never played: their answer is a focus)."""

    type: str

    def model_dump(self) -> dict[str, Any]:
        return {"type": self.type}


def prepared(legal: Sequence[Any], view: dict[str, Any], focus: str | None
             ) -> tuple[list[Any], dict[str, Any]]:
    """The panel's actions with the engine's one-card offers (its listed forms) replaced by
    the builder's selects and the offer built so far, to each seat the engine lets the seat
    offer to; and the view the builder's texts read (the draft under DRAFT)."""
    offers = [a for a in legal if a.type == "offer_trade"]
    if not offers:
        return list(legal), view
    rest = [a for a in legal if a.type != "offer_trade"]
    built = draft(focus, view.get("hand") or {})
    out: list[Any] = [*rest, Step("offer_give"), Step("offer_get")]
    if built.give and built.get:
        seats = list(dict.fromkeys(a.to for a in offers))
        out += [OfferTrade(to=to, give=built.give, get=built.get) for to in seats]
    return out, {**view, DRAFT: built}


def chosen(ctx: Context) -> Draft:
    found = ctx.view.get(DRAFT)
    return found if isinstance(found, Draft) else EMPTY


def _give_items(ctx: Context) -> list[str]:
    """The hand's cards one by one, each carrying the cards asked so far."""
    hand: dict[str, int] = ctx.view.get("hand") or {}
    other = encode(chosen(ctx).get)
    return [f"{c}_{other}" for c in CARDS for _ in range(hand.get(c, 0))]


def _get_items(ctx: Context) -> list[str]:
    """Each card type up to three times, each carrying the cards given so far."""
    other = encode(chosen(ctx).give)
    return [f"{c}_{other}" for c in CARDS for _ in range(ASKED_COPIES)]


def _positions(items: list[str], counts: dict[str, int]) -> list[int]:
    """The positions of the first `counts[card]` items of each card: those shown chosen."""
    left = dict(counts)
    out = []
    for i, item in enumerate(items):
        card = item.partition("_")[0]
        if left.get(card, 0) > 0:
            left[card] -= 1
            out.append(i)
    return out


def _label(item: str, ctx: Context) -> str:
    return texts.card(item.partition("_")[0], ctx.catalog, ctx.lang)


def _send_label(action: Any, ctx: Context) -> str:
    seat = texts.seat(action.to, ctx.seats, ctx.catalog, ctx.lang, markdown=False)
    held = next((p["cards"] for p in ctx.view["players"] if p["seat"] == action.to), 0)
    return texts.t(ctx.catalog, ctx.lang, "action.offer_trade", other=seat, count=held)


def _send_text(action: Any, ctx: Context) -> str:
    return texts.t(ctx.catalog, ctx.lang, "trade.offer", give=texts.cards(
        action.give, ctx.catalog, ctx.lang), get=texts.cards(action.get, ctx.catalog, ctx.lang))


DECLARED: tuple[Declaration, ...] = (
    Declaration("offer_give", "og", ("cards+",), "multi", group=GROUP,
                label=lambda a, ctx: "", choices=_give_items, choice_label=_label,
                chosen=lambda ctx: _positions(_give_items(ctx), chosen(ctx).give)),
    Declaration("offer_get", "oa", ("cards+",), "multi", group=GROUP,
                label=lambda a, ctx: "", choices=_get_items, choice_label=_label,
                chosen=lambda ctx: _positions(_get_items(ctx), chosen(ctx).get)),
    Declaration("offer_trade", "ot", ("to", "give+", "get+"), "select", group=GROUP,
                label=_send_label, describe=_send_text, style="primary"),
)
KINDS = {"og": "give", "oa": "get"}


def select_focus(kind: str, values: Iterable[str]) -> Focus | None:
    """The builder's answer to a choice in its give ("og") or ask ("oa") select: the panel
    with the offer so far; None if the values are not the builder's."""
    side = KINDS.get(kind)
    if side is None:
        return None
    counts: dict[str, int] = {}
    other: dict[str, int] | None = None
    for value in values:
        _, _, item = value.partition(".")
        card, _, rest = item.partition("_")
        found = decode(rest)
        if card not in CARDS or found is None or (other is not None and found != other):
            return None
        other = found
        counts[card] = counts.get(card, 0) + 1
    if other is None:
        return Focus(f"@{GROUP}")
    made = Draft(counts, other) if side == "give" else Draft(other, counts)
    return Focus(made.focus)


def offer_lines(view: dict[str, Any], seats: Sequence[Any], catalog: Any, lang: str
                ) -> list[str]:
    """What the panel says of the offer being built (nothing when none is)."""
    built = view.get(DRAFT)
    if not isinstance(built, Draft) or not (built.give or built.get):
        return []
    key = "trade.draft.ready" if built.give and built.get else "trade.draft"
    return [texts.t(catalog, lang, key, give=texts.cards(built.give, catalog, lang),
                    get=texts.cards(built.get, catalog, lang))]


def turn_offers(view: dict[str, Any], seats: Sequence[Any], catalog: Any, lang: str
                ) -> list[str]:
    """The offers made this turn, as the panel lists them for the seat that made them."""
    out = []
    for o in view.get("this_turn", {}).get("offers", []):
        out.append(texts.t(catalog, lang, "trade.made", other=texts.seat(
            o["to"], seats, catalog, lang), give=texts.cards(o["give"], catalog, lang),
            get=texts.cards(o["get"], catalog, lang)))
    return out
