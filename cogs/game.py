"""The platform's cog: it answers every component of every game (bot/components.py registers
them at start-up, so every button and select keeps working after a restart) and the lobby.
Each click becomes a service call, answered with a panel (the game's UI draws it) or a short
translated message; the custom_id only says what the user pointed at, never what is allowed.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, TypeVar

import discord
from discord.ext import commands

from ai.worker import suggest_async
from bot import components, failpoints, layouts
from bot.changes import Change, Refused, may_act
from bot.components import DYNAMIC_ITEMS
from bot.lobby import lobby_message
from bot.pictures import Picture
from bot.storage import ChannelBusy
from bot.ui import Focus, KeyedUI, Panel, quick_action, ui_for

if TYPE_CHECKING:
    from bot.client import GameBot
    from bot.records import GameRecord

log = logging.getLogger(__name__)
DEADLINE = 2.0  # seconds before a slow answer is deferred (Discord allows 3)
PICTURE_WAIT = 0.05  # seconds a panel's answer waits for its picture before going without it
T = TypeVar("T")


@dataclass
class PicturePanel(Panel):
    """A panel whose embed shows a picture (a tile's place previewed, the spaces a choice may
    name): drawn off the event loop by the publisher's painter, once per key, and attached to
    the answer; `None` takes an earlier panel's picture off. A game whose panels have no
    picture returns a plain `Panel`, and its answers carry no attachments at all."""

    picture: Picture | None = None


class GameCog(commands.Cog):
    def __init__(self, bot: GameBot) -> None:
        self.bot = bot
        self.hinting = asyncio.Semaphore(1)  # hints computed one at a time (see hint)
        self._answers: dict[int, int] = {}  # person -> panel answers given (late pictures)
        self._late: set[asyncio.Task[None]] = set()

    async def cog_load(self) -> None:
        self.bot.add_dynamic_items(*DYNAMIC_ITEMS)

    async def cog_unload(self) -> None:
        self.bot.remove_dynamic_items(*DYNAMIC_ITEMS)

    def text(self, interaction: discord.Interaction, key: str, **params: Any) -> str:
        return self.bot.catalog.text(key, interaction.locale, **params)

    # -- clicks on panels --------------------------------------------------------------------

    async def act_code(self, interaction: discord.Interaction, game: int, version: int,
                       code: str) -> None:
        """An action button: its code means what the game's UI says it means."""
        record = self.bot.service.games.get(game)
        if record is None:
            await self.ended(interaction, game)
            return
        chosen = ui_for(record.game).button_action(code)
        if isinstance(chosen, Focus):  # a button that opens choices (Catan's Build road)
            await self.panel(interaction, game, focus=chosen.value, edit=True, version=version)
            return
        await self.act(interaction, game, version, chosen)

    async def act_select(self, interaction: discord.Interaction, game: int, version: int,
                         kind: str, values: list[str]) -> None:
        record = self.bot.service.games.get(game)
        if record is None:
            await self.ended(interaction, game)
            return
        chosen = ui_for(record.game).select_action(kind, values)
        if isinstance(chosen, Focus):
            await self.panel(interaction, game, focus=chosen.value, edit=True, version=version)
            return
        await self.act(interaction, game, version, chosen)

    async def table_click(self, interaction: discord.Interaction, game: int, what: str
                          ) -> None:
        if what == "back":
            await self.back(interaction, game)
        elif what == "hint":
            await self.hint(interaction, game)
        elif what == "key":
            await self.key(interaction, game)
        elif what == "quick":
            await self.quick(interaction, game)
        else:
            await self.panel(interaction, game, must_act=what == "act")

    async def quick(self, interaction: discord.Interaction, game: int) -> None:
        """The table's quick move (Catan: Roll): made for the clicker if it is theirs to make
        now, answered with their panel; anyone else gets their panel (or why not) as "Act"
        gives it."""
        record = self.bot.service.games.get(game)
        found = quick_action(record) if record is not None else None
        seat = record.seat_of_user(interaction.user.id) if record is not None else None
        if record is not None and found is not None and seat is not None and seat.id == found[0]:
            await self.act(interaction, game, record.version, found[2])
            return
        await self.panel(interaction, game, must_act=True)

    async def act(self, interaction: discord.Interaction, game: int, version: int,
                  action: dict[str, Any] | None) -> None:
        if action is None:
            await self.refused_with_panel(interaction, self.bot.service.games.get(game),
                                          "errors.unknown_component")
            return
        user = interaction.user.id
        try:
            change = await in_time(interaction, self.bot.service.act(game, user, version, action))
        except Refused as refusal:
            await self._refused_on_panel(interaction, game, refusal)
            return
        seat = change.actor
        assert seat is not None
        notes = ui_for(change.record.game).event_lines(
            change.record, change.events, seat, self.bot.catalog, interaction.locale.value)
        panel = self._panel(change.record, seat, interaction, notes)
        await self._answer_panel(interaction, None, panel, await self._files(panel, interaction))
        failpoints.reach("after_answer")

    async def _refused_on_panel(self, interaction: discord.Interaction, game: int,
                                refusal: Refused) -> None:
        """A stale or wrong click on a panel: say why and show the current panel instead."""
        if refusal.key == "errors.game_over":
            await self.ended(interaction, game)
            return
        await self.refused_with_panel(interaction, self.bot.service.games.get(game),
                                      refusal.key, **refusal.params)

    async def refused_with_panel(self, interaction: discord.Interaction,
                                 record: GameRecord | None, key: str, **params: Any) -> None:
        """A refused click (stale, forged, illegal): why, and for a seated player of a running
        game their current panel with it, so the next click is on a true one: the clicked
        panel redrawn, or a new private panel under a public message."""
        seat = record.seat_of_user(interaction.user.id) if record is not None else None
        if record is None or record.state is None or seat is None or seat.left:
            await self.refuse(interaction, key, **params)
            return
        panel = self._panel(record, seat.id, interaction, [])
        content = self.text(interaction, key, **params)
        files = await self._files(panel, interaction, content)
        await self._answer_panel(interaction, content, panel, files)

    @staticmethod
    async def _answer_panel(interaction: discord.Interaction, content: str | None,
                            panel: Panel, files: list[discord.File] | None) -> None:
        """The clicked panel redrawn; under a public message (the table, a mention), a new
        private panel instead, the public one left as it is."""
        if not is_public(interaction.message):
            await update_panel(interaction, content, panel, files)
            return
        sent = new_panel(panel, content)
        sent["files"] = files or discord.utils.MISSING
        if interaction.response.is_done():
            await interaction.followup.send(sent.pop("content") or discord.utils.MISSING,
                                            **sent)
        else:
            await interaction.response.send_message(**sent)

    def _panel(self, record: GameRecord, seat: str, interaction: discord.Interaction,
               notes: list[str], focus: str | None = None) -> Panel:
        return ui_for(record.game).panel(record, record.seat(seat), self.bot.catalog,
                                         interaction.locale.value, notes, focus)

    async def _files(self, panel: Panel, interaction: discord.Interaction,
                     content: str | None = None) -> list[discord.File] | None:
        """A picture panel's attachments (its picture as the embed's image, or none); None for
        a plain panel, whose messages' attachments are left as they are. A picture not drawn
        within PICTURE_WAIT goes out after the answer, in an edit of it (the interaction's own
        token: no globally-limited call), unless the person has been answered again since: a
        busy painter never holds a click's answer."""
        if not isinstance(panel, PicturePanel):
            return None
        user = interaction.user.id
        answer = self._answers[user] = self._answers.get(user, 0) + 1
        if panel.picture is None:
            panel.embed.set_image(url=None)
            return []
        drawing = asyncio.ensure_future(self.bot.publisher.pictures.file(panel.picture))
        done, _ = await asyncio.wait({drawing}, timeout=PICTURE_WAIT)
        if drawing in done:
            file = drawing.result()
            panel.embed.set_image(url=panel.picture.url() if file is not None else None)
            return [file] if file is not None else []
        panel.embed.set_image(url=None)
        task = asyncio.create_task(self._late_picture(interaction, panel, drawing, answer,
                                                      content))
        self._late.add(task)
        task.add_done_callback(self._late.discard)
        return []

    async def _late_picture(self, interaction: discord.Interaction, panel: PicturePanel,
                            drawing: asyncio.Future[discord.File | None], answer: int,
                            content: str | None) -> None:
        """Add a panel's picture once drawn, to the answer already sent, if it is still the
        person's newest."""
        try:
            file = await drawing
            for _ in range(int(DEADLINE / 0.05) + 20):  # the answer is on its way
                if interaction.response.is_done():
                    break
                await asyncio.sleep(0.05)
            if file is None or panel.picture is None or self._answers.get(
                    interaction.user.id) != answer or not interaction.response.is_done():
                return
            panel.embed.set_image(url=panel.picture.url())
            if is_layout(interaction.message) or isinstance(panel.view, discord.ui.LayoutView):
                shown = layouts.message(panel.embed, panel.view, content, v2=True)
                await interaction.edit_original_response(**shown, attachments=[file])
            else:
                await interaction.edit_original_response(embed=panel.embed, attachments=[file])
        except discord.HTTPException as exc:
            log.info("A panel's picture could not follow its answer: %s", exc)

    async def panel(self, interaction: discord.Interaction, game: int, *, must_act: bool = False,
                    focus: str | None = None, edit: bool = False, version: int | None = None
                    ) -> None:
        """Open (or, for `edit`, redraw) the user's private panel."""
        record = self.bot.service.games.get(game)
        if record is None:
            await self.ended(interaction, game)
            return
        if record.state is None:
            await self.refuse(interaction, "errors.not_started")
            return
        seat = record.seat_of_user(interaction.user.id)
        if seat is None or seat.left:
            await self.refuse(interaction, "errors.not_playing")
            return
        content = None
        if must_act and not may_act(record, seat.id):
            content = self.text(interaction, "errors.not_your_turn")
        if version is not None and not record.fresh(seat.id, version):
            content, focus = self.text(interaction, "errors.stale"), None
        panel = self._panel(record, seat.id, interaction, [], focus)
        files = await self._files(panel, interaction, content)
        if edit and is_public(interaction.message):
            edit = False  # a select on a public message (forged, or a stray older panel)
        if edit:
            await interaction.response.edit_message(
                **edited_panel(interaction, panel, content),
                attachments=discord.utils.MISSING if files is None else files)
        else:
            await interaction.response.send_message(**new_panel(panel, content),
                                                    files=files or discord.utils.MISSING)

    async def hint(self, interaction: discord.Interaction, game: int) -> None:
        """The expert's suggestion from the clicker's own view, written above their panel."""
        record = self.bot.service.games.get(game)
        if record is None:
            await self.ended(interaction, game)
            return
        seat = record.seat_of_user(interaction.user.id)
        if seat is None or seat.left or record.state is None:
            await self.refuse(interaction, "errors.not_playing")
            return
        if not record.settings.hints:
            await self.refuse(interaction, "errors.hints_off")
            return
        if record.status != "running" or seat.id not in record.rules.to_act(record.state):
            await self.refuse(interaction, "errors.not_your_turn")
            return
        if self.hinting.locked():
            # One search at a time: each holds the GIL for up to the cap, and several at once
            # starved the event loop (200 games of people pressing Hint: acks of seconds).
            await self.refuse(interaction, "hint.busy")
            return
        async with self.hinting:
            await interaction.response.defer()  # the search may take a second or two
            found = await suggest_async(record.state, seat.id,
                                        (record.seed + record.version) % 2**62,
                                        cap=self.bot.service.computer_cap, game=record.rules)
        now = self.bot.service.games.get(game)
        if now is None or not now.fresh(seat.id, record.version) or now.state is None:
            content = self.text(interaction, "errors.stale")
            record = now or record
        elif found is None:
            content = self.text(interaction, "hint.none")
        else:
            content = ui_for(record.game).hint_line(record, seat.id, found, self.bot.catalog,
                                                    interaction.locale.value)
        if record.state is None or record.status != "running":
            await interaction.edit_original_response(**layouts.note(
                content, v2=is_layout(interaction.message)))
            return
        panel = self._panel(record, seat.id, interaction, [])
        files = await self._files(panel, interaction, content)
        await interaction.edit_original_response(
            **edited_panel(interaction, panel, content),
            attachments=discord.utils.MISSING if files is None else files)

    async def back(self, interaction: discord.Interaction, game: int) -> None:
        try:
            await self.bot.service.back(game, interaction.user.id)
        except Refused as refusal:
            await self.refused(interaction, game, refusal)
            return
        await self.panel(interaction, game)

    # -- lobby ---------------------------------------------------------------------------------

    async def lobby(self, interaction: discord.Interaction, game: int, op: str,
                    value: str | None) -> None:
        service, user = self.bot.service, interaction.user
        calls: dict[str, Callable[[], Awaitable[Change]]] = {
            "join": lambda: service.join(game, user.id, user.display_name,
                                         interaction.locale.value),
            "leave": lambda: service.leave_lobby(game, user.id),
            "add": lambda: service.add_computer(game, user.id, value or ""),
            "remove": lambda: service.remove_computer(game, user.id),
            "start": lambda: self._start(interaction, game),
            "cancel": lambda: service.cancel(game, user.id),
        }
        await self.lobby_change(interaction, game, calls[op])

    async def lobby_change(self, interaction: discord.Interaction, game: int,
                           call: Callable[[], Awaitable[Change]]) -> None:
        """A change to the lobby, its message edited in the answer (or why not)."""
        try:
            change = await in_time(interaction, call())
        except Refused as refusal:
            await self.refused(interaction, game, refusal)
            return
        await self.show_lobby(interaction, change.record)

    async def show_lobby(self, interaction: discord.Interaction, record: GameRecord,
                         starting: bool = False) -> None:
        """The clicked lobby message edited to stand as `record` does, in the answer or after."""
        embed, view = lobby_message(record, self.bot.catalog, starting)
        if interaction.response.is_done():
            await interaction.edit_original_response(embed=embed, view=view)
        else:
            await interaction.response.edit_message(embed=embed, view=view)

    async def lobby_options(self, interaction: discord.Interaction, game: int, name: str,
                            values: list[str]) -> None:
        """The host changed one of the game's options in the lobby."""
        record = self.bot.service.games.get(game)
        if record is None:
            await self.ended(interaction, game)
            return
        options = ui_for(record.game).lobby_choice(record, name, values)
        if options is None:
            await self.refuse(interaction, "errors.unknown_component")
            return
        service, user = self.bot.service, interaction.user
        await self.lobby_change(interaction, game,
                                lambda: service.set_options(game, user.id, options))

    async def rematch(self, interaction: discord.Interaction, game: int) -> None:
        """A player of a finished game asks for another: a lobby with the same seats and
        options where it was opened, the other people invited to join."""
        user = interaction.user
        try:
            record = await in_time(interaction, self.bot.service.rematch(
                game, user.id, user.display_name, interaction.locale.value))
        except Refused as refusal:
            await self.refuse(interaction, refusal.key, **refusal.params)
            return
        except ChannelBusy as busy:
            other = await self.bot.service.get(busy.game_id)
            await self.refuse(interaction, "errors.channel_busy",
                              link=other.link(other.table_message_id or other.lobby_message_id)
                              if other else "")
            return
        old = await self.bot.service.get(game)
        invited = [s.user_id for s in (old.seats if old else [])
                   if s.user_id is not None and s.user_id != user.id]
        embed, view = lobby_message(record, self.bot.catalog)
        channel = self.bot.get_partial_messageable(record.channel_id, guild_id=record.guild_id)
        text = (self.bot.catalog.text("rematch.invite", record.settings.language,
                                      people=" ".join(f"<@{u}>" for u in invited))
                if invited else None)
        message = await channel.send(
            text, embed=embed, view=view or discord.utils.MISSING,
            allowed_mentions=discord.AllowedMentions(
                users=[discord.Object(u) for u in invited], everyone=False,
                roles=False))
        await self.bot.service.set_messages(record.id, lobby_message_id=message.id)
        reply = self.text(interaction, "rematch.opened", link=record.link(message.id))
        if interaction.response.is_done():
            await interaction.followup.send(reply, ephemeral=True)
        else:
            await interaction.response.send_message(reply, ephemeral=True)

    async def _start(self, interaction: discord.Interaction, game: int) -> Change:
        """Start the game, in a new thread from the lobby message if asked and allowed; one
        press at a time (a second, even in the same instant, is told it is already starting)."""
        self.bot.service.claim_start(game, interaction.user.id)
        try:
            return await self._start_claimed(interaction, game)
        finally:
            self.bot.service.release_start(game)

    async def _start_claimed(self, interaction: discord.Interaction, game: int) -> Change:
        service = self.bot.service
        record = service.games.get(game)
        perms = interaction.app_permissions
        threaded = (record is not None and record.settings.thread
                    and perms.create_public_threads and perms.send_messages_in_threads
                    and isinstance(interaction.channel, discord.TextChannel)
                    and interaction.message is not None)
        if not threaded or not service.can_start(game, interaction.user.id):
            return await service.start(game, interaction.user.id)
        assert interaction.message is not None and record is not None
        lang = record.settings.language
        title = self.bot.catalog.text(f"{record.game}.name", lang)
        name = self.bot.catalog.text("lobby.thread_name", lang, game=game, name=title)
        message = interaction.message
        # Opening a thread is a globally-limited call that may queue behind other starts:
        # then the press is answered at once (the lobby says it is starting: an answer is not
        # globally limited) and the lobby message edited again once started, or back if not.
        if not self.bot.publisher.opening_waits() or interaction.response.is_done():
            return await self._open_and_start(interaction, game, message, name)
        await self.show_lobby(interaction, record, starting=True)
        try:
            return await self._open_and_start(interaction, game, message, name)
        except Exception:  # a cancelled start (a shutdown) leaves the lobby for a restart
            now = service.games.get(game)
            if now is not None and now.status == "lobby":
                with contextlib.suppress(discord.HTTPException):
                    await self.show_lobby(interaction, now)
            raise

    async def _open_and_start(self, interaction: discord.Interaction, game: int,
                              message: discord.Message, name: str) -> Change:
        thread = await self.bot.publisher.opening(lambda: message.create_thread(name=name[:100]))
        return await self.bot.service.start(game, interaction.user.id, thread_id=thread.id)

    async def confirm_end(self, interaction: discord.Interaction, game: int, yes: bool) -> None:
        if not yes:
            if game not in self.bot.service.games:  # ended meanwhile, another way
                await self.ended(interaction, game)
                return
            await interaction.response.edit_message(
                content=self.text(interaction, "end.kept"), view=None)
            return
        try:
            await self.bot.service.end(game, interaction.user.id,
                                       can_manage=interaction.permissions.manage_guild)
        except Refused as refusal:
            await self.refused(interaction, game, refusal)
            return
        await interaction.response.edit_message(content=self.text(interaction, "end.done"),
                                                view=None)

    async def key(self, interaction: discord.Interaction, game: int) -> None:
        """The table's key, privately, to anyone who asks (a watcher too), in their language."""
        record = self.bot.service.games.get(game) or await self.bot.service.get(game)
        ui = ui_for(record.game) if record is not None else None
        if not isinstance(ui, KeyedUI):
            await self.refuse(interaction, "errors.unknown_component")
            return
        await interaction.response.send_message(
            embed=ui.key(self.bot.catalog, interaction.locale.value), ephemeral=True)

    async def ended(self, interaction: discord.Interaction, game: int) -> None:
        """Any component of a game that is over: say so, with a link to how it ended."""
        record = await self.bot.service.get(game)
        if record is None or record.active:
            await self.refuse(interaction, "errors.game_over")
            return
        message = record.result_message_id or record.lobby_message_id
        await self.refuse(interaction, "errors.game_ended", link=record.link(message))

    async def refused(self, interaction: discord.Interaction, game: int, refusal: Refused
                      ) -> None:
        if refusal.key == "errors.game_over":
            await self.ended(interaction, game)
        else:
            await self.refuse(interaction, refusal.key, **refusal.params)

    async def refuse(self, interaction: discord.Interaction, key: str, **params: Any) -> None:
        text = self.text(interaction, key, **params)
        if interaction.response.is_done():
            await interaction.followup.send(text, ephemeral=True)
        else:
            await interaction.response.send_message(text, ephemeral=True)

    # -- anything else --------------------------------------------------------------------------

    @commands.Cog.listener()
    async def on_guild_channel_delete(self, channel: discord.abc.GuildChannel) -> None:
        await self._channel_gone(channel.id)

    @commands.Cog.listener()
    async def on_raw_thread_delete(self, payload: discord.RawThreadDeleteEvent) -> None:
        await self._channel_gone(payload.thread_id)

    async def _channel_gone(self, channel_id: int) -> None:
        """The game's channel was deleted: end its game now rather than at the next move."""
        record = self.bot.service.in_channel(channel_id)
        if record is not None:
            await self.bot.service.abandon(record.id, "channel_unavailable")

    @commands.Cog.listener()
    async def on_interaction(self, interaction: discord.Interaction) -> None:
        """Components no dynamic item will answer (forged or from an older bot) get a reply."""
        if interaction.type is not discord.InteractionType.component:
            return
        data: dict[str, Any] = dict(interaction.data or {})
        custom_id = str(data.get("custom_id", ""))
        if components.recognized(custom_id) and _on_message(interaction, custom_id):
            return
        record = self.bot.service.in_channel(interaction.channel_id or 0)
        await self.refused_with_panel(interaction, record, "errors.unknown_component")


async def in_time(interaction: discord.Interaction, work: Awaitable[T]) -> T:
    """Await `work`, deferring the interaction first if it takes too long (a slow or locked
    store, a busy loop), so Discord never shows "This interaction failed".

    The work runs in this task, with a timer beside it: a task of its own would wait a turn of
    a busy event loop before it starts, on every click. A deferral under way when the work ends
    is awaited, so the answer that follows knows the interaction is acknowledged."""
    loop = asyncio.get_running_loop()
    deferral: asyncio.Task[Any] | None = None

    def late() -> None:
        nonlocal deferral
        if not interaction.response.is_done():
            deferral = loop.create_task(interaction.response.defer())

    timer = loop.call_later(DEADLINE, late)
    try:
        return await work
    finally:
        timer.cancel()
        if deferral is not None:
            await deferral


async def update_panel(interaction: discord.Interaction, content: str | None, panel: Panel,
                       files: list[discord.File] | None = None) -> None:
    """Replace the clicked panel, whether or not the interaction had to be deferred; `files`
    replace its attachments (None: they are left as they are)."""
    attachments = discord.utils.MISSING if files is None else files
    shown = edited_panel(interaction, panel, content)
    if interaction.response.is_done():
        await interaction.edit_original_response(**shown, attachments=attachments)
    else:
        await interaction.response.edit_message(**shown, attachments=attachments)


def is_public(message: discord.Message | None) -> bool:
    """Whether a clicked message is one everyone sees (the table, a mention): never redrawn
    as somebody's panel."""
    return message is not None and not message.flags.ephemeral


def is_layout(message: discord.Message | None) -> bool:
    """Whether a message is a layout (components v2): it stays one whatever it shows next."""
    return message is not None and message.flags.components_v2


def edited_panel(interaction: discord.Interaction, panel: Panel, content: str | None
                 ) -> dict[str, Any]:
    """The arguments that redraw the clicked message as `panel` (bot/layouts.message)."""
    return layouts.message(panel.embed, panel.view, content, v2=is_layout(interaction.message))


def new_panel(panel: Panel, content: str | None) -> dict[str, Any]:
    """The arguments that send `panel` as a new private message."""
    shown = layouts.message(panel.embed, panel.view, content, v2=False)
    return {**shown, "view": shown["view"] or discord.utils.MISSING,
            "embed": shown["embed"] or discord.utils.MISSING, "ephemeral": True}


def _on_message(interaction: discord.Interaction, custom_id: str) -> bool:
    """Whether the clicked message really carries this custom_id (discord.py ignores it if not)."""
    message = interaction.message
    if message is None:
        return False
    return any(getattr(child, "custom_id", None) == custom_id
               for child in _nested(message.components))


def _nested(components: Sequence[Any]) -> Iterator[Any]:
    """Every component of a message, those inside rows, containers and sections too."""
    for component in components:
        yield component
        yield from _nested(getattr(component, "children", None) or [])
        if (accessory := getattr(component, "accessory", None)) is not None:
            yield accessory
