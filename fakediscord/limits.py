"""Discord's limits on message and modal payloads; a violation is a 400 the bot must avoid."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from fakediscord.errors import ApiError, invalid_form
from fakediscord.models import COMPONENTS_V2

CONTENT_MAX = 2000
EMBEDS_MAX = 10
EMBED_TOTAL_MAX = 6000
EMBED_FIELDS_MAX = 25
V2_COMPONENTS_MAX = 40
V2_TEXT_MAX = 4000
CUSTOM_ID_MAX = 100
ROWS_MAX = 5
BUTTONS_PER_ROW = 5
SELECT_OPTIONS_MAX = 25
MODAL_TITLE_MAX = 45
MODAL_COMPONENTS_MAX = 5

ACTION_ROW, BUTTON, STRING_SELECT, TEXT_INPUT = 1, 2, 3, 4
SELECTS = (3, 5, 6, 7, 8)
SECTION, TEXT_DISPLAY, THUMBNAIL, MEDIA_GALLERY, FILE, SEPARATOR, CONTAINER = (
    9, 10, 11, 12, 13, 14, 17)
# Components v2: what a message's top level and a container may hold (Discord's layout docs).
V2_TOP = (ACTION_ROW, SECTION, TEXT_DISPLAY, MEDIA_GALLERY, FILE, SEPARATOR, CONTAINER)
V2_IN_CONTAINER = (ACTION_ROW, SECTION, TEXT_DISPLAY, MEDIA_GALLERY, FILE, SEPARATOR)
SECTION_TEXTS_MAX = 3
GALLERY_ITEMS_MAX = 10
LINK_STYLE, PREMIUM_STYLE = 5, 6

Problems = list[tuple[str, str]]


def walk(components: list[dict[str, Any]], path: str = "components") -> Iterator[tuple[str, dict]]:
    """Every component with its form path, nested ones included (rows, sections, containers)."""
    for index, component in enumerate(components or []):
        here = f"{path}.{index}"
        yield here, component
        yield from walk(component.get("components", []), f"{here}.components")
        for key in ("accessory", "component"):
            if isinstance(component.get(key), dict):
                yield f"{here}.{key}", component[key]
                yield from walk(component[key].get("components", []), f"{here}.{key}.components")


def _too_long(problems: Problems, path: str, value: object, limit: int) -> None:
    if isinstance(value, str) and len(value) > limit:
        problems.append((path, f"Must be {limit} or fewer in length."))


def _check_embeds(embeds: list[dict[str, Any]], problems: Problems) -> None:
    if len(embeds) > EMBEDS_MAX:
        problems.append(("embeds", f"Must be {EMBEDS_MAX} or fewer in length."))
    total = 0
    for i, embed in enumerate(embeds):
        texts = [
            ("title", embed.get("title"), 256),
            ("description", embed.get("description"), 4096),
            ("footer.text", (embed.get("footer") or {}).get("text"), 2048),
            ("author.name", (embed.get("author") or {}).get("name"), 256),
        ]
        fields = embed.get("fields") or []
        if len(fields) > EMBED_FIELDS_MAX:
            problems.append((f"embeds.{i}.fields", "Must be 25 or fewer in length."))
        for j, f in enumerate(fields):
            texts.append((f"fields.{j}.name", f.get("name"), 256))
            texts.append((f"fields.{j}.value", f.get("value"), 1024))
        for name, text, limit in texts:
            _too_long(problems, f"embeds.{i}.{name}", text, limit)
            total += len(text or "")
    if total > EMBED_TOTAL_MAX:
        problems.append(("embeds", f"Embed size exceeds maximum size of {EMBED_TOTAL_MAX}"))


def _check_interactive(path: str, component: dict[str, Any], problems: Problems) -> None:
    kind = component.get("type")
    if kind == BUTTON:
        _too_long(problems, f"{path}.label", component.get("label"), 80)
        if component.get("style") in (LINK_STYLE, PREMIUM_STYLE):
            return
    if kind in (BUTTON, TEXT_INPUT, *SELECTS):
        custom_id = component.get("custom_id")
        if not custom_id:
            problems.append((f"{path}.custom_id", "This field is required"))
        else:
            _too_long(problems, f"{path}.custom_id", custom_id, CUSTOM_ID_MAX)
    if kind in SELECTS:
        _too_long(problems, f"{path}.placeholder", component.get("placeholder"), 150)
        for key in ("min_values", "max_values"):
            if not 0 <= int(component.get(key, 1)) <= SELECT_OPTIONS_MAX:
                problems.append((f"{path}.{key}", "Must be between 0 and 25."))
    if kind == STRING_SELECT:
        options = component.get("options") or []
        if not 1 <= len(options) <= SELECT_OPTIONS_MAX:
            problems.append((f"{path}.options", "Must be between 1 and 25 in length."))
        for j, option in enumerate(options):
            for key in ("label", "value", "description"):
                _too_long(problems, f"{path}.options.{j}.{key}", option.get(key), 100)


def _check_rows(components: list[dict[str, Any]], problems: Problems) -> None:
    """Classic messages: only action rows at the top, 5 of them, 5 buttons or 1 select each."""
    if len(components) > ROWS_MAX:
        problems.append(("components", f"Must be {ROWS_MAX} or fewer in length."))
    for i, row in enumerate(components):
        if row.get("type") != ACTION_ROW:
            problems.append((f"components.{i}", "Only action rows are allowed without V2."))
            continue
        _check_row(f"components.{i}", row, problems)


def _check_row(path: str, row: dict[str, Any], problems: Problems) -> None:
    """An action row: 1 to 5 buttons, or one select alone."""
    children = row.get("components") or []
    kinds = {c.get("type") for c in children}
    if kinds & set(SELECTS) and len(children) > 1:
        problems.append((f"{path}.components", "A select must be alone in its row."))
    if not 1 <= len(children) <= BUTTONS_PER_ROW:
        problems.append((f"{path}.components", "Must be between 1 and 5 in length."))
    if not kinds <= {BUTTON, *SELECTS}:
        problems.append((f"{path}.components", "An action row holds buttons or a select."))


def _check_layout(components: list[dict[str, Any]], problems: Problems) -> None:
    """Components v2: layout components at the top, a container's children of the kinds it
    may hold, sections of 1 to 3 text displays with an accessory, galleries of 1 to 10."""
    for i, component in enumerate(components):
        if component.get("type") not in V2_TOP:
            problems.append((f"components.{i}", "This component cannot be at the top level."))
        if component.get("type") == CONTAINER:
            for j, child in enumerate(component.get("components") or []):
                if child.get("type") not in V2_IN_CONTAINER:
                    problems.append((f"components.{i}.components.{j}",
                                     "A container cannot hold this component."))
    for path, component in walk(components):
        kind = component.get("type")
        if kind == ACTION_ROW:
            _check_row(path, component, problems)
        elif kind == SECTION:
            texts = component.get("components") or []
            if not 1 <= len(texts) <= SECTION_TEXTS_MAX or any(
                    t.get("type") != TEXT_DISPLAY for t in texts):
                problems.append((f"{path}.components", "A section holds 1 to 3 text displays."))
            if (component.get("accessory") or {}).get("type") not in (BUTTON, THUMBNAIL):
                problems.append((f"{path}.accessory", "This field is required"))
        elif kind == MEDIA_GALLERY and not 1 <= len(component.get("items") or []
                                                     ) <= GALLERY_ITEMS_MAX:
            problems.append((f"{path}.items", "Must be between 1 and 10 in length."))


def _check_components(components: list[dict[str, Any]], v2: bool, problems: Problems) -> None:
    custom_ids: set[str] = set()
    count = 0
    text = 0
    for path, component in walk(components):
        count += 1
        if component.get("type") == TEXT_DISPLAY:
            text += len(component.get("content") or "")
        _check_interactive(path, component, problems)
        custom_id = component.get("custom_id")
        if custom_id is not None:
            if custom_id in custom_ids:
                problems.append((f"{path}.custom_id", "Component custom id cannot be duplicated"))
            custom_ids.add(custom_id)
    if v2:
        _check_layout(components, problems)
        if count > V2_COMPONENTS_MAX:
            problems.append(("components", f"Must be {V2_COMPONENTS_MAX} or fewer in total."))
        if text > V2_TEXT_MAX:
            problems.append(("components", f"Text displays exceed {V2_TEXT_MAX} characters."))
    else:
        _check_rows(components, problems)


def check_message(message: dict[str, Any], *, was_v2: bool = False) -> None:
    """Validate a message as it will stand (after an edit is merged in). Raises ApiError."""
    problems: Problems = []
    v2 = bool(int(message.get("flags") or 0) & COMPONENTS_V2)
    if was_v2 and not v2:
        problems.append(("flags", "The components V2 flag cannot be removed."))
    content = message.get("content") or ""
    embeds = message.get("embeds") or []
    components = message.get("components") or []
    if v2 and (content or embeds):
        problems.append(("content", "Content and embeds cannot be used with the V2 flag."))
    _too_long(problems, "content", content, CONTENT_MAX)
    _check_embeds(embeds, problems)
    _check_components(components, v2, problems)
    if problems:
        raise invalid_form(problems)
    if not (content or embeds or components or message.get("attachments")):
        raise ApiError(400, 50006, "Cannot send an empty message")


def check_modal(modal: dict[str, Any]) -> None:
    problems: Problems = []
    _too_long(problems, "data.title", modal.get("title"), MODAL_TITLE_MAX)
    if not modal.get("custom_id"):
        problems.append(("data.custom_id", "This field is required"))
    _too_long(problems, "data.custom_id", modal.get("custom_id"), CUSTOM_ID_MAX)
    components = modal.get("components") or []
    if not 1 <= len(components) <= MODAL_COMPONENTS_MAX:
        problems.append(("data.components", "Must be between 1 and 5 in length."))
    for path, component in walk(components, "data.components"):
        _check_interactive(path, component, problems)
        if component.get("type") == TEXT_INPUT:
            _too_long(problems, f"{path}.label", component.get("label"), 45)
    if problems:
        raise invalid_form(problems)


def check_choices(choices: list[dict[str, Any]]) -> None:
    if len(choices) > SELECT_OPTIONS_MAX:
        raise invalid_form([("data.choices", "Must be 25 or fewer in length.")])
