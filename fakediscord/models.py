"""The emulator's entities and the Discord JSON objects they render to."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from fakediscord.snowflakes import iso_now

# Channel types
GUILD_TEXT = 0
DM = 1
PUBLIC_THREAD = 11
PRIVATE_THREAD = 12
THREAD_TYPES = (PUBLIC_THREAD, PRIVATE_THREAD)

# Message flags
EPHEMERAL = 1 << 6
LOADING = 1 << 7
COMPONENTS_V2 = 1 << 15

# Interaction types
APPLICATION_COMMAND = 2
MESSAGE_COMPONENT = 3
AUTOCOMPLETE = 4
MODAL_SUBMIT = 5

VIEW_CHANNEL = 1 << 10
SEND_MESSAGES = 1 << 11
ALL_PERMISSIONS = (1 << 53) - 1


@dataclass
class User:
    id: int
    username: str
    locale: str = "en-US"
    bot: bool = False
    dms_open: bool = True

    def payload(self) -> dict[str, Any]:
        return {
            "id": str(self.id),
            "username": self.username,
            "global_name": self.username,
            "discriminator": "0",
            "avatar": None,
            "bot": self.bot,
            "public_flags": 0,
        }


@dataclass
class Guild:
    id: int
    name: str
    owner_id: int
    bot_role_id: int
    locale: str = "en-US"
    member_ids: list[int] = field(default_factory=list)
    channel_ids: list[int] = field(default_factory=list)
    joined_at: str = field(default_factory=iso_now)


@dataclass
class Channel:
    id: int
    type: int
    name: str = ""
    guild_id: int | None = None
    parent_id: int | None = None
    recipient_id: int | None = None
    owner_id: int | None = None
    position: int = 0
    bot_denied: int = 0
    bot_role_id: int | None = None
    archived: bool = False
    locked: bool = False
    message_ids: list[int] = field(default_factory=list)

    def payload(self, users: dict[int, User] | None = None) -> dict[str, Any]:
        data: dict[str, Any] = {"id": str(self.id), "type": self.type, "last_message_id": None}
        if self.type == DM:
            assert users is not None and self.recipient_id is not None
            data["recipients"] = [users[self.recipient_id].payload()]
            return data
        data.update(
            guild_id=str(self.guild_id),
            name=self.name,
            position=self.position,
            nsfw=False,
            topic=None,
            rate_limit_per_user=0,
            parent_id=str(self.parent_id) if self.parent_id else None,
            permission_overwrites=self.overwrites(),
        )
        if self.type in THREAD_TYPES:
            data.update(
                owner_id=str(self.owner_id),
                member_count=1,
                message_count=len(self.message_ids),
                thread_metadata={
                    "archived": self.archived,
                    "locked": self.locked,
                    "auto_archive_duration": 1440,
                    "archive_timestamp": iso_now(),
                },
            )
        return data

    def overwrites(self) -> list[dict[str, Any]]:
        if not self.bot_denied or self.bot_role_id is None:
            return []
        # Denies apply to the bot's managed role, the way a server admin would set it up.
        deny = str(self.bot_denied)
        return [{"id": str(self.bot_role_id), "type": 0, "allow": "0", "deny": deny}]


@dataclass
class Message:
    id: int
    channel_id: int
    data: dict[str, Any]
    ephemeral_for: int | None = None
    interaction_id: int | None = None
    deleted: bool = False

    @property
    def flags(self) -> int:
        return int(self.data.get("flags", 0))

    def visible_to(self, user_id: int) -> bool:
        return not self.deleted and self.ephemeral_for in (None, user_id)


@dataclass
class Interaction:
    id: int
    token: str
    type: int
    user_id: int
    channel_id: int
    guild_id: int | None
    created: float
    payload: dict[str, Any]
    message_id: int | None = None
    ack_type: int | None = None
    ack_at: float | None = None
    original_id: int | None = None
    loading: bool = False
    modal: dict[str, Any] | None = None
    choices: list[dict[str, Any]] | None = None
    followup_ids: list[int] = field(default_factory=list)

    def own_message_ids(self) -> set[int]:
        ids = set(self.followup_ids)
        if self.original_id is not None:
            ids.add(self.original_id)
        return ids
