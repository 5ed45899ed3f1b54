"""Citadels' answers to what the platform asks of a game's UI (bot.ui.GameUI)."""

from __future__ import annotations

from typing import Any

import discord

from ai.player import Hint
from bot.i18n import Catalog
from bot.pictures import Picture
from bot.records import GameRecord, Seat
from bot.ui import OptionSelect, Panel
from cogs.citadels import lobby, panel
from cogs.citadels.actions_ui import SPEC
from cogs.citadels.events import event_line
from cogs.citadels.hints import hint_line
from cogs.citadels.render import picture
from cogs.citadels.table import final_embed, standings_embed, table_embed
from cogs.citadels.texts import cast_lines, character_tag
from cogs.kit import ui as kit
from cogs.kit.ui import Forwarding
from rules.citadels.state import Options


class CitadelsUI(Forwarding):
    game_id = "citadels"
    spec = SPEC
    first_round = 1
    round_opens = frozenset({"round_started"})

    def table(self, record: GameRecord, catalog: Catalog, lang: str) -> discord.Embed:
        return table_embed(record.rules.public_view(record.state), record.seats,
                           record.log, catalog, lang)

    def table_round(self, record: GameRecord) -> int:
        return int(record.state.round) if record.state is not None else 0

    def standings(self, record: GameRecord, catalog: Catalog, lang: str) -> discord.Embed:
        return standings_embed(record.rules.public_view(record.state), record.seats,
                               catalog, lang)

    def final(self, record: GameRecord, catalog: Catalog, lang: str) -> discord.Embed:
        return final_embed(record.rules.public_view(record.state), record.seats,
                           catalog, lang)

    def table_picture(self, record: GameRecord, catalog: Catalog, lang: str) -> Picture | None:
        return kit.picture(record, catalog, lang, "table", picture.table_picture)

    def final_picture(self, record: GameRecord, catalog: Catalog, lang: str) -> Picture | None:
        return kit.picture(record, catalog, lang, "scores", picture.final_picture)

    def ping_key(self, record: GameRecord) -> str:
        phase = record.rules.public_view(record.state)["phase"] if record.state else "turns"
        return f"citadels.ping.{phase}"

    def option_lines(self, record: GameRecord, catalog: Catalog, lang: str) -> list[str]:
        size = record.settings.options.get("city_size")
        city = (catalog.text("citadels.lobby.city.size", lang, size=size) if size
                else catalog.text("citadels.lobby.city.default", lang))
        return [catalog.text("citadels.lobby.city", lang, value=city),
                *cast_lines(Options.model_validate(record.settings.options), catalog,
                            lang)]

    def lobby_selects(self, record: GameRecord, catalog: Catalog, lang: str
                      ) -> list[OptionSelect]:
        return lobby.lobby_selects(record, catalog, lang)

    def lobby_choice(self, record: GameRecord, name: str, values: list[str]
                     ) -> dict[str, Any] | None:
        return lobby.lobby_choice(record, name, values)

    def presets(self, catalog: Catalog, lang: str) -> dict[str, str]:
        return lobby.presets(catalog, lang)

    def preset_options(self, key: str) -> dict[str, Any] | None:
        return lobby.preset_options(key)

    def panel(self, record: GameRecord, seat: Seat, catalog: Catalog, lang: str,
              notes: list[str], focus: str | None = None) -> Panel:
        return panel.player_panel(record, seat.id, catalog, lang, notes, focus)

    def line(self, event: dict[str, Any], seats: list[Seat], catalog: Catalog, lang: str,
             viewer: str | None = None, record: GameRecord | None = None) -> str | None:
        return event_line(event, seats, catalog, lang, viewer=viewer)

    def favourite_line(self, role: str, times: int, catalog: Catalog, lang: str) -> str:
        return catalog.text("citadels.render.stats.favourite", lang,
                            character=character_tag(role, lang), times=times)

    def hint_line(self, record: GameRecord, seat: str, hint: Hint, catalog: Catalog, lang: str
                  ) -> str:
        seen = record.rules.view(record.state, seat)
        return hint_line(hint, seen, record.seats, catalog, lang)


UI = CitadelsUI()
