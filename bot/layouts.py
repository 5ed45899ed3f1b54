"""A panel as Discord's layout components (components v2): a game's own layout (a panel that
needs more than five rows of buttons, Catan's trade builder), or a classic panel (an embed and
its rows) drawn as one, for a message that already is a layout (Discord never takes the v2 flag
off a message, so a panel that was a layout stays one when it is redrawn).

A v2 message has no content and no embeds: the text goes in text displays (at most 4000
characters over the message), the embed's picture in a media gallery, and at most 40
components are counted, nested ones included.
"""

from __future__ import annotations

from itertools import groupby
from typing import Any

import discord

TEXT_MAX = 4000  # characters over all of a message's text displays
COMPONENTS_MAX = 40


def text_of(embed: discord.Embed) -> str:
    """An embed as markdown: its title as a heading, its description, each field's name in
    bold over its value, its footer in small print."""
    parts = [f"### {embed.title}"] if embed.title else []
    if embed.description:
        parts.append(embed.description)
    for field in embed.fields:
        parts.append(f"**{field.name}**\n{field.value}")
    if embed.footer and embed.footer.text:
        parts.append(f"-# {embed.footer.text}")
    return "\n".join(parts)


def clipped(text: str, room: int) -> str:
    return text if len(text) <= room else text[:max(0, room - 1)] + "…"


def as_layout(embed: discord.Embed, view: discord.ui.View | None, content: str | None = None
              ) -> discord.ui.LayoutView:
    """A classic panel drawn as a layout: `content` above, then one container of the embed's
    text, its picture (the attachment it names) and the view's rows, in their order."""
    room = TEXT_MAX - len(content or "")
    container: discord.ui.Container[Any] = discord.ui.Container(
        discord.ui.TextDisplay(clipped(text_of(embed), room)), accent_colour=embed.colour)
    if embed.image and embed.image.url:
        container.add_item(discord.ui.MediaGallery(discord.MediaGalleryItem(embed.image.url)))
    if view is not None:
        children = sorted(view.children, key=_row)
        for _, row in groupby(children, key=_row):
            container.add_item(discord.ui.ActionRow(*row))
    return stopped(_with_content([container], content))


def with_content(layout: discord.ui.LayoutView, content: str | None) -> discord.ui.LayoutView:
    """A game's layout with `content` (a refusal, "this panel was out of date") above it."""
    if not content:
        return layout
    return stopped(_with_content(list(layout.children), content))


def _with_content(items: list[discord.ui.Item[Any]], content: str | None
                  ) -> discord.ui.LayoutView:
    layout = discord.ui.LayoutView(timeout=None)
    if content:
        layout.add_item(discord.ui.TextDisplay(clipped(content, TEXT_MAX // 4)))
    for item in items:
        layout.add_item(item)
    return layout


def _row(item: discord.ui.Item[Any]) -> int:
    return int(getattr(item, "_rendered_row", None) or item.row or 0)


def stopped(layout: discord.ui.LayoutView) -> discord.ui.LayoutView:
    """`layout`, stopped so discord.py does not keep it (bot/components.unstored: its
    components are answered by the dynamic items registered at start-up)."""
    layout.stop()
    return layout


def message(embed: discord.Embed, view: discord.ui.View | discord.ui.LayoutView | None,
            content: str | None, *, v2: bool) -> dict[str, Any]:
    """The arguments that send, or edit a message into, a panel with `content` above it: an
    embed and its rows, or (for a layout, or a message that is one already) a layout alone."""
    if isinstance(view, discord.ui.LayoutView):
        return {"content": None, "embed": None, "view": with_content(view, content)}
    if v2:
        return {"content": None, "embed": None, "view": as_layout(embed, view, content)}
    return {"content": content, "embed": embed, "view": view}


def note(content: str | None, *, v2: bool) -> dict[str, Any]:
    """The arguments that leave a line alone on a message (a layout: in a text display)."""
    if not v2:
        return {"content": content}
    return {"content": None, "embed": None, "attachments": [],
            "view": stopped(_with_content([], content or "…"))}
