"""Cities' answers to what the platform asks of a game's UI (bot.ui.GameUI): the table, the
standings and the end (table.py) with the board as a picture, the lobby's options, the panels and
what their components mean."""

from __future__ import annotations

from typing import Any

import discord

from ai.player import Hint
from bot.i18n import Catalog
from bot.pictures import Picture
from bot.records import GameRecord, Seat
from bot.ui import Focus, OptionSelect, Panel
from cogs.kit import ui as kit
from cogs.kit.ui import Forwarding
from rules.cities import data
from rules.cities.state import RANDOM, Options

from . import actions_ui, events, panel, table, texts
from .render import board, sheet
from .texts import t

View = dict[str, Any]
VERSION = 1  # in the pictures' keys: a change to the drawing draws every picture again


class CitiesUI(Forwarding):
    game_id = "cities"
    spec = actions_ui.SPEC
    round_opens = frozenset({"round"})

    # --- the table, standings and the end (table.py) ---------------------------------------------

    def table(self, record: GameRecord, catalog: Catalog, lang: str) -> discord.Embed:
        return table.table_embed(record, catalog, lang)

    def standings(self, record: GameRecord, catalog: Catalog, lang: str) -> discord.Embed:
        return table.standings_embed(record, catalog, lang)

    def final(self, record: GameRecord, catalog: Catalog, lang: str) -> discord.Embed:
        return table.final_embed(record, catalog, lang)

    def table_round(self, record: GameRecord) -> int:
        """The round the table shows: the start-tile draft opens round 1, on its table (and its
        page of a replay), being a step of the set-up, no round (docs/rules/cities.md §4.5)."""
        return max(1, int(record.state.round)) if record.state is not None else 0

    def table_picture(self, record: GameRecord, catalog: Catalog, lang: str) -> Picture | None:
        return kit.picture(record, catalog, lang, "board", board.table_picture, VERSION)

    def final_picture(self, record: GameRecord, catalog: Catalog, lang: str) -> Picture | None:
        return kit.picture(record, catalog, lang, "result", sheet.final_picture, VERSION)

    # --- the lobby -------------------------------------------------------------------------------

    def ping_key(self, record: GameRecord) -> str:
        phase = record.state.phase if record.state is not None else "take"
        return f"cities.ping.{phase}"

    def option_lines(self, record: GameRecord, catalog: Catalog, lang: str) -> list[str]:
        return table.option_lines(record.settings.options, catalog, lang)

    def lobby_selects(self, record: GameRecord, catalog: Catalog, lang: str
                      ) -> list[OptionSelect]:
        options = Options.model_validate(record.settings.options)
        parts = data.component_set(options.component_set)
        lang = texts.lang_of(catalog, lang)
        boards = [discord.SelectOption(label=t(catalog, lang, "lobby.board.random"),
                                       value=RANDOM, default=options.board == RANDOM)]
        boards += [discord.SelectOption(
            label=texts.named(b, lang), value=b.id, default=options.board == b.id,
            description=t(catalog, lang, "lobby.board.first") if b.first_game else None)
            for b in parts.boards.values()]
        length = [discord.SelectOption(label=t(catalog, lang, f"lobby.length.{k}"), value=k,
                                       default=options.long == (k == "long"))
                  for k in ("standard", "long")]
        return [OptionSelect("board", boards[:25], t(catalog, lang, "lobby.select.board")),
                OptionSelect("length", length, t(catalog, lang, "lobby.select.length"))]

    def lobby_choice(self, record: GameRecord, name: str, values: list[str]
                     ) -> dict[str, Any] | None:
        if len(values) != 1:
            return None
        options = dict(record.settings.options)
        if name == "board":
            options["board"] = values[0]
        elif name == "length" and values[0] in ("standard", "long"):
            options["long"] = values[0] == "long"
        else:
            return None
        try:
            Options.model_validate(options)
        except ValueError:
            return None
        return options

    # --- panels and their components -------------------------------------------------------------

    def panel(self, record: GameRecord, seat: Seat, catalog: Catalog, lang: str,
              notes: list[str], focus: str | None = None) -> Panel:
        return panel.player_panel(record, seat.id, catalog, lang, notes, focus)

    def line(self, event: dict[str, Any], seats: list[Seat], catalog: Catalog, lang: str,
             viewer: str | None = None, record: GameRecord | None = None) -> str | None:
        """A running game's components name what an event took; a replay's, the default set."""
        parts = record.state.components if record is not None and record.state is not None \
            else _default()
        return events.event_line(event, seats, parts, catalog, lang, viewer=viewer)

    def hint_line(self, record: GameRecord, seat: str, hint: Hint, catalog: Catalog, lang: str
                  ) -> str:
        found = actions_ui.action(actions_ui.encode(record.rules.parse_action(hint.action)))
        what = _action_words(found or hint.action, record, catalog, lang)
        key = f"cities.hint.{hint.reason}"
        why = catalog.text(key, lang, **hint.params) if key in catalog.tables.get(
            texts.lang_of(catalog, lang), {}) else ""
        return t(catalog, lang, "hint.line", action=what, why=why).strip()

    def button_action(self, code: str) -> dict[str, Any] | None:
        return actions_ui.action(code)

    def select_action(self, kind: str, values: list[str]) -> dict[str, Any] | Focus | None:
        return actions_ui.select_action(kind, values)


def _default() -> data.ComponentSet:
    return data.component_set(data.DEFAULT)


def _action_words(action: dict[str, Any], record: GameRecord, catalog: Catalog, lang: str
                  ) -> str:
    """An action as a short phrase, for a hint."""
    kind = action.get("type", "")
    params = {k: v for k, v in action.items() if k != "type"}
    try:
        return t(catalog, lang, f"hint.action.{kind}", **params)
    except (KeyError, IndexError):
        return kind


UI = CitiesUI()
