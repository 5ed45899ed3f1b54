"""What the platform asks of a game's Discord UI, and where each game's UI is found.

A game's UI package (`registry.entry(id).ui`) registers one `GameUI` when its extension loads.
The platform renders lobbies, pings and notices itself and asks the game's UI for everything
that depends on its rules: the table, the final result, a seat's private panel, what an
action's component code means. Every method gets views, never the full state: the table and the
end from the public view, a panel from the seat's own.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol, runtime_checkable

import discord

from bot.i18n import Catalog

if TYPE_CHECKING:
    from ai.player import Hint
    from bot.pictures import Picture
    from bot.records import GameRecord, Seat
    from rules.game import GameEvent


@dataclass
class Panel:
    """The embed and components of one seat's private panel at one game version. A panel
    whose `view` is a layout (discord.ui.LayoutView: more components than five rows of
    buttons hold) is sent as that layout alone, its text in the layout's text displays (the
    embed then only says the same for whoever reads the panel in code); see bot/layouts.py."""

    embed: discord.Embed
    view: discord.ui.View | discord.ui.LayoutView | None


@dataclass
class Table:
    """The public table at one game version: its text, and its picture where the game draws
    one (both from the record's one public view: bot/snapshots.py)."""

    embed: discord.Embed
    picture: Picture | None = None


@dataclass(frozen=True)
class Focus:
    """A select that narrows the panel (the Warlord names a player, then a district) instead
    of playing an action: redraw the panel with this focus."""

    value: str | None


@dataclass(frozen=True)
class OptionSelect:
    """A lobby select of a game's options: its name, choices (those chosen now marked as
    defaults) and how many may be chosen."""

    name: str
    options: list[discord.SelectOption]
    placeholder: str
    min_values: int = 1
    max_values: int = 1


class GameUI(Protocol):
    game_id: str
    # The number its table gives the first round (a set-up before round 1 is round 0): the
    # replay names its pages as the table named its rounds.
    first_round: int
    # The event types that open a round: the replay's new page begins with one, the events
    # before it (the last move of the round before) staying on that round's page.
    round_opens: frozenset[str]

    def table(self, record: GameRecord, catalog: Catalog, lang: str) -> discord.Embed:
        """The public table (from the public view and the record's recent log)."""
        ...

    def table_round(self, record: GameRecord) -> int:
        """The table is one message per round, edited as the round goes: the current round."""
        ...

    def standings(self, record: GameRecord, catalog: Catalog, lang: str) -> discord.Embed:
        """The scores so far, as `/<game> score` shows them (from the public view)."""
        ...

    def final(self, record: GameRecord, catalog: Catalog, lang: str) -> discord.Embed:
        """The final result of a finished game."""
        ...

    def table_picture(self, record: GameRecord, catalog: Catalog, lang: str) -> Picture | None:
        """The table as a picture (from the same public view as its text), or None."""
        ...

    def final_picture(self, record: GameRecord, catalog: Catalog, lang: str) -> Picture | None:
        """The final result as a picture (a score chart), or None."""
        ...

    def ping_key(self, record: GameRecord) -> str:
        """The catalog key (with a {mention} placeholder) that tells a person it's their turn."""
        ...

    def option_lines(self, record: GameRecord, catalog: Catalog, lang: str) -> list[str]:
        """The game's options as the lobby shows them."""
        ...

    def lobby_selects(self, record: GameRecord, catalog: Catalog, lang: str
                      ) -> list[OptionSelect]:
        """The game's options the host may change in the lobby, as selects (at most 3)."""
        ...

    def presets(self, catalog: Catalog, lang: str) -> dict[str, str]:
        """Named sets of options a server may take as its default (key -> name)."""
        ...

    def preset_options(self, key: str) -> dict[str, Any] | None:
        """The options of a preset (drawn anew each time if it is random); None if unknown."""
        ...

    def lobby_choice(self, record: GameRecord, name: str, values: list[str]
                     ) -> dict[str, Any] | None:
        """The game's options after the host chose `values` in the select `name`; None if
        the values are none of that select's."""
        ...

    def panel(self, record: GameRecord, seat: Seat, catalog: Catalog, lang: str,
              notes: list[str], focus: str | None = None) -> Panel:
        """`seat`'s private panel: its view, and a component for every legal action."""
        ...

    def event_lines(self, record: GameRecord, events: list[GameEvent], seat: str,
                    catalog: Catalog, lang: str) -> list[str]:
        """What `seat` reads of the events its own action caused."""
        ...

    def log_lines(self, events: list[dict[str, Any]], seats: list[Seat], catalog: Catalog,
                  lang: str) -> list[str]:
        """The public events of a game (its history, a replay) as lines anyone may read."""
        ...

    def favourite_line(self, role: str, times: int, catalog: Catalog, lang: str) -> str:
        """A player's most played role (one the game's `role_played` names), for their stats."""
        ...

    def hint_line(self, record: GameRecord, seat: str, hint: Hint, catalog: Catalog, lang: str
                  ) -> str:
        """A hint for `seat` (ai.player.Hint) as one line: the move and why."""
        ...

    def button_action(self, code: str) -> dict[str, Any] | Focus | None:
        """The action an action button's code names (or the panel focus a button that only
        opens choices names); None if malformed."""
        ...

    def select_action(self, kind: str, values: list[str]) -> dict[str, Any] | Focus | None:
        """The action (or panel focus) a select's values name; None if malformed."""
        ...


@runtime_checkable
class KeyedUI(Protocol):
    """A game's UI whose table has a key: what each of its marks means, shown by a "Key"
    button on the table (for anyone, seated or not) and in `/<game> help`."""

    def key(self, catalog: Catalog, lang: str) -> discord.Embed:
        ...


@runtime_checkable
class QuickUI(Protocol):
    """A game's UI whose table offers, as a button on the table and on the turn's mention, the
    move a turn usually starts with (Catan: Roll), so that it takes one click instead of "Act"
    and the move."""

    def quick_action(self, record: GameRecord) -> tuple[str, str, dict[str, Any]] | None:
        """(the seat that may make it, its button's catalog key, the action), read from the
        engine's legal actions now; None when there is none."""
        ...


def quick_action(record: GameRecord) -> tuple[str, str, dict[str, Any]] | None:
    """The quick move of the record's game (QuickUI), if its UI has one and it may be made now."""
    ui = ui_for(record.game)
    return ui.quick_action(record) if isinstance(ui, QuickUI) else None


def table_of(record: GameRecord, catalog: Catalog, lang: str, *, picture: bool = True
             ) -> Table:
    """The game's table in one call, its text and (with `picture`) its picture: what the
    publisher shows at every change."""
    ui = ui_for(record.game)
    return Table(ui.table(record, catalog, lang),
                 ui.table_picture(record, catalog, lang) if picture else None)


class OptionalUI:
    """What a game's UI may leave out: a base for one that has no lobby options, no roles,
    no log and no pictures of its own, and whose rounds are numbered from 1."""

    first_round = 1
    round_opens: frozenset[str] = frozenset()  # none: a round's page begins with its action

    def lobby_selects(self, record: GameRecord, catalog: Catalog, lang: str
                      ) -> list[OptionSelect]:
        return []

    def table_picture(self, record: GameRecord, catalog: Catalog, lang: str) -> Picture | None:
        return None

    def final_picture(self, record: GameRecord, catalog: Catalog, lang: str) -> Picture | None:
        return None

    def lobby_choice(self, record: GameRecord, name: str, values: list[str]
                     ) -> dict[str, Any] | None:
        return None

    def presets(self, catalog: Catalog, lang: str) -> dict[str, str]:
        return {}

    def preset_options(self, key: str) -> dict[str, Any] | None:
        return None

    def favourite_line(self, role: str, times: int, catalog: Catalog, lang: str) -> str:
        return role  # never asked: a game without roles names none (Game.role_played)

    def log_lines(self, events: list[dict[str, Any]], seats: list[Seat], catalog: Catalog,
                  lang: str) -> list[str]:
        return []


_UIS: dict[str, GameUI] = {}


def register(ui: GameUI) -> None:
    _UIS[ui.game_id] = ui


def ui_for(game_id: str) -> GameUI:
    try:
        return _UIS[game_id]
    except KeyError:
        raise LookupError(f"no UI loaded for game {game_id!r}") from None
