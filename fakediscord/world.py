"""What the emulated Discord holds: users, guilds, channels, messages, and who sees what."""

from __future__ import annotations

import asyncio
import contextlib
import re
from collections.abc import Callable
from typing import Any

from fakediscord.clock import Clock
from fakediscord.config import Config
from fakediscord.errors import ApiError, UsageError, invalid_form, unknown
from fakediscord.limits import check_message, walk
from fakediscord.models import (
    ALL_PERMISSIONS,
    COMPONENTS_V2,
    DM,
    EPHEMERAL,
    GUILD_TEXT,
    LOADING,
    SEND_MESSAGES,
    THREAD_TYPES,
    VIEW_CHANNEL,
    Channel,
    Guild,
    Message,
    User,
)
from fakediscord.snowflakes import Snowflakes, iso_now
from fakediscord.uploads import Upload, check_count, has_uploads

EVERYONE_PERMISSIONS = (1 << 10) | (1 << 11) | (1 << 16) | (1 << 31) | (1 << 38)
ATTACH_FILES = 1 << 15
# The permissions a test may deny the bot in one channel, by name.
PERMISSIONS = {"view_channel": VIEW_CHANNEL, "send_messages": SEND_MESSAGES,
               "embed_links": 1 << 14, "attach_files": ATTACH_FILES}
SUPPRESS_EMBEDS = 1 << 2
SUPPRESS_NOTIFICATIONS = 1 << 12
BOT_SETTABLE_FLAGS = EPHEMERAL | SUPPRESS_EMBEDS | SUPPRESS_NOTIFICATIONS | COMPONENTS_V2
GUILD_MESSAGES_INTENT = 1 << 9
DIRECT_MESSAGES_INTENT = 1 << 12
GUILDS_INTENT = 1 << 0
USER_MENTION = re.compile(r"<@!?(\d+)>")
EVERYONE = re.compile(r"@(everyone|here)\b")

Dispatch = Callable[[str, dict[str, Any], int], None]


class World:
    def __init__(self, config: Config) -> None:
        self.config = config
        self.clock = Clock()
        self.ids = Snowflakes()
        self.bot = User(self.ids.next(), config.bot_name, bot=True)
        self.application_id = self.bot.id
        self.users: dict[int, User] = {self.bot.id: self.bot}
        self.guilds: dict[int, Guild] = {}
        self.channels: dict[int, Channel] = {}
        self.messages: dict[int, Message] = {}
        self.dm_channels: dict[int, int] = {}
        self.files: dict[int, bytes] = {}  # attachment id -> the uploaded bytes
        # Every upload in order, with its channel's id (a demo writes them all out).
        self.uploads: list[tuple[int, dict[str, Any]]] = []
        self.cdn = "http://127.0.0.1"  # where attachment URLs point (the emulator, once started)
        self.mentions: dict[int, list[int]] = {}
        # Set by the gateway: (event name, data, intent the event needs).
        self.dispatch: Dispatch = lambda event, data, intent: None
        self.version = 0
        self._changed = asyncio.Event()

    # -- change notification: tests wait on this instead of sleeping -------------------------

    def touch(self) -> None:
        self.version += 1
        self._changed.set()
        self._changed = asyncio.Event()

    async def wait_change(self, since: int, timeout: float) -> int:
        if self.version == since:
            event = self._changed
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(event.wait(), timeout)
        return self.version

    # -- lookups ------------------------------------------------------------------------------

    def user(self, user_id: int | str) -> User:
        """The user by id (a path segment may be any string: not a number is unknown too)."""
        try:
            return self.users[int(user_id)]
        except (KeyError, ValueError):
            raise unknown("user") from None

    def channel(self, channel_id: int | str) -> Channel:
        try:
            return self.channels[int(channel_id)]
        except (KeyError, ValueError):
            raise unknown("channel") from None

    def guild(self, guild_id: int | str) -> Guild:
        try:
            return self.guilds[int(guild_id)]
        except (KeyError, ValueError):
            raise unknown("guild") from None

    def message(self, channel_id: int | str, message_id: int | str) -> Message:
        message = self.messages.get(int(message_id))
        if message is None or message.deleted or message.channel_id != int(channel_id):
            raise unknown("message")
        return message

    # -- setting up the world (test side) ----------------------------------------------------

    def create_user(self, name: str, locale: str = "en-US") -> User:
        user = User(self.ids.next(), name, locale=locale)
        self.users[user.id] = user
        self.touch()
        return user

    def create_guild(self, name: str, owner_id: int | None = None, locale: str = "en-US") -> Guild:
        guild_id = self.ids.next()
        owner = owner_id or self.create_user(f"{name}-owner").id
        guild = Guild(guild_id, name, owner, bot_role_id=self.ids.next(), locale=locale)
        guild.member_ids = [self.bot.id, owner]
        self.guilds[guild.id] = guild
        # The bot is in every server: Discord tells its connection about one it joins.
        self.dispatch("GUILD_CREATE", self.guild_payload(guild), GUILDS_INTENT)
        self.touch()
        return guild

    def create_channel(self, guild_id: int, name: str, *, bot_can_send: bool = True) -> Channel:
        guild = self.guild(guild_id)
        channel = Channel(
            self.ids.next(),
            GUILD_TEXT,
            name,
            guild_id=guild.id,
            position=len(guild.channel_ids),
            bot_denied=0 if bot_can_send else SEND_MESSAGES,
            bot_role_id=guild.bot_role_id,
        )
        self.channels[channel.id] = channel
        guild.channel_ids.append(channel.id)
        self.dispatch("CHANNEL_CREATE", channel.payload(), GUILDS_INTENT)
        self.touch()
        return channel

    def delete_channel(self, channel_id: int) -> None:
        """Someone deletes the channel: it is gone for REST, and the gateway says so."""
        channel = self.channel(channel_id)
        del self.channels[channel.id]
        if channel.guild_id is not None:
            guild = self.guild(channel.guild_id)
            if channel.id in guild.channel_ids:
                guild.channel_ids.remove(channel.id)
        self.dispatch("CHANNEL_DELETE", channel.payload(), GUILDS_INTENT)
        self.touch()

    def set_bot_access(self, channel_id: int, allowed: bool) -> None:
        """An admin takes the bot's access to the channel away (or gives it back)."""
        channel = self.channel(channel_id)
        channel.bot_denied = 0 if allowed else VIEW_CHANNEL | SEND_MESSAGES
        self.dispatch("CHANNEL_UPDATE", channel.payload(), GUILDS_INTENT)
        self.touch()

    def set_bot_permission(self, channel_id: int, permission: str, allowed: bool) -> None:
        """An admin denies the bot one permission in a channel (or allows it again)."""
        try:
            bit = PERMISSIONS[permission]
        except KeyError:
            raise UsageError(f"unknown permission {permission!r}; known: {sorted(PERMISSIONS)}"
                             ) from None
        channel = self.channel(channel_id)
        channel.bot_denied = channel.bot_denied & ~bit if allowed else channel.bot_denied | bit
        self.dispatch("CHANNEL_UPDATE", channel.payload(), GUILDS_INTENT)
        self.touch()

    def add_member(self, guild_id: int, user_id: int) -> None:
        guild = self.guild(guild_id)
        if user_id not in guild.member_ids:
            guild.member_ids.append(self.user(user_id).id)
            self.touch()

    def set_dms_open(self, user_id: int, is_open: bool) -> None:
        self.user(user_id).dms_open = is_open
        self.touch()

    # -- payloads ---------------------------------------------------------------------------

    def member_payload(self, guild: Guild, user_id: int) -> dict[str, Any]:
        user = self.users[user_id]
        return {
            "user": user.payload(),
            "roles": [str(guild.bot_role_id)] if user.bot else [],
            "nick": None,
            "avatar": None,
            "joined_at": guild.joined_at,
            "premium_since": None,
            "deaf": False,
            "mute": False,
            "flags": 0,
            "pending": False,
            "communication_disabled_until": None,
        }

    def member_permissions(self, guild: Guild, user_id: int) -> int:
        return ALL_PERMISSIONS if user_id == guild.owner_id else EVERYONE_PERMISSIONS

    def bot_permissions(self, channel: Channel) -> int:
        if channel.type == DM:
            return EVERYONE_PERMISSIONS
        parent = self.channels.get(channel.parent_id) if channel.parent_id else None
        denied = channel.bot_denied | (parent.bot_denied if parent else 0)
        return (self.config.bot_permissions | EVERYONE_PERMISSIONS) & ~denied

    def guild_payload(self, guild: Guild) -> dict[str, Any]:
        channels = [self.channels[c] for c in guild.channel_ids]
        role = {"color": 0, "hoist": False, "mentionable": False, "icon": None, "flags": 0}
        return {
            "id": str(guild.id),
            "name": guild.name,
            "icon": None,
            "owner_id": str(guild.owner_id),
            "preferred_locale": guild.locale,
            "features": [],
            "verification_level": 0,
            "default_message_notifications": 0,
            "explicit_content_filter": 0,
            "mfa_level": 0,
            "nsfw_level": 0,
            "premium_tier": 0,
            "system_channel_flags": 0,
            "roles": [
                {**role, "id": str(guild.id), "name": "@everyone", "position": 0,
                 "permissions": str(EVERYONE_PERMISSIONS), "managed": False},
                {**role, "id": str(guild.bot_role_id), "name": self.bot.username, "position": 1,
                 "permissions": str(self.config.bot_permissions), "managed": True,
                 "tags": {"bot_id": str(self.bot.id)}},
            ],
            "emojis": [],
            "stickers": [],
            "members": [self.member_payload(guild, uid) for uid in guild.member_ids],
            "member_count": len(guild.member_ids),
            "channels": [c.payload() for c in channels if c.type not in THREAD_TYPES],
            "threads": [
                c.payload() for c in channels if c.type in THREAD_TYPES and not c.archived
            ],
            "large": False,
            "unavailable": False,
            "joined_at": guild.joined_at,
            "voice_states": [],
            "presences": [],
            "stage_instances": [],
            "guild_scheduled_events": [],
            "soundboard_sounds": [],
        }

    # -- messages ---------------------------------------------------------------------------

    def _message_data(self, message_id: int, channel: Channel, payload: dict[str, Any]) -> dict:
        components = payload.get("components") or []
        for number, (_, component) in enumerate(walk(components), start=1):
            component.setdefault("id", number)
        return {
            "id": str(message_id),
            "channel_id": str(channel.id),
            **({"guild_id": str(channel.guild_id)} if channel.guild_id else {}),
            "author": self.bot.payload(),
            "content": payload.get("content") or "",
            "embeds": [{"type": "rich", **e} for e in payload.get("embeds") or []],
            "components": components,
            "attachments": self._attachments(payload, channel),
            "timestamp": iso_now(),
            "edited_timestamp": None,
            "tts": bool(payload.get("tts")),
            "mention_everyone": False,
            "mentions": [],
            "mention_roles": [],
            "pinned": False,
            "type": 0,
            "flags": int(payload.get("flags") or 0) & BOT_SETTABLE_FLAGS,
        }

    def _attachments(self, payload: dict[str, Any], channel: Channel,
                     kept: list[dict[str, Any]] | None = None) -> list[dict[str, Any]]:
        """The message's attachments: new uploads stored (their bytes fetchable at `url`),
        and those of `kept` (the edited message's) that the payload names by id."""
        old = {a["id"]: a for a in kept or []}
        found: list[dict[str, Any]] = []
        for number, entry in enumerate(payload.get("attachments") or []):
            upload = entry.get("upload")
            if isinstance(upload, Upload):
                found.append(self._store(upload, channel, entry))
            elif str(entry.get("id")) in old:
                found.append(old[str(entry.get("id"))])
            else:
                raise invalid_form([(f"attachments.{number}.id", "Unknown attachment.")])
        check_count(found)
        return found

    def _store(self, upload: Upload, channel: Channel, entry: dict[str, Any]) -> dict[str, Any]:
        attachment_id = self.ids.next()
        self.files[attachment_id] = upload.data
        filename = str(entry.get("filename") or upload.filename)
        url = f"{self.cdn}/attachments/{channel.id}/{attachment_id}/{filename}"
        record: dict[str, Any] = {
            "id": str(attachment_id), "filename": filename, "size": len(upload.data),
            "url": url, "proxy_url": url, "content_type": upload.content_type,
        }
        if entry.get("description"):
            record["description"] = str(entry["description"])
        if (size := upload.image_size()) is not None:
            record["width"], record["height"] = size
        self.uploads.append((channel.id, record))
        return record

    def attachment(self, attachment_id: int) -> bytes:
        """The stored bytes of an uploaded file."""
        try:
            return self.files[attachment_id]
        except KeyError:
            raise unknown("attachment") from None

    @staticmethod
    def _link_images(data: dict[str, Any]) -> None:
        """An embed image `attachment://name` shows that attachment: Discord puts its URL in."""
        by_name = {a["filename"]: a for a in data.get("attachments") or []}
        for embed in data.get("embeds") or []:
            image = embed.get("image")
            url = str((image or {}).get("url") or "")
            if url.startswith("attachment://") and (found := by_name.get(url[13:])):
                embed["image"] = {"url": found["url"], "proxy_url": found["proxy_url"],
                                  **({"width": found["width"], "height": found["height"]}
                                     if "width" in found else {})}

    def post_message(
        self,
        channel: Channel,
        payload: dict[str, Any],
        *,
        ephemeral_for: int | None = None,
        extra: dict[str, Any] | None = None,
        loading: bool = False,
    ) -> Message:
        """Create a bot message after checking Discord's limits; notify mentioned users."""
        message_id = self.ids.next()
        data = self._message_data(message_id, channel, payload)
        data.update(extra or {})
        self._link_images(data)
        if ephemeral_for is not None:
            data["flags"] |= EPHEMERAL
        if loading:
            data["flags"] |= LOADING  # "Bot is thinking...": empty until edited
        else:
            check_message(data)
        mentioned = self._mentioned_users(data, payload.get("allowed_mentions"))
        data["mentions"] = [self.users[u].payload() for u in mentioned]
        data["mention_everyone"] = _pings_everyone(data, payload.get("allowed_mentions"))
        message = Message(message_id, channel.id, data, ephemeral_for=ephemeral_for)
        self.messages[message_id] = message
        channel.message_ids.append(message_id)
        if ephemeral_for is None:
            for user_id in mentioned:
                if not data["flags"] & SUPPRESS_NOTIFICATIONS:
                    self.mentions.setdefault(user_id, []).append(message_id)
            intent = DIRECT_MESSAGES_INTENT if channel.type == DM else GUILD_MESSAGES_INTENT
            self.dispatch("MESSAGE_CREATE", data, intent)
        self.touch()
        return message

    def edit_message(self, message: Message, payload: dict[str, Any]) -> Message:
        """Merge an edit; an edit never notifies anyone, so mentions are not recorded."""
        data = dict(message.data)
        for key in ("content", "embeds", "components"):
            if key in payload:
                empty: Any = "" if key == "content" else []
                data[key] = payload[key] if payload[key] is not None else empty
        if "embeds" in payload:
            data["embeds"] = [{"type": "rich", **e} for e in data["embeds"]]
        if "attachments" in payload:
            data["attachments"] = self._attachments(payload, self.channels[message.channel_id],
                                                    kept=message.data.get("attachments"))
        keep = message.flags & EPHEMERAL
        if payload.get("flags") is not None:
            data["flags"] = (int(payload["flags"]) & BOT_SETTABLE_FLAGS & ~EPHEMERAL) | keep
        else:
            data["flags"] = message.flags & ~LOADING
        for number, (_, component) in enumerate(walk(data["components"]), start=1):
            component.setdefault("id", number)
        self._link_images(data)
        check_message(data, was_v2=bool(message.flags & COMPONENTS_V2))
        data["mentions"] = [
            self.users[u].payload()
            for u in self._mentioned_users(data, payload.get("allowed_mentions"))
        ]
        data["edited_timestamp"] = iso_now()
        message.data = data
        if message.ephemeral_for is None:
            channel = self.channels[message.channel_id]
            intent = DIRECT_MESSAGES_INTENT if channel.type == DM else GUILD_MESSAGES_INTENT
            self.dispatch("MESSAGE_UPDATE", data, intent)
        self.touch()
        return message

    def delete_message(self, message: Message) -> None:
        message.deleted = True
        if message.ephemeral_for is None:
            channel = self.channels[message.channel_id]
            data = {"id": str(message.id), "channel_id": str(channel.id)}
            if channel.guild_id:
                data["guild_id"] = str(channel.guild_id)
            intent = DIRECT_MESSAGES_INTENT if channel.type == DM else GUILD_MESSAGES_INTENT
            self.dispatch("MESSAGE_DELETE", data, intent)
        self.touch()

    def _mentioned_users(self, data: dict[str, Any], allowed: dict[str, Any] | None) -> list[int]:
        texts = [data.get("content") or ""]
        texts += [c.get("content") or "" for _, c in walk(data.get("components") or [])]
        found = [int(m) for text in texts for m in USER_MENTION.findall(text)]
        if allowed is not None and "users" not in (allowed.get("parse") or []):
            permitted = {int(u) for u in allowed.get("users") or []}
            found = [u for u in found if u in permitted]
        return [u for u in dict.fromkeys(found) if u in self.users]

    # -- what the bot may do in a channel ---------------------------------------------------

    def check_can_view(self, channel: Channel) -> None:
        """Editing one's own message needs no Send Messages, but it needs the channel."""
        if channel.type != DM and not self.bot_permissions(channel) & VIEW_CHANNEL:
            raise ApiError(403, 50001, "Missing Access")

    def check_can_send(self, channel: Channel) -> None:
        if channel.type == DM:
            assert channel.recipient_id is not None
            if not self.users[channel.recipient_id].dms_open:
                raise ApiError(403, 50007, "Cannot send messages to this user")
            return
        self.check_can_view(channel)
        if not self.bot_permissions(channel) & SEND_MESSAGES:
            raise ApiError(403, 50013, "Missing Permissions")
        if channel.locked:
            raise ApiError(400, 50083, "Thread is archived")

    def check_can_attach(self, channel: Channel, payload: dict[str, Any]) -> None:
        """Uploading a file to a channel needs Attach Files."""
        if (channel.type != DM and has_uploads(payload)
                and not self.bot_permissions(channel) & ATTACH_FILES):
            raise ApiError(403, 50013, "Missing Permissions")

    def open_dm(self, user_id: int) -> Channel:
        user = self.user(user_id)
        if user.id not in self.dm_channels:
            channel = Channel(self.ids.next(), DM, recipient_id=user.id)
            self.channels[channel.id] = channel
            self.dm_channels[user.id] = channel.id
        return self.channels[self.dm_channels[user.id]]

    def create_thread(
        self, parent: Channel, name: str, *, private: bool = False, from_message: int | None = None
    ) -> Channel:
        if parent.type != GUILD_TEXT:
            raise ApiError(400, 50024, "Cannot execute action on this channel type")
        thread = Channel(
            from_message or self.ids.next(),
            12 if private else 11,
            name,
            guild_id=parent.guild_id,
            parent_id=parent.id,
            owner_id=self.bot.id,
            bot_role_id=parent.bot_role_id,
        )
        self.channels[thread.id] = thread
        assert parent.guild_id is not None
        self.guilds[parent.guild_id].channel_ids.append(thread.id)
        self.dispatch("THREAD_CREATE", {**thread.payload(), "newly_created": True}, GUILDS_INTENT)
        self.touch()
        return thread

    def update_thread(self, thread: Channel, payload: dict[str, Any]) -> Channel:
        if "name" in payload:
            thread.name = payload["name"]
        if "archived" in payload:
            thread.archived = bool(payload["archived"])
        if "locked" in payload:
            thread.locked = bool(payload["locked"])
        self.dispatch("THREAD_UPDATE", thread.payload(), GUILDS_INTENT)
        self.touch()
        return thread

    # -- what a user sees -------------------------------------------------------------------

    def can_view(self, user_id: int, channel: Channel) -> bool:
        if channel.type == DM or channel.guild_id is None:
            return channel.recipient_id == user_id
        return user_id in self.guilds[channel.guild_id].member_ids

    def visible_messages(self, user_id: int, channel_id: int, ephemeral: bool = True
                         ) -> list[Message]:
        """The channel's messages the user sees; with `ephemeral` False, not their own
        ephemeral ones (what Discord's message history holds)."""
        channel = self.channel(channel_id)
        if not self.can_view(user_id, channel):
            raise UsageError(f"user {user_id} cannot see channel {channel_id}")
        found = (self.messages[m] for m in channel.message_ids)
        return [m for m in found
                if m.visible_to(user_id) and (ephemeral or m.ephemeral_for is None)]

    def visible_message(self, user_id: int, message_id: int) -> Message:
        message = self.messages.get(int(message_id))
        if message is None or not message.visible_to(user_id):
            raise UsageError(f"user {user_id} cannot see message {message_id}")
        if not self.can_view(user_id, self.channels[message.channel_id]):
            raise UsageError(f"user {user_id} cannot see the channel of message {message_id}")
        return message


def _pings_everyone(data: dict[str, Any], allowed: dict[str, Any] | None) -> bool:
    """Whether a message pings @everyone or @here: its content says so and its
    allowed_mentions (none sent: Discord parses everything) permit it."""
    texts = [data.get("content") or ""]
    texts += [c.get("content") or "" for _, c in walk(data.get("components") or [])]
    if not any(EVERYONE.search(text) for text in texts):
        return False
    return allowed is None or "everyone" in (allowed.get("parse") or [])
