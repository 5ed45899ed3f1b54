"""Interactions: what a user's command or click becomes, and how the bot must answer it.

The bot has `ack_deadline` seconds to acknowledge, once; the token then works for `token_ttl`
seconds for the original response and followups. Ephemeral messages are seen only by the user
and can only be changed through an interaction token.
"""

from __future__ import annotations

from typing import Any

from fakediscord.commands import CommandRegistry
from fakediscord.errors import ApiError, UsageError, invalid_form, unknown
from fakediscord.limits import (
    BUTTON,
    LINK_STYLE,
    PREMIUM_STYLE,
    SELECTS,
    STRING_SELECT,
    TEXT_INPUT,
    check_choices,
    check_modal,
    walk,
)
from fakediscord.models import (
    APPLICATION_COMMAND,
    AUTOCOMPLETE,
    DM,
    EPHEMERAL,
    LOADING,
    MESSAGE_COMPONENT,
    MODAL_SUBMIT,
    Interaction,
    Message,
)
from fakediscord.snowflakes import new_token
from fakediscord.world import World

# Callback types
MESSAGE, DEFERRED_MESSAGE, DEFERRED_UPDATE, UPDATE_MESSAGE, AUTOCOMPLETE_RESULT, MODAL = (
    4, 5, 6, 7, 8, 9
)
ALLOWED_CALLBACKS = {
    APPLICATION_COMMAND: {MESSAGE, DEFERRED_MESSAGE, MODAL},
    MESSAGE_COMPONENT: {MESSAGE, DEFERRED_MESSAGE, DEFERRED_UPDATE, UPDATE_MESSAGE, MODAL},
    AUTOCOMPLETE: {AUTOCOMPLETE_RESULT},
    MODAL_SUBMIT: {MESSAGE, DEFERRED_MESSAGE, DEFERRED_UPDATE, UPDATE_MESSAGE},
}
USER_SELECT = 5


class Interactions:
    def __init__(self, world: World, commands: CommandRegistry) -> None:
        self.world = world
        self.commands = commands
        self.by_id: dict[int, Interaction] = {}
        self.by_token: dict[str, Interaction] = {}

    # -- user side ---------------------------------------------------------------------------

    def slash(
        self, user_id: int, channel_id: int, path: str, options: dict[str, Any],
        focused: str | None = None, forge: bool = False,
    ) -> Interaction:
        channel = self.world.channel(channel_id)
        user = self.world.user(user_id)
        if not self.world.can_view(user.id, channel):
            raise UsageError(f"{user.username} cannot use commands in channel {channel_id}")
        data = self.commands.invocation(channel.guild_id, user.locale, path, options, focused,
                                        forge)
        kind = AUTOCOMPLETE if focused else APPLICATION_COMMAND
        return self._create(kind, user.id, channel.id, data)

    def click(self, user_id: int, message_id: int, custom_id: str, *,
              forge: bool = False) -> Interaction:
        """A click on a button of a message; `forge` sends `custom_id` even if the message has
        no such button (a modified client: bots must not trust custom_ids)."""
        message, component = self._component(user_id, message_id, custom_id, forge)
        component = component or {"type": BUTTON}
        if component.get("type") != BUTTON or component.get("style") in (LINK_STYLE, PREMIUM_STYLE):
            raise UsageError(f"{custom_id!r} is not a button that sends an interaction")
        data = {"custom_id": custom_id, "component_type": BUTTON, "id": component.get("id")}
        return self._create(MESSAGE_COMPONENT, user_id, message.channel_id, data, message)

    def select(
        self, user_id: int, message_id: int, custom_id: str, values: list[str], *,
        forge: bool = False,
    ) -> Interaction:
        """A choice in a select menu; `forge` sends any custom_id and any values, offered or
        not (see `click`)."""
        message, component = self._component(user_id, message_id, custom_id, forge)
        if forge and not component:
            forged = {"custom_id": custom_id, "component_type": STRING_SELECT,
                      "values": [str(v) for v in values]}
            return self._create(MESSAGE_COMPONENT, user_id, message.channel_id, forged, message)
        kind = component.get("type")
        if kind not in SELECTS:
            raise UsageError(f"{custom_id!r} is not a select menu")
        low, high = component.get("min_values", 1), component.get("max_values", 1)
        if not forge and not low <= len(values) <= high:
            raise UsageError(f"{custom_id!r} takes between {low} and {high} values")
        data: dict[str, Any] = {"custom_id": custom_id, "component_type": kind,
                                "values": [str(v) for v in values], "id": component.get("id")}
        if kind == STRING_SELECT and not forge:
            offered = {o["value"] for o in component.get("options") or []}
            if not set(data["values"]) <= offered:
                raise UsageError(f"{values} are not all options of {custom_id!r}")
        if kind == USER_SELECT:
            data["resolved"] = self._resolved_users(message, data["values"])
        return self._create(MESSAGE_COMPONENT, user_id, message.channel_id, data, message)

    def submit_modal(
        self, user_id: int, interaction_id: int, values: dict[str, Any]
    ) -> Interaction:
        source = self.by_id.get(int(interaction_id))
        if source is None or source.user_id != user_id or source.modal is None:
            raise UsageError(f"no modal is open for this user from interaction {interaction_id}")
        modal, source.modal = source.modal, None  # submitting closes it
        rows = [self._submitted(row, values) for row in modal.get("components") or []]
        unused = set(values) - {
            c.get("custom_id") for _, c in walk(modal.get("components") or [])
        }
        if unused:
            raise UsageError(f"the modal has no fields {sorted(unused)}")
        data = {"custom_id": modal["custom_id"], "components": [r for r in rows if r]}
        message = self.world.messages.get(source.message_id) if source.message_id else None
        return self._create(MODAL_SUBMIT, user_id, source.channel_id, data, message)

    def _submitted(self, row: dict[str, Any], values: dict[str, Any]) -> dict[str, Any] | None:
        inner_key = "component" if row.get("type") == 18 else None
        fields = [row[inner_key]] if inner_key else row.get("components") or []
        answers = []
        for field in fields:
            custom_id = field.get("custom_id")
            if field.get("type") == TEXT_INPUT:
                value = str(values.get(custom_id, field.get("value") or ""))
                if field.get("required", True) and not value:
                    raise UsageError(f"modal field {custom_id!r} is required")
                if not field.get("min_length", 0) <= len(value) <= field.get("max_length", 4000):
                    raise UsageError(f"modal field {custom_id!r} has a bad length")
                answers.append({"type": TEXT_INPUT, "id": field.get("id"), "custom_id": custom_id,
                                "value": value})
            elif field.get("type") in SELECTS:
                chosen = values.get(custom_id, [])
                answers.append({"type": field["type"], "id": field.get("id"),
                                "custom_id": custom_id, "values": list(chosen)})
        if not answers:
            return None
        if inner_key:
            return {"type": 18, "id": row.get("id"), "component": answers[0]}
        return {"type": 1, "id": row.get("id"), "components": answers}

    def _component(self, user_id: int, message_id: int, custom_id: str, forge: bool = False
                   ) -> tuple[Message, dict]:
        message = self.world.visible_message(user_id, message_id)
        if message.flags & LOADING:
            raise UsageError("the message is still loading")
        for _, component in walk(message.data.get("components") or []):
            if component.get("custom_id") == custom_id:
                if component.get("disabled"):
                    raise UsageError(f"{custom_id!r} is disabled")
                return message, component
        if forge:
            return message, {}
        raise UsageError(f"message {message_id} has no component {custom_id!r}")

    def _resolved_users(self, message: Message, ids: list[str]) -> dict[str, Any]:
        channel = self.world.channels[message.channel_id]
        users = {i: self.world.user(int(i)).payload() for i in ids}
        resolved: dict[str, Any] = {"users": users}
        if channel.guild_id:
            guild = self.world.guilds[channel.guild_id]
            members = {i: self.world.member_payload(guild, int(i)) for i in ids}
            resolved["members"] = {
                i: {k: v for k, v in member.items() if k != "user"} for i, member in members.items()
            }
        return resolved

    def _create(
        self, kind: int, user_id: int, channel_id: int, data: dict[str, Any],
        message: Message | None = None,
    ) -> Interaction:
        world = self.world
        user, channel = world.users[user_id], world.channels[channel_id]
        interaction_id = world.ids.next()
        token = new_token("aW50ZXJhY3Rpb24")
        payload: dict[str, Any] = {
            "id": str(interaction_id),
            "application_id": str(world.application_id),
            "type": kind,
            "data": data,
            "token": token,
            "version": 1,
            "locale": user.locale,
            "app_permissions": str(world.bot_permissions(channel)),
            "entitlements": [],
            "attachment_size_limit": self.world.config.attachment_size_limit,
            "channel_id": str(channel.id),
            "channel": channel.payload(world.users),
        }
        if channel.type == DM:
            payload.update(user=user.payload(), context=1,
                           authorizing_integration_owners={"1": str(user.id)})
        else:
            assert channel.guild_id is not None
            guild = world.guilds[channel.guild_id]
            member = world.member_payload(guild, user.id)
            member["permissions"] = str(world.member_permissions(guild, user.id))
            payload.update(
                guild_id=str(guild.id),
                guild_locale=guild.locale,
                guild={"id": str(guild.id), "locale": guild.locale, "features": []},
                member=member,
                context=0,
                authorizing_integration_owners={"0": str(guild.id)},
            )
        if message is not None:
            payload["message"] = message.data
        interaction = Interaction(
            interaction_id, token, kind, user.id, channel.id, channel.guild_id,
            created=world.clock.now(), payload=payload,
            message_id=message.id if message else None,
        )
        self.by_id[interaction_id] = interaction
        self.by_token[token] = interaction
        world.dispatch("INTERACTION_CREATE", payload, 0)
        world.touch()
        return interaction

    # -- status --------------------------------------------------------------------------------

    def failed(self, interaction: Interaction) -> bool:
        """True once the deadline passed unacknowledged: the user sees "interaction failed"."""
        deadline = interaction.created + self.world.config.ack_deadline
        return interaction.ack_type is None and self.world.clock.now() > deadline

    def failed_ids(self) -> list[int]:
        return [i.id for i in self.by_id.values() if self.failed(i)]

    def status(self, interaction: Interaction) -> dict[str, Any]:
        return {
            "id": str(interaction.id),
            "type": interaction.type,
            "user_id": str(interaction.user_id),
            "channel_id": str(interaction.channel_id),
            "ack_type": interaction.ack_type,
            "failed": self.failed(interaction),
            "deadline_in": interaction.created + self.world.config.ack_deadline
            - self.world.clock.now(),
            "original_id": str(interaction.original_id) if interaction.original_id else None,
            "loading": interaction.loading,
            "modal": interaction.modal,
            "choices": interaction.choices,
            "followup_ids": [str(i) for i in interaction.followup_ids],
        }

    # -- bot side: the callback ----------------------------------------------------------------

    def callback(self, interaction_id: str, token: str, body: dict[str, Any]) -> dict[str, Any]:
        interaction = self.by_id.get(int(interaction_id)) if interaction_id.isdigit() else None
        if interaction is None or interaction.token != token:
            raise unknown("interaction")
        if interaction.ack_type is not None:
            raise ApiError(400, 40060, "Interaction has already been acknowledged.")
        if self.failed(interaction):
            raise unknown("interaction")
        kind = int(body.get("type", 0))
        if kind not in ALLOWED_CALLBACKS[interaction.type]:
            raise invalid_form([("type", f"Callback type {kind} is not valid here")])
        if kind in (DEFERRED_UPDATE, UPDATE_MESSAGE) and interaction.message_id is None:
            raise invalid_form([("type", "There is no message to update")])
        resource = self._acknowledge(interaction, kind, body.get("data") or {})
        interaction.ack_type = kind
        interaction.ack_at = self.world.clock.now()
        self.world.touch()
        original = self.world.messages.get(interaction.original_id or 0)
        summary: dict[str, Any] = {
            "id": str(interaction.id),
            "type": interaction.type,
            "response_message_loading": interaction.loading,
            "response_message_ephemeral": bool(original and original.flags & EPHEMERAL),
        }
        if original is not None:
            summary["response_message_id"] = str(original.id)
        return {"interaction": summary, "resource": resource}

    def _acknowledge(self, interaction: Interaction, kind: int, data: dict) -> dict[str, Any]:
        """Apply the callback; raises before anything changes when the payload is invalid."""
        resource: dict[str, Any] = {"type": kind}
        if kind in (MESSAGE, DEFERRED_MESSAGE):
            loading = kind == DEFERRED_MESSAGE
            payload = {"flags": int(data.get("flags") or 0) & EPHEMERAL} if loading else data
            message = self._respond(interaction, payload, loading=loading)
            interaction.original_id = message.id
            interaction.loading = kind == DEFERRED_MESSAGE
            resource["message"] = message.data
        elif kind in (DEFERRED_UPDATE, UPDATE_MESSAGE):
            assert interaction.message_id is not None
            source = self.world.messages[interaction.message_id]
            if kind == UPDATE_MESSAGE:
                self.world.edit_message(source, data)
                resource["message"] = source.data
            interaction.original_id = source.id
        elif kind == AUTOCOMPLETE_RESULT:
            check_choices(data.get("choices") or [])
            interaction.choices = data.get("choices") or []
        elif kind == MODAL:
            check_modal(data)
            interaction.modal = data
        return resource

    def _respond(
        self, interaction: Interaction, payload: dict[str, Any], loading: bool = False
    ) -> Message:
        user = self.world.users[interaction.user_id]
        ephemeral = bool(int(payload.get("flags") or 0) & EPHEMERAL)
        data = interaction.payload["data"]
        extra = {
            "type": 20 if interaction.type == APPLICATION_COMMAND else 0,
            "webhook_id": str(self.world.application_id),
            "application_id": str(self.world.application_id),
            "interaction_metadata": {
                "id": str(interaction.id),
                "type": interaction.type,
                "user": user.payload(),
                "authorizing_integration_owners":
                    interaction.payload["authorizing_integration_owners"],
            },
            "interaction": {"id": str(interaction.id), "type": interaction.type,
                            "name": data.get("name", ""), "user": user.payload()},
        }
        return self.world.post_message(
            self.world.channel(interaction.channel_id),
            payload,
            ephemeral_for=interaction.user_id if ephemeral else None,
            extra=extra,
            loading=loading,
        )

    # -- bot side: webhook routes (original response and followups) -------------------------

    def by_webhook(self, application_id: str, token: str) -> Interaction:
        interaction = self.by_token.get(token)
        if interaction is None or application_id != str(self.world.application_id):
            raise unknown("webhook")
        if self.world.clock.now() > interaction.created + self.world.config.token_ttl:
            raise ApiError(401, 50027, "Invalid Webhook Token")
        return interaction

    def message_of(self, interaction: Interaction, message_id: str) -> Message:
        if message_id == "@original":
            if interaction.original_id is None:
                raise unknown("message")
            message = self.world.messages[interaction.original_id]
        else:
            if not message_id.isdigit() or int(message_id) not in interaction.own_message_ids():
                raise unknown("message")
            message = self.world.messages[int(message_id)]
        if message.deleted:
            raise unknown("message")
        return message

    def edit(self, interaction: Interaction, message_id: str, payload: dict) -> Message:
        message = self.message_of(interaction, message_id)
        if message.ephemeral_for is None:
            self._check_public(interaction, payload)
        self.world.edit_message(message, payload)
        if message.id == interaction.original_id:
            interaction.loading = False
        return message

    def followup(self, interaction: Interaction, payload: dict[str, Any]) -> Message:
        if interaction.ack_type is None:
            raise unknown("webhook")
        if interaction.loading and interaction.original_id is not None:
            # The first followup after a "thinking" defer replaces the loading message.
            message = self.edit(interaction, "@original", payload)
            interaction.followup_ids.append(message.id)
            return message
        if not int(payload.get("flags") or 0) & EPHEMERAL:
            self._check_public(interaction, payload)
        message = self._respond(interaction, payload)
        interaction.followup_ids.append(message.id)
        return message

    def _check_public(self, interaction: Interaction, payload: dict[str, Any]) -> None:
        """A message everyone sees, posted or edited through a token, needs the app's own
        permissions in the channel for its files (Discord gives them to the app as the
        interaction's `app_permissions`)."""
        self.world.check_can_attach(self.world.channel(interaction.channel_id), payload)
