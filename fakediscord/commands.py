"""Registered application commands, and turning "/citadels new players:4" into interaction data."""

from __future__ import annotations

import builtins
import re
from typing import TYPE_CHECKING, Any

from fakediscord.errors import UsageError, invalid_form

if TYPE_CHECKING:
    from fakediscord.world import World

SUB_COMMAND, SUB_COMMAND_GROUP = 1, 2
STRING, INTEGER, BOOLEAN, USER, CHANNEL, ROLE, MENTIONABLE, NUMBER = 3, 4, 5, 6, 7, 8, 9, 10
NAME = re.compile(r"^[-_\w]{1,32}$")


def _localized(node: dict[str, Any], token: str, locale: str) -> bool:
    return token == node["name"] or token == (node.get("name_localizations") or {}).get(locale)


def _validate(commands: list[dict[str, Any]]) -> None:
    problems: list[tuple[str, str]] = []

    def check(node: dict[str, Any], path: str) -> None:
        names = [node["name"], *(node.get("name_localizations") or {}).values()]
        for name in names:
            if not NAME.match(name) or name != name.lower():
                problems.append((f"{path}.name", f"Invalid command name {name!r}"))
        descriptions = [node.get("description", ""), *(node.get("description_localizations")
                                                         or {}).values()]
        if node.get("type", 1) in (1, SUB_COMMAND, SUB_COMMAND_GROUP) or "options" not in node:
            for text in descriptions:
                if not 1 <= len(text) <= 100:
                    problems.append((f"{path}.description", "Must be between 1 and 100 long."))
        options = node.get("options") or []
        if len(options) > 25:
            problems.append((f"{path}.options", "Must be 25 or fewer in length."))
        for i, option in enumerate(options):
            check(option, f"{path}.options.{i}")

    if len(commands) > 100:
        problems.append(("_", "Must be 100 or fewer in length."))
    for i, command in enumerate(commands):
        check(command, str(i))
    if problems:
        raise invalid_form(problems)


class CommandRegistry:
    def __init__(self, world: World) -> None:
        self.world = world
        self.by_scope: dict[int | None, dict[str, dict[str, Any]]] = {}
        self.sync_count = 0

    def list(self, guild_id: int | None) -> list[dict[str, Any]]:
        return list(self.by_scope.get(guild_id, {}).values())

    def overwrite(self, guild_id: int | None, payload: builtins.list[dict[str, Any]]
                  ) -> builtins.list[dict[str, Any]]:
        """Bulk overwrite (what `tree.sync` does); ids are kept for commands that stay."""
        _validate(payload)
        old = self.by_scope.get(guild_id, {})
        scope: dict[str, dict[str, Any]] = {}
        for command in payload:
            key = f"{command.get('type', 1)}:{command['name']}"
            previous = old.get(key)
            scope[key] = self._stored(command, guild_id, previous["id"] if previous else None)
        self.by_scope[guild_id] = scope
        self.sync_count += 1
        self.world.touch()
        return list(scope.values())

    def upsert(self, guild_id: int | None, command: dict[str, Any]) -> dict[str, Any]:
        _validate([command])
        scope = self.by_scope.setdefault(guild_id, {})
        key = f"{command.get('type', 1)}:{command['name']}"
        previous = scope.get(key)
        scope[key] = self._stored(command, guild_id, previous["id"] if previous else None)
        self.world.touch()
        return scope[key]

    def delete(self, guild_id: int | None, command_id: str) -> bool:
        scope = self.by_scope.get(guild_id, {})
        for key, command in list(scope.items()):
            if command["id"] == command_id:
                del scope[key]
                self.world.touch()
                return True
        return False

    def _stored(self, command: dict[str, Any], guild_id: int | None, id_: str | None) -> dict:
        stored = {
            "type": 1,
            "description": "",
            "options": [],
            "default_member_permissions": None,
            "nsfw": False,
            **command,
            "id": id_ or str(self.world.ids.next()),
            "application_id": str(self.world.application_id),
            "version": str(self.world.ids.next()),
        }
        if guild_id is not None:
            stored["guild_id"] = str(guild_id)
        return stored

    # -- invocation -------------------------------------------------------------------------

    def find(self, guild_id: int | None, token: str, locale: str) -> dict[str, Any]:
        scopes = ([guild_id] if guild_id else []) + [None]
        for scope in scopes:
            for command in self.list(scope):
                if command.get("type", 1) == 1 and _localized(command, token, locale):
                    return command
        raise UsageError(f"no slash command /{token} is registered here (were commands synced?)")

    def invocation(
        self,
        guild_id: int | None,
        locale: str,
        path: str,
        options: dict[str, Any],
        focused: str | None = None,
        forge: bool = False,
    ) -> dict[str, Any]:
        """Interaction `data` for running `path` (e.g. "citadels new") with `options`. Like
        Discord's clients, values outside an option's choices or range are refused; `forge`
        sends them anyway, as a modified client could."""
        root_token, *tokens = path.strip().lstrip("/").split()
        command = self.find(guild_id, root_token, locale)
        data: dict[str, Any] = {"id": command["id"], "name": command["name"], "type": 1}
        if "guild_id" in command:
            data["guild_id"] = command["guild_id"]
        node, container = command, data
        for token in tokens:
            sub = next(
                (o for o in node.get("options") or []
                 if o["type"] in (SUB_COMMAND, SUB_COMMAND_GROUP) and _localized(o, token, locale)),
                None,
            )
            if sub is None:
                raise UsageError(f"/{path}: no subcommand {token!r}")
            entry: dict[str, Any] = {"type": sub["type"], "name": sub["name"], "options": []}
            container.setdefault("options", []).append(entry)
            node, container = sub, entry
        if any(o["type"] in (SUB_COMMAND, SUB_COMMAND_GROUP) for o in node.get("options") or []):
            raise UsageError(f"/{path} needs a subcommand")
        resolved: dict[str, dict[str, Any]] = {}
        values = self._values(node, locale, options, focused, resolved, path, forge)
        container.setdefault("options", []).extend(values)
        if resolved:
            data["resolved"] = resolved
        return data

    def _values(
        self,
        node: dict[str, Any],
        locale: str,
        given: dict[str, Any],
        focused: str | None,
        resolved: dict[str, dict[str, Any]],
        path: str,
        forge: bool = False,
    ) -> builtins.list[dict[str, Any]]:
        definitions = node.get("options") or []
        out = []
        for name, value in given.items():
            spec = next((d for d in definitions if _localized(d, name, locale)), None)
            if spec is None:
                raise UsageError(f"/{path} has no option {name!r}")
            entry = {"name": spec["name"], "type": spec["type"]}
            if spec["name"] == focused or name == focused:
                entry.update(value=str(value), focused=True)
            else:
                entry["value"] = self._coerce(spec, value, resolved, path, forge)
            out.append(entry)
        if focused is None:
            missing = [
                d["name"] for d in definitions
                if d.get("required") and not any(o["name"] == d["name"] for o in out)
            ]
            if missing:
                raise UsageError(f"/{path} is missing required options {missing}")
        return out

    def _coerce(
        self, spec: dict[str, Any], value: Any, resolved: dict[str, dict[str, Any]], path: str,
        forge: bool = False,
    ) -> Any:
        kind = spec["type"]
        if kind == INTEGER:
            value = int(value)
        elif kind == NUMBER:
            value = float(value)
        elif kind == BOOLEAN:
            value = bool(value)
        elif kind in (USER, MENTIONABLE):
            user = self.world.user(int(value))
            resolved.setdefault("users", {})[str(user.id)] = user.payload()
            value = str(user.id)
        elif kind == CHANNEL:
            channel = self.world.channel(int(value))
            payload = {**channel.payload(self.world.users), "permissions": "0"}
            resolved.setdefault("channels", {})[str(channel.id)] = payload
            value = str(channel.id)
        else:
            value = str(value)
        if forge:
            return value
        choices = spec.get("choices")
        if choices and value not in [c["value"] for c in choices]:
            raise UsageError(f"/{path}: {value!r} is not one of the choices of {spec['name']}")
        low, high = spec.get("min_value"), spec.get("max_value")
        if kind in (INTEGER, NUMBER) and (low is not None and value < low
                                          or high is not None and value > high):
            raise UsageError(f"/{path}: {value!r} is outside {spec['name']}'s range")
        return value
