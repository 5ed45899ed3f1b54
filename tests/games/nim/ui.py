"""Nim's Discord UI: the table, the panel with a button per legal take, the end."""

from __future__ import annotations

from typing import Any

import discord

from bot.components import ActionButton, unstored
from bot.i18n import Catalog
from bot.names import who
from bot.records import GameRecord, Seat
from bot.ui import Focus, OptionalUI, Panel
from rules.game import GameEvent


class NimUI(OptionalUI):
    game_id = "nim"

    def _heaps(self, view: dict[str, Any], catalog: Catalog, lang: str) -> str:
        return "\n".join(catalog.text("nim.heap", lang, heap=i + 1, count=n,
                                      counters="●" * n or "—")
                         for i, n in enumerate(view["heaps"]))

    def table(self, record: GameRecord, catalog: Catalog, lang: str) -> discord.Embed:
        view = record.rules.public_view(record.state)
        embed = discord.Embed(title=catalog.text("nim.title", lang),
                              description=self._heaps(view, catalog, lang))
        if view["to_act"]:
            embed.set_footer(text=catalog.text(
                "nim.waiting", lang, name=who(view["to_act"][0], record.seats, catalog, lang,
                                              markdown=False)))
        return embed

    def table_round(self, record: GameRecord) -> int:
        return 1

    def standings(self, record: GameRecord, catalog: Catalog, lang: str) -> discord.Embed:
        return self.table(record, catalog, lang)

    def final(self, record: GameRecord, catalog: Catalog, lang: str) -> discord.Embed:
        result = record.rules.result(record.state)
        assert result is not None
        lines = [catalog.text("nim.place", lang, rank=rank, score=result.scores[seat],
                              name=who(seat, record.seats, catalog, lang))
                 for seat, rank in sorted(result.ranks.items(), key=lambda kv: kv[1])]
        return discord.Embed(title=catalog.text("nim.over", lang), description="\n".join(lines))

    def ping_key(self, record: GameRecord) -> str:
        return "nim.ping"

    def option_lines(self, record: GameRecord, catalog: Catalog, lang: str) -> list[str]:
        options = record.rules.options(record.settings.options)
        return [catalog.text("nim.options", lang, **options.model_dump())]

    def panel(self, record: GameRecord, seat: Seat, catalog: Catalog, lang: str,
              notes: list[str], focus: str | None = None) -> Panel:
        view = record.rules.private_view(record.state, seat.id)
        text = "\n".join([*notes, self._heaps(view, catalog, lang),
                          catalog.text("nim.bonus", lang, bonus=view["bonus"])])
        embed = discord.Embed(title=catalog.text("nim.panel", lang), description=text)
        legal = record.rules.legal_actions(record.state, seat.id)
        if not legal:
            return Panel(embed, None)
        buttons = discord.ui.View(timeout=None)
        for take in legal:
            buttons.add_item(ActionButton(
                record.id, record.version, f"t.{take.heap}.{take.count}",
                catalog.text("nim.take", lang, heap=take.heap + 1, count=take.count)))
        return Panel(embed, unstored(buttons))

    def event_lines(self, record: GameRecord, events: list[GameEvent], seat: str,
                    catalog: Catalog, lang: str) -> list[str]:
        return [catalog.text("nim.took", lang, heap=e["heap"] + 1, count=e["count"])
                for e in (event.visible_to(seat) for event in events) if e["type"] == "took"]

    def button_action(self, code: str) -> dict[str, Any] | None:
        parts = code.split(".")
        if len(parts) != 3 or parts[0] != "t" or not all(p.isdigit() for p in parts[1:]):
            return None
        return {"type": "take", "heap": int(parts[1]), "count": int(parts[2])}

    def select_action(self, kind: str, values: list[str]) -> dict[str, Any] | Focus | None:
        return None


UI = NimUI()
