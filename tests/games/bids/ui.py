"""Sealed bids' Discord UI: the table (who has bid, whom the game waits for), the panel with a
button per bid or prize, the end."""

from __future__ import annotations

from typing import Any

import discord

from bot.components import ActionButton, unstored
from bot.i18n import Catalog
from bot.names import waiting_for, who
from bot.records import GameRecord, Seat
from bot.ui import Focus, OptionalUI, Panel
from rules.game import GameEvent


class BidsUI(OptionalUI):
    game_id = "bids"

    def _lines(self, record: GameRecord, view: dict[str, Any], catalog: Catalog, lang: str
               ) -> list[str]:
        lines = [catalog.text("bids.round", lang, round=view["round"], rounds=view["rounds"],
                              a=view["offer"][0], b=view["offer"][1])]
        for seat in view["players"]:
            state = "✅" if seat in view["has_bid"] else "…"
            lines.append(catalog.text("bids.seat", lang, name=who(seat, record.seats, catalog,
                                                                  lang),
                                      coins=view["coins"][seat], won=sum(view["won"][seat]),
                                      state=state))
        return lines

    def table(self, record: GameRecord, catalog: Catalog, lang: str) -> discord.Embed:
        view = record.rules.public_view(record.state)
        embed = discord.Embed(title=catalog.text("bids.title", lang),
                              description="\n".join(self._lines(record, view, catalog, lang)))
        if (names := waiting_for(record, catalog, lang, markdown=False)) is not None:
            embed.set_footer(text=catalog.text("bids.waiting", lang, names=names))
        return embed

    def table_round(self, record: GameRecord) -> int:
        return int(record.state.round) if record.state is not None else 0

    def standings(self, record: GameRecord, catalog: Catalog, lang: str) -> discord.Embed:
        return self.table(record, catalog, lang)

    def final(self, record: GameRecord, catalog: Catalog, lang: str) -> discord.Embed:
        result = record.rules.result(record.state)
        assert result is not None
        lines = [catalog.text("bids.place", lang, rank=rank, score=result.scores[seat],
                              name=who(seat, record.seats, catalog, lang))
                 for seat, rank in sorted(result.ranks.items(), key=lambda kv: kv[1])]
        return discord.Embed(title=catalog.text("bids.over", lang), description="\n".join(lines))

    def ping_key(self, record: GameRecord) -> str:
        return "bids.ping"

    def option_lines(self, record: GameRecord, catalog: Catalog, lang: str) -> list[str]:
        options = record.rules.options(record.settings.options)
        return [catalog.text("bids.options", lang, **options.model_dump())]

    def panel(self, record: GameRecord, seat: Seat, catalog: Catalog, lang: str,
              notes: list[str], focus: str | None = None) -> Panel:
        view = record.rules.private_view(record.state, seat.id)
        lines = [*notes, *self._lines(record, view, catalog, lang)]
        if view["my_bid"] is not None and view["winner"] is None:
            lines.append(catalog.text("bids.my_bid", lang, coins=view["my_bid"]))
        embed = discord.Embed(title=catalog.text("bids.panel", lang), description="\n".join(lines))
        legal = record.rules.legal_actions(record.state, seat.id)
        if not legal:
            return Panel(embed, None)
        buttons = discord.ui.View(timeout=None)
        for action in legal:
            if action.type == "bid":
                code, label = f"b.{action.coins}", catalog.text("bids.bid", lang,
                                                                coins=action.coins)
            else:
                code, label = f"p.{action.prize}", catalog.text(
                    "bids.pick", lang, prize=view["offer"][action.prize])
            buttons.add_item(ActionButton(record.id, record.version, code, label))
        return Panel(embed, unstored(buttons))

    def event_lines(self, record: GameRecord, events: list[GameEvent], seat: str,
                    catalog: Catalog, lang: str) -> list[str]:
        lines = []
        for event in (e.visible_to(seat) for e in events):
            if event["type"] == "bid" and event["player"] == seat:
                lines.append(catalog.text("bids.you_bid", lang, coins=event["coins"]))
            elif event["type"] == "picked" and event["player"] == seat:
                lines.append(catalog.text("bids.you_picked", lang, prize=event["prize"]))
        return lines

    def log_lines(self, events: list[dict[str, Any]], seats: list[Seat], catalog: Catalog,
                  lang: str) -> list[str]:
        return [catalog.text("bids.log", lang, type=e["type"],
                             name=who(e.get("player"), seats, catalog, lang)) for e in events]

    def hint_line(self, record: GameRecord, seat: str, hint: Any, catalog: Catalog, lang: str
                  ) -> str:
        return ""  # no hints: the game's players give none

    def button_action(self, code: str) -> dict[str, Any] | None:
        kind, _, number = code.partition(".")
        if kind not in ("b", "p") or not number.isdigit():
            return None
        if kind == "b":
            return {"type": "bid", "coins": int(number)}
        return {"type": "pick", "prize": int(number)}

    def select_action(self, kind: str, values: list[str]) -> dict[str, Any] | Focus | None:
        return None


UI = BidsUI()
