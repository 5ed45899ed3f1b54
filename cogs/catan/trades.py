"""Trades between people (§5) on Discord, as a table plays them: the seat whose turn it is
builds an offer in its panel and sends it to everyone, to a pair or to one seat. An offer to one
seat (the engine's one-seat form, `to` its name) is accepted (the trade is made) or declined. An
offer to several (`to` a list) is answered by each addressee from their own panel, at once:
Accept, Decline (declared in actions_ui.py), or a counter-offer built in the same builder as
an offer (filled with the offer turned round to start from) and sent with one button; the
offerer then trades with one of those who accepted or
countered (a button each, their terms on it), withdraws the offer, or ends the turn (the offer
lapses). The offerer may withdraw an offer while it is answered. Computer seats answer and pick
with their own model, as for any decision; every offer, answer and trade is a public event line
(events.py).

The offer is built in the trade builder (builder.py), the panel's "offer" group: a button a
card adds it to a side, one takes it back; with one side chosen, a select offers it to everyone
for any one card (a 1-for-1 offer in three clicks: the group, the card given, the card asked);
then a select of the seats it may go to, or Send it to everyone. Beside cards the bank would
take now, the panel says its rate. What is chosen so far lives in the panel's focus,
"@offer:<give>:<get>" (each side eight base-36 counts in the rules' card order, CARDS), and each
button carries the draft it leads to. Nothing of it is stored: an offer is only made when sent,
and the engine checks it then. The multi-selects of the panels before the builder ("og", "oa")
still answer, with the builder on the draft they name.
"""

from __future__ import annotations

import string
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from itertools import combinations
from typing import Any

from bot.ui import Focus
from cogs.declare import Context, Declaration
from rules.catan.actions import CounterTrade, OfferTrade
from rules.catan.state import CARDS

from . import texts

GROUP = "offer"
ASKED_COPIES = 3  # each type offered up to 3 times in the asked select (8 x 3 <= 25)
DIGITS = string.digits + string.ascii_lowercase  # a count per card type, base 36
DRAFT = "offer_draft"  # the view's key for the offer being built (the panel's own copy)
COUNTER = "offer_counter"  # the view's key: the draft is a counter to an offer
BANK = "offer_bank"  # the view's key: the cards the bank (or a harbour) would take now


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


def mirrored(view: dict[str, Any]) -> Draft:
    """The offer put to the seat turned round, its given cards cut to the hand: the counter
    a Counter starts from (an empty draft when no offer is put to the seat)."""
    you = view.get("you")
    asked = next((d for d in view.get("pending", []) if d["seat"] == you
                  and d["kind"] in ("trade_ask", "trade_offer")), None)
    if asked is None:
        return EMPTY
    hand = view.get("hand") or {}
    give = {c: min(n, hand.get(c, 0)) for c, n in asked["get"].items() if hand.get(c, 0)}
    return Draft(give, dict(asked["give"]))


@dataclass(frozen=True)
class Open:
    """A button that opens the trade builder on a draft (or, in it, adds or takes back a
    card: builder.py): `give` and `get` in base-36 counts; `counter` only words its label."""

    give: str
    get: str
    counter: bool = False
    type: str = "offer_open"

    def model_dump(self) -> dict[str, Any]:
        return {"type": self.type, "give": self.give, "get": self.get}

    @classmethod
    def of(cls, built: Draft, counter: bool = False) -> Open:
        return cls(encode(built.give), encode(built.get), counter)


@dataclass(frozen=True)
class Back:
    """The builder's way back to the whole panel."""

    type: str = "offer_back"

    def model_dump(self) -> dict[str, Any]:
        return {"type": self.type}


@dataclass(frozen=True)
class Quick:
    """An offer to everyone of the cards chosen on one side for one card on the other: the
    builder's shortcut select, played as the offer itself (`plays` offer_trade)."""

    offer: OfferTrade
    type: str = "offer_quick"

    def model_dump(self) -> dict[str, Any]:
        return {**self.offer.model_dump(), "type": self.type}


@dataclass(frozen=True)
class Step:
    """A stand-in action of the builder's selects (never played: their answer is a focus)."""

    type: str

    def model_dump(self) -> dict[str, Any]:
        return {"type": self.type}


def prepared(legal: Sequence[Any], view: dict[str, Any], focus: str | None
             ) -> tuple[list[Any], dict[str, Any]]:
    """The panel's actions with the engine's one-card offers or counters (its listed forms)
    replaced by the builder's selects and the offer built so far: to everyone, each seat and
    each pair of the seats the engine lets the seat offer to; or, as a counter, sent with one
    button. And the view the builder's texts read (the draft under DRAFT)."""
    offers = [a for a in legal if a.type == "offer_trade"]
    counters = [a for a in legal if a.type == "counter_trade"]
    if not offers and not counters:
        return list(legal), view
    rest = [a for a in legal if a.type not in ("offer_trade", "counter_trade")]
    if not (focus or "").startswith(f"@{GROUP}"):  # a button opens the builder
        start = mirrored(view) if counters else EMPTY
        return [*rest, Open.of(start, counter=bool(counters))], view
    building = (focus or "").startswith(f"@{GROUP}:")
    built = draft(focus, view.get("hand") or {}) if building or not counters else mirrored(view)
    out: list[Any] = [*rest, Step("offer_give"), Step("offer_get")]
    seats = list(dict.fromkeys(str(a.to) for a in offers if isinstance(a.to, str)))
    if built.give and built.get and offers:
        out += [OfferTrade(to=group[0] if len(group) == 1 else list(group), give=built.give,
                           get=built.get) for group in addressees(seats)]
    elif built.give and built.get and not _the_offer(view, built):
        out.append(CounterTrade(give=built.give, get=built.get))
    elif len(seats) > 1:
        out += quick(built, view.get("hand") or {}, seats)
    bank = sorted({a.give for a in legal if a.type == "maritime_trade"})
    return out, {**view, DRAFT: built, COUNTER: bool(counters), BANK: bank}


def quick(built: Draft, hand: dict[str, int], seats: list[str]) -> list[Quick]:
    """With one side chosen, the offers to everyone of it for one card of any other type (or
    of one held card for it): an offer's last click."""
    if built.give and not built.get:
        return [Quick(OfferTrade(to=seats, give=built.give, get={c: 1})) for c in CARDS
                if c not in built.give]
    if built.get and not built.give:
        return [Quick(OfferTrade(to=seats, give={c: 1}, get=built.get)) for c in CARDS
                if hand.get(c, 0) and c not in built.get]
    return []


def addressees(seats: Sequence[str]) -> list[tuple[str, ...]]:
    """Whom an offer may go to, as a select lists them: everyone, then each seat, then each
    pair (with three opponents)."""
    out = [tuple(seats)] if len(seats) > 1 else []
    for size in range(1, len(seats)):
        out += list(combinations(seats, size))
    return out or [tuple(seats)]


def _the_offer(view: dict[str, Any], built: Draft) -> bool:
    """Whether a counter drafted is the offer's own terms turned round (that is accepting)."""
    you = view.get("you")
    asked = next((d for d in view.get("pending", []) if d["seat"] == you
                  and d["kind"] == "trade_ask"), None)
    return asked is not None and (built.give, built.get) == (asked["get"], asked["give"])


def chosen(ctx: Context) -> Draft:
    found = ctx.view.get(DRAFT)
    return found if isinstance(found, Draft) else EMPTY


def _give_items(ctx: Context) -> list[str]:
    """The hand's cards one by one, each carrying the cards asked so far: of a hand of more
    than a select's 25, each type up to the most copies that let every type in."""
    hand: dict[str, int] = ctx.view.get("hand") or {}
    other = encode(chosen(ctx).get)
    most = max((k for k in range(1, 26) if sum(min(n, k) for n in hand.values()) <= 25),
               default=1)
    return [f"{c}_{other}" for c in CARDS for _ in range(min(hand.get(c, 0), most))]


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
    to = [action.to] if isinstance(action.to, str) else list(action.to)
    if len(to) > 1:
        everyone = len(to) == len(ctx.view["players"]) - 1
        return texts.t(ctx.catalog, ctx.lang, "action.offer_trade.everyone" if everyone
                       else "action.offer_trade.several", others=_names(to, ctx))
    seat = texts.seat(to[0], ctx.seats, ctx.catalog, ctx.lang, markdown=False)
    held = next((p["cards"] for p in ctx.view["players"] if p["seat"] == to[0]), 0)
    return texts.t(ctx.catalog, ctx.lang, "action.offer_trade", other=seat, count=held)


def _names(seats: Iterable[str], ctx: Context) -> str:
    return ", ".join(texts.seat(p, ctx.seats, ctx.catalog, ctx.lang, markdown=False)
                     for p in seats)


def _send_text(action: Any, ctx: Context) -> str:
    return texts.t(ctx.catalog, ctx.lang, "trade.offer", give=texts.cards(
        action.give, ctx.catalog, ctx.lang), get=texts.cards(action.get, ctx.catalog, ctx.lang))


def _quick_label(action: Any, ctx: Context) -> str:
    return texts.t(ctx.catalog, ctx.lang, "action.offer_quick", give=texts.cards(
        action.offer.give, ctx.catalog, ctx.lang), get=texts.cards(action.offer.get,
                                                                   ctx.catalog, ctx.lang))


def _counter_label(action: Any, ctx: Context) -> str:
    return texts.t(ctx.catalog, ctx.lang, "action.counter_trade", give=texts.cards(
        action.give, ctx.catalog, ctx.lang), get=texts.cards(action.get, ctx.catalog, ctx.lang))


def _pick_label(action: Any, ctx: Context) -> str:
    """A reply to pick: the seat and the trade it makes (the offerer's give and get)."""
    replies: list[dict[str, Any]] = ctx.view.get("this_turn", {}).get("replies", [])
    empty: dict[str, Any] = {"give": {}, "get": {}}
    reply = next((r for r in replies if r["seat"] == action.seat), empty)
    return texts.t(ctx.catalog, ctx.lang, "action.pick_trade", other=texts.seat(
        action.seat, ctx.seats, ctx.catalog, ctx.lang, markdown=False),
        give=texts.cards(reply["give"], ctx.catalog, ctx.lang),
        get=texts.cards(reply["get"], ctx.catalog, ctx.lang))


def _open_label(action: Any, ctx: Context) -> str:
    return texts.t(ctx.catalog, ctx.lang, "action.offer_open.counter" if action.counter
                   else "action.offer_open")


DECLARED: tuple[Declaration, ...] = (
    Declaration("offer_open", "ob", ("give", "get"), group=GROUP, label=_open_label,
                style="primary"),
    Declaration("offer_back", "oback", label=lambda a, ctx: texts.t(ctx.catalog, ctx.lang,
                                                                    "builder.back")),
    Declaration("offer_give", "og", ("cards+",), "multi", group=GROUP,
                label=lambda a, ctx: "", choices=_give_items, choice_label=_label,
                chosen=lambda ctx: _positions(_give_items(ctx), chosen(ctx).give)),
    Declaration("offer_get", "oa", ("cards+",), "multi", group=GROUP,
                label=lambda a, ctx: "", choices=_get_items, choice_label=_label,
                chosen=lambda ctx: _positions(_get_items(ctx), chosen(ctx).get)),
    Declaration("offer_quick", "oq", ("to*", "give+", "get+"), "select", group=GROUP,
                label=_quick_label, plays="offer_trade"),
    Declaration("offer_trade", "ot", ("to*", "give+", "get+"), "select", group=GROUP,
                label=_send_label, describe=_send_text, style="primary"),
    Declaration("counter_trade", "ct", ("give+", "get+"), group=GROUP, label=_counter_label,
                style="primary"),
    Declaration("pick_trade", "pick", ("seat",), label=_pick_label, style="success"),
)
KINDS = {"og": "give", "oa": "get"}


def sent(action: dict[str, Any] | Focus | None) -> dict[str, Any] | Focus | None:
    """An offer read from its select ("to*": always a list) in the form the panel listed it:
    to one seat, its name (the one-seat offer)."""
    if isinstance(action, dict) and isinstance(action.get("to"), list) and len(action["to"]) == 1:
        return {**action, "to": action["to"][0]}
    return action


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
    if view.get(COUNTER):
        key = "trade.counter.start" if _the_offer(view, built) else key.replace("draft",
                                                                                "counter")
    lines = [texts.t(catalog, lang, key, give=texts.cards(built.give, catalog, lang),
                     get=texts.cards(built.get, catalog, lang))]
    return lines + bank_lines(view, built, catalog, lang)


def bank_lines(view: dict[str, Any], built: Draft, catalog: Any, lang: str) -> list[str]:
    """The bank's (or a harbour's) rate, when the cards given could go to the bank now: one
    type, at least its rate of them."""
    rates: dict[str, int] = view.get("rates") or {}
    if len(built.give) != 1:
        return []
    [(card, count)] = built.give.items()
    rate = int(rates.get(card, 4))
    if card not in view.get(BANK, ()) or count < rate:
        return []
    return [texts.t(catalog, lang, "trade.bank", rate=rate,
                    card=texts.card(card, catalog, lang))]


def turn_offers(view: dict[str, Any], seats: Sequence[Any], catalog: Any, lang: str
                ) -> list[str]:
    """The offers made this turn, as the panel lists them for the seat that made them."""
    out = []
    for o in view.get("this_turn", {}).get("offers", []):
        out.append(texts.t(catalog, lang, "trade.made", other=texts.seat(
            o["to"], seats, catalog, lang), give=texts.cards(o["give"], catalog, lang),
            get=texts.cards(o["get"], catalog, lang)))
    return out


def answers_lines(view: dict[str, Any], seats: Sequence[Any], catalog: Any, lang: str
                  ) -> list[str]:
    """The acceptances and counters of the open offer to several seats, as its offerer's
    panel lists them (the offerer's give and get)."""
    return [texts.t(catalog, lang, "ask.reply.accepted" if r["accepted"] else
                    "ask.reply.countered", other=texts.seat(r["seat"], seats, catalog, lang),
                    give=texts.cards(r["give"], catalog, lang),
                    get=texts.cards(r["get"], catalog, lang))
            for r in view.get("this_turn", {}).get("replies", [])]


def waiting_lines(view: dict[str, Any], seats: Sequence[Any], catalog: Any, lang: str
                  ) -> list[str]:
    """The offerer's panel while the addressees of its offer to several seats answer."""
    asked = [d for d in view.get("pending", []) if d["kind"] == "trade_ask"]
    if not asked:
        return []
    names = ", ".join(texts.seat(d["seat"], seats, catalog, lang) for d in asked)
    return [texts.t(catalog, lang, "ask.offer_waiting.several", others=names,
                    give=texts.cards(asked[0]["give"], catalog, lang),
                    get=texts.cards(asked[0]["get"], catalog, lang)),
            *answers_lines(view, seats, catalog, lang)]
