"""Interaction tokens that carry a game's public messages outside Discord's global rate limit.

Discord's rate-limit page: interaction endpoints are not bound to the bot's global limit (50
requests a second per bot, shared by every process of its token). An interaction's token lives
15 minutes; while it does, it may post follow-up messages in the interaction's channel, and a
webhook message is edited or deleted "from the same token" that posted it. Every click of a
person in a game's channel (its thread) brings a fresh token. So the publisher posts the table
and the mentions with the newest token of the channel and edits or deletes each message with
the token that posted it while that token lives; a table whose token nears its end is posted
again with a newer one. Without a live token (a long stretch of computer moves, or just after a
restart: tokens are kept in memory only) the channel routes take over, inside the global budget.

A token's routes have rate-limit buckets of their own, as a webhook's do: 5 calls per 2 s per
token and route, announced in the X-RateLimit-* headers (the figure and its sources are in
fakediscord/config.py). Each courier paces its token's calls below that, whatever the route,
so Discord never has to refuse one (nor discord.py hold a call until a spent bucket resets).
"""

from __future__ import annotations

import asyncio
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field

import discord

from bot.pace import Pace

TOKEN_LIFE = 15 * 60.0  # seconds an interaction token works (Discord's documented life)
# A token this close to its end posts nothing new: its message would soon be out of reach.
POST_MARGIN = 120.0
EDIT_MARGIN = 10.0  # nor edits, so that a call on its way never meets the end
KEPT = 3  # newest interactions kept per channel (the newest may not be acknowledged yet)
USABLE = frozenset({discord.InteractionType.application_command,
                    discord.InteractionType.component,
                    discord.InteractionType.modal_submit})
# A token's calls in any TOKEN_WINDOW seconds, whatever the route: one below Discord's 5 per
# 2 s per route, because discord.py holds the call that spends a bucket (remaining 0) until
# it resets, and that call may be the mention someone waits for.
TOKEN_CALLS = 4
TOKEN_WINDOW = 2.0
INVALID_TOKEN = 50027    # Discord's code for an expired or unknown interaction token
UNKNOWN_WEBHOOK = 10015


@dataclass(eq=False)
class Courier:
    """One interaction's token, and when this bot received it (loop time)."""

    interaction: discord.Interaction
    received: float
    pace: Pace = field(default_factory=lambda: Pace(None, window=(TOKEN_CALLS, TOKEN_WINDOW)))

    def left(self, now: float, life: float) -> float:
        return self.received + life - now

    @property
    def webhook(self) -> discord.Webhook:
        return self.interaction.followup

    def acknowledged(self) -> bool:
        """Follow-ups need the interaction answered first; a modal answer allows none."""
        response = self.interaction.response
        return response.is_done() and response.type is not discord.InteractionResponseType.modal


class Couriers:
    """The newest tokens of each channel, and which token posted each message we keep."""

    def __init__(self, life: float = TOKEN_LIFE, *, enabled: bool = True,
                 observe: Callable[[float], None] | None = None) -> None:
        self.life = life
        self.enabled = enabled  # off: public messages take the channel routes only
        self.observe = observe  # told each wait of a call for its token's turn
        self._channels: dict[int, deque[Courier]] = {}
        self._owners: dict[int, Courier] = {}  # message id -> the token that posted it

    def seen(self, interaction: discord.Interaction) -> None:
        """A person's interaction arrived: its token may carry that channel's messages."""
        if not self.enabled or interaction.channel_id is None or interaction.type not in USABLE:
            return
        now = _now()
        kept = self._channels.setdefault(interaction.channel_id, deque(maxlen=KEPT))
        kept.append(self._courier(interaction, now))
        if len(self._channels) > 64 and interaction.id % 64 == 0:
            self._prune(now)

    def newest(self, channel_id: int) -> Courier | None:
        """The channel's newest answered token with time left to post and edit what it posts."""
        now = _now()
        for courier in reversed(self._channels.get(channel_id, ())):
            if courier.left(now, self.life) >= POST_MARGIN and courier.acknowledged():
                return courier
        return None

    def owner(self, message_id: int | None) -> Courier | None:
        """The live token that posted `message_id`, if any (else only channel routes reach it)."""
        courier = self._owners.get(message_id or 0)
        if courier is None:
            return None
        if courier.left(_now(), self.life) < EDIT_MARGIN:
            del self._owners[message_id or 0]
            return None
        return courier

    def expiring(self, message_id: int | None) -> bool:
        """Whether the message's token is too near its end for the message to stay with it."""
        courier = self.owner(message_id)
        return courier is not None and courier.left(_now(), self.life) < POST_MARGIN

    def posted(self, message_id: int, courier: Courier) -> None:
        self._owners[message_id] = courier

    def adopt(self, message_id: int, interaction: discord.Interaction) -> None:
        """`message_id` is `interaction`'s response (posted by the cog): its token edits it."""
        if not self.enabled or interaction.channel_id is None:
            return
        kept = self._channels.get(interaction.channel_id, ())
        courier = next((c for c in kept if c.interaction is interaction), None)
        self._owners[message_id] = courier or self._courier(interaction, _now())

    def _courier(self, interaction: discord.Interaction, now: float) -> Courier:
        courier = Courier(interaction, now)
        courier.pace.observe = self.observe
        return courier

    def forget(self, message_id: int | None) -> None:
        self._owners.pop(message_id or 0, None)

    def dead(self, courier: Courier) -> None:
        """Discord refused the token (expired or unknown): nothing of it is used again."""
        channel = courier.interaction.channel_id
        kept = self._channels.get(channel or 0)
        if kept is not None and courier in kept:
            kept.remove(courier)
        for message_id in [m for m, c in self._owners.items() if c is courier]:
            del self._owners[message_id]

    def _prune(self, now: float) -> None:
        for channel, kept in list(self._channels.items()):
            if all(c.left(now, self.life) < POST_MARGIN for c in kept):
                del self._channels[channel]
        for message_id, courier in list(self._owners.items()):
            if courier.left(now, self.life) < EDIT_MARGIN:
                del self._owners[message_id]


def token_refused(exc: discord.HTTPException) -> bool:
    """Whether a call through a token failed because of the token itself (its life is over,
    or Discord no longer knows it), not because of the message."""
    return exc.status == 401 or exc.code in (INVALID_TOKEN, UNKNOWN_WEBHOOK)


def _now() -> float:
    return asyncio.get_running_loop().time()
