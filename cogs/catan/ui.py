"""Catan's Discord UI (bot.ui.GameUI): the platform asks it for the table, the panels, the end,
and what a component means; everything it shows is read from views, never from the state."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import discord

from bot.i18n import Catalog
from bot.names import language
from bot.records import GameRecord, Seat
from bot.ui import Focus, OptionalUI, OptionSelect, Panel
from cogs.kit import lobby
from rules.catan.state import Options

from . import builder, builds, events, hints, panel, table, trades
from .actions_ui import SPEC
from .render import picture

if TYPE_CHECKING:
    from ai.player import Hint
    from bot.pictures import Picture
    from rules.game import GameEvent

LOBBY = ("layout", "points")  # the options the lobby offers (cogs/kit/lobby.py)


class CatanUI(OptionalUI):
    game_id = "catan"
    first_round = 0  # the set-up's table comes before round 1's
    # A round's replay page begins with its first turn's start (the set-up's end for round 1),
    # the turn ended before it on the page of the round it ended.
    round_opens = frozenset({"turn_started"})

    def table(self, record: GameRecord, catalog: Catalog, lang: str) -> discord.Embed:
        return table.table_embed(record, catalog, lang)

    def key(self, catalog: Catalog, lang: str) -> discord.Embed:
        """The table's key (bot.ui.KeyedUI): its Key button and `/catan help` show it."""
        return table.key_embed(catalog, lang)

    def quick_action(self, record: GameRecord) -> tuple[str, str, dict[str, Any]] | None:
        """Roll, when the seat whose turn it is may roll now (the engine says so)."""
        if record.state is None or record.status != "running":
            return None
        rules = record.rules
        for seat in rules.must_decide(record.state):
            if any(a.type == "roll" for a in rules.legal_actions(record.state, seat)):
                return seat, "catan.table.roll", {"type": "roll"}
        return None

    def table_round(self, record: GameRecord) -> int:
        """One table message per round of turns (every seat once), the set-up its own: a
        4-player game leaves some twenty tables, each edited as its round goes."""
        if record.state is None:
            return 0
        return table.round_of(record.rules.view(record.state, None))

    def standings(self, record: GameRecord, catalog: Catalog, lang: str) -> discord.Embed:
        return table.standings_embed(record, catalog, lang)

    def final(self, record: GameRecord, catalog: Catalog, lang: str) -> discord.Embed:
        return table.final_embed(record, catalog, lang)

    def table_picture(self, record: GameRecord, catalog: Catalog, lang: str) -> Picture | None:
        """The board from the public view, as the text beside it; its key is what it draws."""
        if record.state is None:
            return None
        view = record.rules.view(record.state, None)
        return picture.board(view, list(record.seats), catalog, language(catalog, lang))

    def ping_key(self, record: GameRecord) -> str:
        """The mention's text: the decision asked (a discard, an offer...), else the turn."""
        if record.state is None:
            return "catan.ping.turn"
        view = record.rules.view(record.state, None)
        if view["pending"]:
            return f"catan.ping.{view['pending'][0]['kind']}"
        return "catan.ping.setup" if view["phase"] == "setup" else "catan.ping.turn"

    def option_lines(self, record: GameRecord, catalog: Catalog, lang: str) -> list[str]:
        options = Options.model_validate(record.settings.options).model_dump()
        return table.option_lines(options, catalog, language(catalog, lang))

    def lobby_selects(self, record: GameRecord, catalog: Catalog, lang: str
                      ) -> list[OptionSelect]:
        return lobby.selects(Options, record.settings.options, LOBBY, "catan.", catalog,
                             language(catalog, lang))

    def lobby_choice(self, record: GameRecord, name: str, values: list[str]
                     ) -> dict[str, Any] | None:
        return lobby.choice(Options, dict(record.settings.options), LOBBY, name, values)

    def panel(self, record: GameRecord, seat: Seat, catalog: Catalog, lang: str,
              notes: list[str], focus: str | None = None) -> Panel:
        return panel.player_panel(record, seat.id, catalog, lang, notes, focus)

    def event_lines(self, record: GameRecord, events_: list[GameEvent], seat: str,
                    catalog: Catalog, lang: str) -> list[str]:
        return events.lines([e.visible_to(seat) for e in events_], record.seats, catalog,
                            language(catalog, lang), viewer=seat)

    def log_lines(self, events_: list[dict[str, Any]], seats: list[Seat], catalog: Catalog,
                  lang: str) -> list[str]:
        return events.lines(events_, seats, catalog, language(catalog, lang))

    def hint_line(self, record: GameRecord, seat: str, hint: Hint, catalog: Catalog, lang: str
                  ) -> str:
        """The expert's move and why, worded from the seat's own view (ai.catan.hints)."""
        view = record.rules.view(record.state, seat)
        return hints.hint_line(hint, view, list(record.seats), catalog, language(catalog, lang))

    def button_action(self, code: str) -> dict[str, Any] | Focus | None:
        """The action a code names; a Build button's, the places it opens (or its one)."""
        found = SPEC.decode(code)
        if found is not None and found["type"] == builds.TYPE:
            return builds.clicked(found)
        return builder.answer(found)  # the trade builder's buttons: a focus

    def select_action(self, kind: str, values: list[str]) -> dict[str, Any] | Focus | None:
        if kind in trades.KINDS:
            return trades.select_focus(kind, values)
        if kind == SPEC.of("offer_trade").code:
            return trades.sent(SPEC.select_action(kind, values))
        return SPEC.select_action(kind, values)


UI = CatanUI()
