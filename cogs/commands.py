"""The commands every game has, written once for all games: `/<game> hand`, `score`, `log`,
`table`, `leave`, `dms`, `end`, `defaults`, `about`, `help`, and the history's `stats`,
`leaderboard`, `history`, `replay` and `forget-me`. Each game's cog subclasses `GameCommands`
under its own command group, names the parameters of its `new` (`new_params`: the command is
generated from the game's Options, cogs/kit/new.py) and adds its own commands (Citadels'
`rules`)."""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import replace
from typing import TYPE_CHECKING, Any, ClassVar

import discord
from discord import app_commands
from discord.app_commands import locale_str
from discord.ext import commands

from bot import defaults as server
from bot.changes import Refused
from bot.components import EndButton, unstored
from bot.durations import duration, offered
from bot.history import readable
from bot.lobby import lobby_message
from bot.records import GameRecord, GameSettings
from bot.service import refusal as options_refusal
from bot.storage import ChannelBusy
from bot.ui import KeyedUI, ui_for
from cogs import history as history_cog
from cogs.game import GameCog, in_time
from cogs.history import HistoryCog
from cogs.kit import defaults as kit_defaults
from cogs.kit import new as generated
from cogs.kit import topics
from rules import registry
from rules.game import InvalidOptions

if TYPE_CHECKING:
    from bot.client import GameBot


def _str(english: str, key: str) -> locale_str:
    return locale_str(english, key=key)


def choice(english: str, key: str, value: Any) -> app_commands.Choice[Any]:
    return app_commands.Choice(name=_str(english, key), value=value)


text = _str  # a command's or option's text: English, and its catalog key for translations


class GameCommands(commands.GroupCog):
    """The commands every game has, under the game's own group: a game's cog subclasses this
    with `group_name`, sets `game_id`, names its `new`'s parameters (`new_params`, read from
    the game's Options) and adds any command of its own."""

    game_id: ClassVar[str]
    # The game's own parameters of `new`, in Discord's order (the platform's go where named,
    # else players first and the rest last): names of Options fields, or `Param`s.
    new_params: ClassVar[tuple[generated.Param | str, ...]] = ()
    new_shapes: ClassVar[tuple[generated.Built, ...]] = ()
    defaults_shapes: ClassVar[tuple[generated.Built, ...]] = ()  # the server's and new's own
    # A game whose rules have topics names `rules`' parameter ("card"): its `rules` is then
    # generated (cogs/kit/topics.py), answered from `topics`, `topic_keys` and `topic_embed`.
    rules_topic: ClassVar[str | None] = None
    rules_panel: ClassVar[str] = "rules"  # the text `rules` shows without a topic

    def __init_subclass__(cls, **kwargs: Any) -> None:
        """A game's cog gets its `new`, generated from its Options, and its `defaults` with
        the same parameters, before discord.py collects the class's commands."""
        super().__init_subclass__(**kwargs)
        if "game_id" in cls.__dict__ and "new" not in cls.__dict__:
            cls.new_shapes = generated.shapes(registry.game(cls.game_id), cls.new_params)
            cls.new = generated.command(cls, cls.game_id, cls.new_shapes)  # type: ignore[attr-defined]
            cls.defaults_shapes = kit_defaults.shapes(cls.new_shapes)
            cls.defaults = generated.command(  # type: ignore[attr-defined]
                cls, cls.game_id, cls.defaults_shapes, "defaults", "set_defaults")
        if "game_id" in cls.__dict__ and cls.rules_topic and "rules" not in cls.__dict__:
            cls.rules = topics.command(cls, cls.game_id, cls.rules_topic)  # type: ignore[method-assign]

    def __init__(self, bot: GameBot) -> None:
        self.bot = bot
        super().__init__()

    def text(self, interaction: discord.Interaction, key: str, **params: Any) -> str:
        return self.bot.catalog.text(key, interaction.locale, **params)

    async def reply(self, interaction: discord.Interaction, key: str, **params: Any) -> None:
        await interaction.response.send_message(self.text(interaction, key, **params),
                                                ephemeral=True)

    def _panel(self, interaction: discord.Interaction, topic: str) -> discord.Embed:
        """About, help or rules: a text that may say how many play (`{low}`, `{high}`), from
        the rules themselves."""
        rules = registry.game(self.game_id)
        return discord.Embed(
            title=self.text(interaction, f"{self.game_id}.{topic}.title"),
            description=self.text(interaction, f"{self.game_id}.{topic}.body",
                                  low=rules.min_players, high=rules.max_players),
            colour=discord.Colour.gold(),
        )

    async def _no_game(self, interaction: discord.Interaction) -> None:
        await self.reply(interaction, "errors.no_game_here",
                         new=self.text(interaction, f"{self.game_id}.new"))

    def _game_here(self, interaction: discord.Interaction) -> GameRecord | None:
        """The active game in this channel, if it is this cog's game."""
        record = self.bot.service.in_channel(interaction.channel_id or 0)
        return record if record is not None and record.game == self.game_id else None

    async def new_lobby(self, interaction: discord.Interaction, given: dict[str, Any]) -> None:
        """`new` with the parameters given: each range and choice checked (Discord shows
        them, but any client can send any value), the game's options read from them over
        the server's defaults of them, and a lobby opened with them."""
        if await self.refused(interaction, given, self.new_shapes):
            return
        here = await self.server_defaults(interaction)
        given = {**here.new, **given}
        options = self.options_from(given)
        await self.open_lobby(
            interaction, players=self.players_for(given.get("players"), options),
            turn_limit=given.get("turn_limit"), language=given.get("language"),
            thread=bool(given.get("thread", True)), options=options,
            pictures=given.get("pictures"), here=here)

    async def refused(self, interaction: discord.Interaction, given: dict[str, Any],
                      shapes: Sequence[generated.Built]) -> bool:
        """Whether a value given is out of its parameter's range or choices (refused,
        saying why)."""
        for shape in shapes:
            value = given.get(shape.param.name)
            if value is None:
                continue
            if shape.bounds is not None and await self.refuse_range(
                    interaction, shape.key, value, shape.bounds):
                return True
            if shape.choices and value not in shape.choices:
                await self.reply(interaction, "errors.bad_choice")
                return True
        return False

    def options_from(self, given: dict[str, Any]) -> dict[str, Any]:
        """The game's options the parameters given set (each the field it names); a game
        whose parameters stand for several fields (Citadels' cast) adds them."""
        return {shape.param.sets: given[shape.param.name] for shape in self.new_shapes
                if shape.param.sets and shape.param.name in given}

    def players_for(self, players: int | None, options: dict[str, Any]) -> int | None:
        """The lobby's most players, given the options (Cities' long game is for two)."""
        return players

    async def limit_autocomplete(self, interaction: discord.Interaction, current: str
                                 ) -> list[app_commands.Choice[int]]:
        return self.limit_choices(interaction, current)

    async def open_lobby(self, interaction: discord.Interaction, *, players: int | None,
                         turn_limit: int | None, language: str | None, thread: bool,
                         options: dict[str, Any], pictures: bool | None = None,
                         here: server.ServerDefaults | None = None) -> None:
        """`new`: a lobby for this cog's game in the channel, the host seated (the values
        checked by `new_lobby`; `here` the server's defaults, read if not given)."""
        if (existing := self.bot.service.in_channel(interaction.channel_id or 0)) is not None:
            await self.reply(interaction, "errors.channel_busy", link=_link(existing))
            return
        lang = self.bot.catalog.language_of(language or interaction.guild_locale)
        here = here or await self.server_defaults(interaction)
        if here.preset is not None:  # the server's preset, under the options given here
            options = {**(ui_for(self.game_id).preset_options(here.preset) or {}), **options}
        settings = GameSettings.model_validate({
            "max_players": players, "language": lang, "options": options, "thread": thread,
            "turn_limit": here.turn_limit if turn_limit is None else turn_limit,
            "ping_after": here.ping_after, "hints": here.hints,
            "pictures": here.pictures if pictures is None else pictures})
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
        """How to play, and the key to the table where the game's table has one."""
        embeds = [self._panel(interaction, "help")]
        if isinstance(ui := ui_for(self.game_id), KeyedUI):
            embeds.append(ui.key(self.bot.catalog, interaction.locale.value))
        await interaction.response.send_message(embeds=embeds, ephemeral=True)

    # A game whose rules have topics (a card, a character) names `rules_topic`: its `rules`
    # takes one, generated in place of this.
    @app_commands.command(name=_str("rules", "commands.rules.name"),
                          description=_str("The rules in short", "commands.rules.description"))
    async def rules(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_message(embed=self._panel(interaction, "rules"),
                                                ephemeral=True)

    async def answer_topic(self, interaction: discord.Interaction, value: str | None) -> None:
        """`rules` with a topic: its text, named by its key or (typed) by the first topic
        whose name holds it; without one, the game's `rules_panel`."""
        if value is None:
            await interaction.response.send_message(
                embed=self._panel(interaction, self.rules_panel), ephemeral=True)
            return
        lang = self.bot.catalog.language_of(interaction.locale)
        key = value if value in self.topic_keys() else next(
            (k for _, k in self.topics(value, lang)), None)
        if key is None:
            await self.reply(interaction, f"{self.game_id}.errors.unknown_{self.rules_topic}",
                             **{str(self.rules_topic): value[:50]})
            return
        await interaction.response.send_message(embed=self.topic_embed(key, lang),
                                                ephemeral=True)

    async def topic_choices(self, interaction: discord.Interaction, current: str
                            ) -> list[app_commands.Choice[str]]:
        lang = self.bot.catalog.language_of(interaction.locale)
        return [app_commands.Choice(name=label[:100], value=key)
                for label, key in self.topics(current, lang)][:25]

    def topics(self, current: str, lang: str) -> list[tuple[str, str]]:
        """(name, key) of the rules' topics whose name holds `current`, best first."""
        return []

    def topic_keys(self) -> Collection[str]:
        return ()

    def topic_embed(self, key: str, lang: str) -> discord.Embed:
        raise LookupError(f"{self.game_id} has no rules topics")

    async def refuse_range(self, interaction: discord.Interaction, option: str,
                           value: int | None, bounds: tuple[int, int]) -> bool:
        """Discord shows the command's ranges, but any client can send any value: one out of
        range is refused, naming the range, and nothing is saved."""
        if value is None or bounds[0] <= value <= bounds[1]:
            return False
        await self.reply(interaction, "errors.out_of_range",
                         option=self.text(interaction, f"commands.{option}.name"),
                         low=bounds[0], high=bounds[1])
        return True

    async def set_defaults(self, interaction: discord.Interaction, given: dict[str, Any]
                           ) -> None:
        """`defaults` (generated, cogs/kit/defaults.py): show the server's defaults, or change
        those given (members who manage the server); a default of the game's own parameters
        is checked as `new` checks it, and by the game's Options, before it is saved."""
        here = await self.server_defaults(interaction)
        if not given:
            await self.reply(interaction, "defaults.now", **self._described(interaction, here))
            return
        if not interaction.permissions.manage_guild:
            await self.reply(interaction, "errors.manage_server_only")
            return
        if await self.refused(interaction, given, self.defaults_shapes):
            return
        preset = given.get("preset")
        if preset is not None and preset not in self._presets(interaction):
            await self.reply(interaction, "errors.bad_choice")
            return
        if given.pop("reset", False):  # the game's own defaults go first, then what is given
            await server.forget(self.bot.store, interaction.guild_id, self.game_id)
            here = replace(here, preset=None, new={})
        own = {s.param.name for s in kit_defaults.own(self.new_shapes)}
        new_params = {**here.new, **{k: v for k, v in given.items() if k in own}}
        try:
            registry.game(self.game_id).options(self.options_from(new_params))
        except InvalidOptions as exc:
            refusal = options_refusal(registry.game(self.game_id), exc)
            await self.reply(interaction, refusal.key, **refusal.params)
            return
        new = self._changed(here, given, new_params)
        await server.save(self.bot.store, interaction.guild_id, new, self.game_id)
        await self.reply(interaction, "defaults.saved", **self._described(interaction, new))

    def _changed(self, here: server.ServerDefaults, given: dict[str, Any],
                 new_params: dict[str, Any]) -> server.ServerDefaults:
        """The server's defaults with the values given."""
        ping_after = given.get("ping_after")
        mode = given.get("pings", "late" if ping_after is not None else None)
        after = here.ping_after
        if mode == "each":
            after = 0
        elif mode == "never":
            after = None
        elif mode == "late":
            after = ping_after or here.ping_after or self.bot.settings.ping_after or 20
        return server.ServerDefaults(
            turn_limit=given.get("turn_limit", here.turn_limit), ping_after=after,
            min_games=given.get("min_games", here.min_games),
            preset=given.get("preset") or here.preset, hints=given.get("hints", here.hints),
            pictures=given.get("pictures", here.pictures), new=new_params)

    def limit_choices(self, interaction: discord.Interaction, current: str
                      ) -> list[app_commands.Choice[int]]:
        """Turn limits to pick while typing, named in the user's language (a minute to three
        days); any number in range may still be typed."""
        found = offered(current, self.bot.catalog, interaction.locale.value,
                        most=server.TURN_LIMIT[1])
        return [app_commands.Choice(name=name, value=minutes) for name, minutes in found]

    async def preset_autocomplete(self, interaction: discord.Interaction, current: str
                                  ) -> list[app_commands.Choice[str]]:
        return [app_commands.Choice(name=name[:100], value=key)
                for key, name in self._presets(interaction).items()
                if current.lower() in name.lower()][:25]

    def _presets(self, interaction: discord.Interaction) -> dict[str, str]:
        return ui_for(self.game_id).presets(self.bot.catalog, interaction.locale.value)

    async def server_defaults(self, interaction: discord.Interaction) -> server.ServerDefaults:
        return await server.load(self.bot.store, interaction.guild_id, self.bot.settings,
                                 self.game_id, self._presets(interaction), self._valid_new)

    def _valid_new(self, given: Mapping[str, Any]) -> bool:
        """Whether stored values of `new`'s own parameters are still what `new` declares and
        the game's Options take."""
        shapes = {s.param.name: s for s in kit_defaults.own(self.new_shapes)}
        if not all(k in shapes and generated.accepts(shapes[k], v) for k, v in given.items()):
            return False
        try:
            registry.game(self.game_id).options(self.options_from(dict(given)))
        except InvalidOptions:
            return False
        return True

    def _described(self, interaction: discord.Interaction, here: server.ServerDefaults
                   ) -> dict[str, str]:
        limit = (self.text(interaction, "defaults.limit", duration=duration(
                     here.turn_limit, self.bot.catalog, interaction.locale.value))
                 if here.turn_limit else self.text(interaction, "defaults.no_limit"))
        if here.ping_after is None:
            pings = self.text(interaction, "defaults.pings.never")
        elif here.ping_after == 0:
            pings = self.text(interaction, "defaults.pings.each")
        else:
            pings = self.text(interaction, "defaults.pings.late", seconds=here.ping_after)
        preset = self._presets(interaction).get(here.preset or "")
        return {"limit": limit, "pings": pings, "games": str(here.min_games),
                "hints": self.text(interaction, f"defaults.hints.{'on' if here.hints else 'off'}"),
                "pictures": self.text(interaction,
                                      f"defaults.pictures.{'on' if here.pictures else 'off'}"),
                "preset": self.text(interaction, "defaults.preset", name=preset) if preset
                else "",
                "options": kit_defaults.described(here.new, self.new_shapes, self.bot.catalog,
                                                  interaction.locale.value)}

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
        """The scores so far; after the end, the last game's final result in this channel."""
        record = self._game_here(interaction)
        if record is None:
            ended = await self.bot.store.last_finished(interaction.channel_id or 0)
            if ended is not None and ended.game == self.game_id and ended.state is not None:
                seats = readable(  # who asked to be forgotten: a former player
                    ended.seats, lambda seat: self._history().former(interaction, seat))
                embed = ui_for(ended.game).final(ended.model_copy(update={"seats": seats}),
                                                 self.bot.catalog, interaction.locale.value)
                await interaction.response.send_message(embed=embed, ephemeral=True)
                return
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
        outgoing = None
        if record.state is None:
            embed, view = lobby_message(record, self.bot.catalog)
            content: dict[str, Any] = {"embed": embed, "view": view or discord.utils.MISSING}
            field = "lobby_message_id"
        else:
            outgoing = await self.bot.publisher.table_content(record)
            content = {**outgoing.content,
                       "view": outgoing.content["view"] or discord.utils.MISSING}
            field = "table_message_id"
        response = await interaction.response.send_message(**content)
        message = response.resource
        if isinstance(message, discord.InteractionMessage):
            if outgoing is not None:
                self.bot.publisher.carries(message.id, outgoing)
            self.bot.publisher.couriers.adopt(message.id, interaction)  # its token edits it
            ids: dict[str, int] = {field: message.id}
            if record.state is not None:
                ids["table_round"] = ui_for(record.game).table_round(record)
            await self.bot.service.set_messages(record.id, **ids)
            old = getattr(record, field)
            if old is not None and old != message.id:  # one table (or lobby) with buttons
                await self.bot.publisher.retire_reposted(record, old)

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


    # -- history ---------------------------------------------------------------------------

    def _history(self) -> HistoryCog:
        cog = self.bot.get_cog("HistoryCog")
        assert isinstance(cog, HistoryCog)
        return cog

    @app_commands.command(name=_str("stats", "commands.stats.name"),
                          description=_str("A player's record and rating on this server",
                                           "commands.stats.description"))
    @app_commands.rename(member=_str("member", "commands.stats.member.name"),
                         share=_str("share", "commands.share.name"))
    @app_commands.describe(member=_str("Whose stats (default: yours)",
                                       "commands.stats.member.description"),
                           share=_str("Show it to the channel", "commands.share.description"))
    async def stats(self, interaction: discord.Interaction, member: discord.User | None = None,
                    share: bool = False) -> None:
        embed = await self._history().stats(interaction, self.game_id,
                                            member or interaction.user)
        await interaction.response.send_message(embed=embed, ephemeral=not share)

    @app_commands.command(name=_str("leaderboard", "commands.leaderboard.name"),
                          description=_str("This server's best players by rating",
                                           "commands.leaderboard.description"))
    @app_commands.rename(share=_str("share", "commands.share.name"))
    @app_commands.describe(share=_str("Show it to the channel", "commands.share.description"))
    async def leaderboard(self, interaction: discord.Interaction, share: bool = False) -> None:
        embed, view = await self._history().board(interaction, self.game_id, 0)
        await interaction.response.send_message(embed=embed, view=view, ephemeral=not share)

    @app_commands.command(name=_str("history", "commands.history.name"),
                          description=_str("This server's recent games",
                                           "commands.history.description"))
    @app_commands.rename(share=_str("share", "commands.share.name"))
    @app_commands.describe(share=_str("Show it to the channel", "commands.share.description"))
    async def history(self, interaction: discord.Interaction, share: bool = False) -> None:
        embed = await self._history().recent(interaction, self.game_id)
        await interaction.response.send_message(embed=embed, ephemeral=not share)

    @app_commands.command(name=_str("replay", "commands.replay.name"),
                          description=_str("Step through a finished game, round by round",
                                           "commands.replay.description"))
    @app_commands.rename(game=_str("game", "commands.replay.game.name"),
                         share=_str("share", "commands.share.name"))
    @app_commands.describe(game=_str("The game's number", "commands.replay.game.description"),
                           share=_str("Show it to the channel", "commands.share.description"))
    async def replay(self, interaction: discord.Interaction,
                     game: app_commands.Range[int, 1, 10**12], share: bool = False) -> None:
        shown = await self._history().replay(interaction, game, 0)
        if shown is None:
            await self.reply(interaction, "history.replay.unknown")
            return
        await interaction.response.send_message(embed=shown[0], view=shown[1],
                                                ephemeral=not share)

    @app_commands.command(name=_str("log", "commands.log.name"),
                          description=_str("The public log of this channel's game, round by "
                                           "round (only you see it)",
                                           "commands.log.description"))
    async def log(self, interaction: discord.Interaction) -> None:
        """The current game's public log here (or the last finished one's), from its latest
        round, paged by round."""
        record = self._game_here(interaction)
        if record is None or record.state is None:
            record = await self.bot.store.last_finished(interaction.channel_id or 0)
        if record is None or record.game != self.game_id or record.state is None:
            await self._no_game(interaction)
            return
        shown = await self._history().replay(interaction, record.id, history_cog.LATEST)
        if shown is None:
            await self._no_game(interaction)
            return
        await interaction.response.send_message(embed=shown[0], view=shown[1], ephemeral=True)

    @replay.autocomplete("game")
    async def _replay_games(self, interaction: discord.Interaction, current: str
                            ) -> list[app_commands.Choice[int]]:
        """The server's recent games, the user's own first."""
        games = await self.bot.store.finished_games(interaction.guild_id, self.game_id,
                                                    limit=50)
        mine = f"user:{interaction.user.id}"
        games.sort(key=lambda g: all(s.identity != mine for s in g.seats))
        choices = []
        for g in games:
            label = f"#{g.game_id} · " + ", ".join(
                self._history().seat_label(interaction, s, markdown=False) for s in g.seats)
            if current and current not in label:
                continue
            choices.append(app_commands.Choice(name=label[:100], value=g.game_id))
        return choices[:25]

    @app_commands.command(name=_str("forget-me", "commands.forget.name"),
                          description=_str("Remove your name and ratings from the history",
                                           "commands.forget.description"))
    async def forget_me(self, interaction: discord.Interaction) -> None:
        text, view = self._history().forget_prompt(interaction)
        await interaction.response.send_message(text, view=view, ephemeral=True)


def _link(record: GameRecord) -> str:
    return record.link(record.table_message_id or record.lobby_message_id)
