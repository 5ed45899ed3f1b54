"""Every component of ours: each kind is one class that builds its own custom_id and parses it
back (discord.py's DynamicItem), so an id is assembled in exactly one place.

Components are answered by these classes, registered at start-up, never by a stored view: they
keep working across restarts. A custom_id is only a hint (any client can send any id): the
parsed fields go to the platform's cog, the service checks the version, the engine legality.
"""

from __future__ import annotations

import re
import time
from typing import TYPE_CHECKING, Any, Protocol

import discord

if TYPE_CHECKING:
    from collections.abc import Sequence

# The `cz:` prefix and layouts are those of the first release: buttons on screen keep working.
GAME = r"cz:(?P<game>\d{1,12})"
VERSION = r"(?P<version>\d{1,9})"


class Handler(Protocol):
    """The platform cog that answers components (cogs.game.GameCog)."""

    async def act_code(self, interaction: discord.Interaction, game: int, version: int,
                       code: str) -> None: ...

    async def act_select(self, interaction: discord.Interaction, game: int, version: int,
                         kind: str, values: list[str]) -> None: ...

    async def table_click(self, interaction: discord.Interaction, game: int, what: str
                          ) -> None: ...

    async def lobby(self, interaction: discord.Interaction, game: int, op: str,
                    value: str | None) -> None: ...

    async def confirm_end(self, interaction: discord.Interaction, game: int, yes: bool
                          ) -> None: ...

    async def lobby_options(self, interaction: discord.Interaction, game: int, name: str,
                            values: list[str]) -> None: ...

    async def rematch(self, interaction: discord.Interaction, game: int) -> None: ...

    async def refuse(self, interaction: discord.Interaction, key: str, **params: Any
                     ) -> None: ...


def handler(interaction: discord.Interaction) -> Handler:
    cog: Any = interaction.client.get_cog("GameCog")  # type: ignore[attr-defined]
    return cog


def unstored(view: discord.ui.View) -> discord.ui.View:
    """`view`, stopped, so discord.py does not keep it. Every component of ours is answered by
    the dynamic items registered at start-up; a live view with custom_ids would be stored per
    message forever (timeout=None), making every click dispatch a no-op callback as well and
    leaving thousands of views for the garbage collector to walk."""
    view.stop()
    return view


class _Item:
    """Keeps the custom_id's named groups: `game` and `version` (0 where none) as ints."""

    fields: dict[str, str]
    game: int
    version: int

    def _keep(self, match: re.Match[str]) -> None:
        self.fields = match.groupdict()
        self.game = int(self.fields["game"])
        self.version = int(self.fields.get("version") or 0)

    async def interaction_check(self, interaction: discord.Interaction, /) -> bool:
        """A busy bot answers a person's flood of clicks with one cheap line (bot/throttle.py)
        instead of redrawing a panel for each."""
        bot: Any = interaction.client
        publisher = getattr(bot, "publisher", None)
        if publisher is None or not publisher.busy():
            return True
        if bot.throttle.allow(interaction.user.id, time.monotonic()):
            return True
        await handler(interaction).refuse(interaction, "errors.too_fast")
        return False

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: Any,
                             match: re.Match[str]) -> Any:
        made = cls.__new__(cls)
        discord.ui.DynamicItem.__init__(made, item)  # type: ignore[arg-type]
        made._keep(match)
        return made


class ActionButton(_Item, discord.ui.DynamicItem[discord.ui.Button[Any]],
                   template=GAME + ":" + VERSION + r":(?!s\.)(?P<code>[a-z0-9_.,]{1,80})"):
    """Plays one action, named by the game's own short code, on the version it was built on."""

    def __init__(self, game: int, version: int, code: str, label: str,
                 style: discord.ButtonStyle = discord.ButtonStyle.secondary,
                 row: int | None = None) -> None:
        super().__init__(discord.ui.Button(label=label, style=style, row=row,
                                           custom_id=f"cz:{game}:{version}:{code}"))

    async def callback(self, interaction: discord.Interaction) -> None:
        await handler(interaction).act_code(interaction, self.game, self.version,
                                            self.fields["code"])


class ActionSelect(_Item, discord.ui.DynamicItem[discord.ui.Select[Any]],
                   template=GAME + ":" + VERSION + r":s\.(?P<kind>[a-z_]{1,20})"):
    """Chooses among actions of one kind (or narrows the panel); values are game codes."""

    def __init__(self, game: int, version: int, kind: str, options: Sequence[
                 discord.SelectOption], placeholder: str, *, min_values: int = 1,
                 max_values: int = 1, row: int | None = None) -> None:
        super().__init__(discord.ui.Select(
            custom_id=f"cz:{game}:{version}:s.{kind}", placeholder=placeholder,
            options=list(options), min_values=min_values, max_values=max_values, row=row))

    async def callback(self, interaction: discord.Interaction) -> None:
        await handler(interaction).act_select(interaction, self.game, self.version,
                                              self.fields["kind"], list(self.item.values))


class TableButton(_Item, discord.ui.DynamicItem[discord.ui.Button[Any]],
                  template=GAME + r":(?P<what>hand|act|back|hint|key|quick)"):
    """"My hand", "Act", "I'm back", "Key" and a game's quick move (Roll) on the table and in
    pings; "Hint" in panels."""

    def __init__(self, game: int, what: str, label: str,
                 style: discord.ButtonStyle = discord.ButtonStyle.secondary,
                 row: int | None = None) -> None:
        super().__init__(discord.ui.Button(label=label, style=style, row=row,
                                           custom_id=f"cz:{game}:{what}"))

    async def callback(self, interaction: discord.Interaction) -> None:
        await handler(interaction).table_click(interaction, self.game, self.fields["what"])


class LobbyButton(_Item, discord.ui.DynamicItem[discord.ui.Button[Any]],
                  template=GAME + r":lobby\.(?P<op>join|leave|remove|start|cancel)"):
    def __init__(self, game: int, op: str, label: str, style: discord.ButtonStyle,
                 row: int | None = None) -> None:
        super().__init__(discord.ui.Button(label=label, style=style, row=row,
                                           custom_id=f"cz:{game}:lobby.{op}"))

    async def callback(self, interaction: discord.Interaction) -> None:
        await handler(interaction).lobby(interaction, self.game, self.fields["op"], None)


class LobbySelect(_Item, discord.ui.DynamicItem[discord.ui.Select[Any]],
                  template=GAME + r":lobby\.(?P<op>add)"):
    """Adds a computer player of the chosen strength."""

    def __init__(self, game: int, options: Sequence[discord.SelectOption], placeholder: str,
                 row: int | None = None) -> None:
        super().__init__(discord.ui.Select(custom_id=f"cz:{game}:lobby.add", row=row,
                                           placeholder=placeholder, options=list(options)))

    async def callback(self, interaction: discord.Interaction) -> None:
        values = list(self.item.values)
        await handler(interaction).lobby(interaction, self.game, "add",
                                         values[0] if values else "")


class LobbyOptionSelect(_Item, discord.ui.DynamicItem[discord.ui.Select[Any]],
                        template=GAME + r":lobby\.o\.(?P<name>[a-z0-9_]{1,20})"):
    """One of the game's options in the lobby (the host's to change): its values are the
    game's own (bot.ui.GameUI.lobby_selects)."""

    def __init__(self, game: int, name: str, options: Sequence[discord.SelectOption],
                 placeholder: str, *, min_values: int = 1, max_values: int = 1,
                 row: int | None = None) -> None:
        super().__init__(discord.ui.Select(
            custom_id=f"cz:{game}:lobby.o.{name}", row=row, placeholder=placeholder,
            options=list(options), min_values=min_values, max_values=max_values))

    async def callback(self, interaction: discord.Interaction) -> None:
        await handler(interaction).lobby_options(interaction, self.game, self.fields["name"],
                                                 list(self.item.values))


class RematchButton(_Item, discord.ui.DynamicItem[discord.ui.Button[Any]],
                    template=GAME + r":rematch"):
    """On a finished game's result: a new lobby with the same seats and options."""

    def __init__(self, game: int, label: str) -> None:
        super().__init__(discord.ui.Button(label=label, style=discord.ButtonStyle.success,
                                           custom_id=f"cz:{game}:rematch", emoji="🔁"))

    async def callback(self, interaction: discord.Interaction) -> None:
        await handler(interaction).rematch(interaction, self.game)


class EndButton(_Item, discord.ui.DynamicItem[discord.ui.Button[Any]],
                template=GAME + r":end\.(?P<answer>yes|no)"):
    """The answer to `/… end`'s confirmation."""

    def __init__(self, game: int, answer: str, label: str, style: discord.ButtonStyle) -> None:
        super().__init__(discord.ui.Button(label=label, style=style,
                                           custom_id=f"cz:{game}:end.{answer}"))

    async def callback(self, interaction: discord.Interaction) -> None:
        await handler(interaction).confirm_end(interaction, self.game,
                                               self.fields["answer"] == "yes")


class HistoryHandler(Protocol):
    """The cog that answers the history's components (cogs.history.HistoryCog)."""

    async def board_page(self, interaction: discord.Interaction, game: str, offset: int
                         ) -> None: ...

    async def replay_page(self, interaction: discord.Interaction, game_id: int, page: int
                          ) -> None: ...

    async def confirm_forget(self, interaction: discord.Interaction, yes: bool) -> None: ...


def history_handler(interaction: discord.Interaction) -> HistoryHandler:
    cog: Any = interaction.client.get_cog("HistoryCog")  # type: ignore[attr-defined]
    return cog


class _Plain:
    fields: dict[str, str]

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: Any,
                             match: re.Match[str]) -> Any:
        made = cls.__new__(cls)
        discord.ui.DynamicItem.__init__(made, item)  # type: ignore[arg-type]
        made.fields = match.groupdict()
        return made


class BoardButton(_Plain, discord.ui.DynamicItem[discord.ui.Button[Any]],
                  template=r"ch:board:(?P<game>[a-z0-9_]{1,30}):(?P<offset>\d{1,6})"):
    """A page of a server's leaderboard (the server is the clicker's)."""

    def __init__(self, game: str, offset: int, label: str, disabled: bool = False) -> None:
        super().__init__(discord.ui.Button(label=label, disabled=disabled,
                                           custom_id=f"ch:board:{game}:{offset}"))

    async def callback(self, interaction: discord.Interaction) -> None:
        await history_handler(interaction).board_page(interaction, self.fields["game"],
                                                      int(self.fields["offset"]))


class ReplayButton(_Plain, discord.ui.DynamicItem[discord.ui.Button[Any]],
                   template=r"ch:replay:(?P<game>\d{1,12}):(?P<page>\d{1,4})(?::(?P<tag>\w))?"):
    """A page (a round, or the end) of a finished game's replay."""

    def __init__(self, game_id: int, page: int, label: str, disabled: bool = False,
                 tag: str = "") -> None:
        suffix = f":{tag}" if tag else ""  # two buttons may show one page: ids stay unique
        super().__init__(discord.ui.Button(label=label, disabled=disabled,
                                           custom_id=f"ch:replay:{game_id}:{page}{suffix}"))

    async def callback(self, interaction: discord.Interaction) -> None:
        await history_handler(interaction).replay_page(interaction, int(self.fields["game"]),
                                                       int(self.fields["page"]))


class ForgetButton(_Plain, discord.ui.DynamicItem[discord.ui.Button[Any]],
                   template=r"ch:forget:(?P<answer>yes|no)"):
    def __init__(self, answer: str, label: str, style: discord.ButtonStyle) -> None:
        super().__init__(discord.ui.Button(label=label, style=style,
                                           custom_id=f"ch:forget:{answer}"))

    async def callback(self, interaction: discord.Interaction) -> None:
        await history_handler(interaction).confirm_forget(interaction,
                                                          self.fields["answer"] == "yes")


DYNAMIC_ITEMS: tuple[type[discord.ui.DynamicItem[Any]], ...] = (
    ActionButton, ActionSelect, TableButton, LobbyButton, LobbySelect, LobbyOptionSelect,
    RematchButton, EndButton,
    BoardButton, ReplayButton, ForgetButton)


def recognized(custom_id: str) -> bool:
    """Whether one of our components would parse `custom_id`."""
    return any(item.__discord_ui_compiled_template__.fullmatch(custom_id)
               for item in DYNAMIC_ITEMS)
