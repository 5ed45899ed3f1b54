"""The commands every game has (`/<game> hand`, `score`, `table`, `leave`, `dms`, `end`,
`defaults`, `about`, `help`), written once for all games: each game's cog subclasses
`GameCommands` under its own command group and adds its `new` and its own commands."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

import discord
from discord import app_commands
from discord.app_commands import locale_str
from discord.ext import commands

from bot.changes import Refused
from bot.components import EndButton, unstored
from bot.lobby import lobby_message
from bot.records import GameRecord, GameSettings
from bot.storage import ChannelBusy
from bot.ui import ui_for
from cogs.game import GameCog, in_time

if TYPE_CHECKING:
    from bot.client import GameBot


def _str(english: str, key: str) -> locale_str:
    return locale_str(english, key=key)


def choice(english: str, key: str, value: Any) -> app_commands.Choice[Any]:
    return app_commands.Choice(name=_str(english, key), value=value)


class GameCommands(commands.GroupCog):
    """The commands every game has, under the game's own group: a game's cog subclasses this
    with `group_name`, sets `game_id` and adds its `new` command (with its options) and any
    command of its own."""

    game_id: ClassVar[str]

    def __init__(self, bot: GameBot) -> None:
        self.bot = bot
        super().__init__()

    def text(self, interaction: discord.Interaction, key: str, **params: Any) -> str:
        return self.bot.catalog.text(key, interaction.locale, **params)

    async def reply(self, interaction: discord.Interaction, key: str, **params: Any) -> None:
        await interaction.response.send_message(self.text(interaction, key, **params),
                                                ephemeral=True)

    def _panel(self, interaction: discord.Interaction, topic: str) -> discord.Embed:
        return discord.Embed(
            title=self.text(interaction, f"{self.game_id}.{topic}.title"),
            description=self.text(interaction, f"{self.game_id}.{topic}.body"),
            colour=discord.Colour.gold(),
        )

    async def _no_game(self, interaction: discord.Interaction) -> None:
        await self.reply(interaction, "errors.no_game_here",
                         new=self.text(interaction, f"{self.game_id}.new"))

    def _game_here(self, interaction: discord.Interaction) -> GameRecord | None:
        """The active game in this channel, if it is this cog's game."""
        record = self.bot.service.in_channel(interaction.channel_id or 0)
        return record if record is not None and record.game == self.game_id else None

    async def open_lobby(self, interaction: discord.Interaction, *, players: int | None,
                         turn_limit: int | None, language: str | None, thread: bool,
                         options: dict[str, Any]) -> None:
        """`new`: a lobby for this cog's game in the channel, the host seated."""
        if (existing := self.bot.service.in_channel(interaction.channel_id or 0)) is not None:
            await self.reply(interaction, "errors.channel_busy", link=_link(existing))
            return
        lang = self.bot.catalog.language_of(language or interaction.guild_locale)
        limit = turn_limit if turn_limit is not None else await self._default_limit(interaction)
        settings = GameSettings.model_validate({
            "max_players": players, "turn_limit": limit, "language": lang, "options": options,
            "thread": thread})
        user = interaction.user
        try:
            record = await in_time(interaction, self.bot.service.open_lobby(
                guild_id=interaction.guild_id, channel_id=interaction.channel_id or 0,
                host_id=user.id, host_name=user.display_name, locale=interaction.locale.value,
                settings=settings, game=self.game_id))
        except Refused as refusal:
            await self.reply(interaction, refusal.key, **refusal.params)
            return
        except ChannelBusy as busy:
            existing = await self.bot.service.get(busy.game_id)
            text = self.text(interaction, "errors.channel_busy",
                             link=_link(existing) if existing else "")
            if interaction.response.is_done():
                # Deferred publicly (the store was slow): the reply that says "thinking" says
                # where the other lobby is. A follow-up after deleting it would never arrive.
                await interaction.edit_original_response(content=text, embed=None, view=None)
            else:
                await interaction.response.send_message(text, ephemeral=True)
            return
        embed, view = lobby_message(record, self.bot.catalog)
        if interaction.response.is_done():
            message: Any = await interaction.edit_original_response(embed=embed, view=view)
        else:
            response = await interaction.response.send_message(
                embed=embed, view=view or discord.utils.MISSING)
            message = response.resource
        if isinstance(message, discord.InteractionMessage):
            await self.bot.service.set_messages(record.id, lobby_message_id=message.id)

    @app_commands.command(name=_str("about", "commands.about.name"),
                          description=_str("What this bot is", "commands.about.description"))
    async def about(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_message(embed=self._panel(interaction, "about"),
                                                ephemeral=True)

    @app_commands.command(name=_str("help", "commands.help.name"),
                          description=_str("How to play with this bot",
                                           "commands.help.description"))
    async def help(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_message(embed=self._panel(interaction, "help"),
                                                ephemeral=True)

    async def _default_limit(self, interaction: discord.Interaction) -> int:
        """The server's own default turn limit, else the bot's setting."""
        stored = await self.bot.store.get_meta(f"guild:{interaction.guild_id}:turn_limit")
        return int(stored) if stored is not None else self.bot.settings.turn_limit

    @app_commands.command(name=_str("defaults", "commands.defaults.name"),
                          description=_str("This server's default turn time limit (Manage Server)",
                                           "commands.defaults.description"))
    @app_commands.rename(turn_limit=_str("turn_limit", "commands.new.turn_limit.name"))
    @app_commands.describe(turn_limit=_str(
        "Minutes per decision before the computer plays it (0: off)",
        "commands.new.turn_limit.description"))
    async def defaults(self, interaction: discord.Interaction,
                       turn_limit: app_commands.Range[int, 0, 30]) -> None:
        if not interaction.permissions.manage_guild:
            await self.reply(interaction, "errors.manage_server_only")
            return
        await self.bot.store.set_meta(f"guild:{interaction.guild_id}:turn_limit", str(turn_limit))
        await self.reply(interaction, "defaults.saved", minutes=turn_limit)

    @app_commands.command(name=_str("hand", "commands.hand.name"),
                          description=_str("Your hand and what you may do (only you see it)",
                                           "commands.hand.description"))
    async def hand(self, interaction: discord.Interaction) -> None:
        record = self._game_here(interaction)
        if record is None:
            await self._no_game(interaction)
            return
        cog = self.bot.get_cog("GameCog")
        assert isinstance(cog, GameCog)
        await cog.panel(interaction, record.id)

    @app_commands.command(name=_str("score", "commands.score.name"),
                          description=_str("Current public standings",
                                           "commands.score.description"))
    async def score(self, interaction: discord.Interaction) -> None:
        record = self._game_here(interaction)
        if record is None or record.state is None:
            await self._no_game(interaction)
            return
        embed = ui_for(record.game).standings(record, self.bot.catalog, interaction.locale.value)
        await interaction.response.send_message(embed=embed, ephemeral=True)

    @app_commands.command(name=_str("table", "commands.table.name"),
                          description=_str("Post the table again at the bottom of the channel",
                                           "commands.table.description"))
    async def table(self, interaction: discord.Interaction) -> None:
        record = self._game_here(interaction)
        if record is None:
            await self._no_game(interaction)
            return
        if record.state is None:
            embed, view = lobby_message(record, self.bot.catalog)
            field = "lobby_message_id"
        else:
            embed, view = self.bot.publisher.table_message(record)
            field = "table_message_id"
        response = await interaction.response.send_message(embed=embed,
                                                           view=view or discord.utils.MISSING)
        message = response.resource
        if isinstance(message, discord.InteractionMessage):
            ids: dict[str, int] = {field: message.id}
            if record.state is not None:
                ids["table_round"] = ui_for(record.game).table_round(record)
            await self.bot.service.set_messages(record.id, **ids)

    @app_commands.command(name=_str("leave", "commands.leave.name"),
                          description=_str(
                              "Leave the game here (a computer player takes your seat)",
                              "commands.leave.description"))
    async def leave(self, interaction: discord.Interaction) -> None:
        record = self._game_here(interaction)
        if record is None:
            await self._no_game(interaction)
            return
        try:
            if record.status == "lobby":
                change = await self.bot.service.leave_lobby(record.id, interaction.user.id)
                await self.bot.publisher.refresh_lobby(change.record)
            else:
                await self.bot.service.leave_game(record.id, interaction.user.id)
        except Refused as refusal:
            await self.reply(interaction, refusal.key, **refusal.params)
            return
        await self.reply(interaction, "leave.done")

    @app_commands.command(name=_str("dms", "commands.dms.name"),
                          description=_str("Also tell me by DM when it's my turn (optional)",
                                           "commands.dms.description"))
    @app_commands.rename(on=_str("on", "commands.dms.on.name"))
    @app_commands.describe(on=_str("Send DMs (true) or stop them (false)",
                                   "commands.dms.on.description"))
    async def dms(self, interaction: discord.Interaction, on: bool) -> None:
        record = self._game_here(interaction)
        if record is None:
            await self._no_game(interaction)
            return
        try:
            await self.bot.service.set_dms(record.id, interaction.user.id, on)
        except Refused as refusal:
            await self.reply(interaction, refusal.key, **refusal.params)
            return
        await self.reply(interaction, "dms.on" if on else "dms.off")

    @app_commands.command(name=_str("end", "commands.end.name"),
                          description=_str("End the game here (host or server managers)",
                                           "commands.end.description"))
    async def end(self, interaction: discord.Interaction) -> None:
        record = self._game_here(interaction)
        if record is None:
            await self._no_game(interaction)
            return
        # The member's permissions as Discord resolved them for this interaction.
        if interaction.user.id != record.host_id and not interaction.permissions.manage_guild:
            await self.reply(interaction, "errors.end_not_allowed")
            return
        view = discord.ui.View(timeout=None)
        view.add_item(EndButton(record.id, "yes", self.text(interaction, "end.yes"),
                                discord.ButtonStyle.danger))
        view.add_item(EndButton(record.id, "no", self.text(interaction, "end.no"),
                                discord.ButtonStyle.secondary))
        await interaction.response.send_message(self.text(interaction, "end.confirm"),
                                                view=unstored(view), ephemeral=True)


def _link(record: GameRecord) -> str:
    message = record.table_message_id or record.lobby_message_id
    guild = record.guild_id or "@me"
    if message is None:
        return f"<#{record.channel_id}>"
    return f"https://discord.com/channels/{guild}/{record.channel_id}/{message}"
