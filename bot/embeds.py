"""Discord's embed limits, and helpers that keep every embed we build inside them."""

from __future__ import annotations

import discord

TITLE = 256
DESCRIPTION = 4096
FIELDS = 25
FIELD_NAME = 256
FIELD_VALUE = 1024
TOTAL = 6000
LABEL = 80        # button label, select option label
OPTION_DESCRIPTION = 100


def size(text: str) -> int:
    """Length as Discord may count it: UTF-16 code units (never less than code points)."""
    return len(text.encode("utf-16-le")) // 2


def clip(text: str, limit: int) -> str:
    """`text` cut to `limit` (UTF-16 units), ending with an ellipsis when cut."""
    if size(text) <= limit:
        return text
    out: list[str] = []
    used = 0
    for ch in text:
        used += 2 if ord(ch) > 0xFFFF else 1
        if used > limit - 1:
            break
        out.append(ch)
    return "".join(out).rstrip() + "…"


def embed_size(embed: discord.Embed) -> int:
    """The total Discord checks against 6000: title, description, fields, footer, author."""
    parts = [embed.title or "", embed.description or "", embed.footer.text or "",
             embed.author.name or ""]
    for field in embed.fields:
        parts += [field.name or "", field.value or ""]
    return sum(size(p) for p in parts)


def add_lines(embed: discord.Embed, name: str, lines: list[str], *, more: str = "…",
              inline: bool = False) -> None:
    """Add `lines` as one field, or as several fields of whole lines when they exceed 1024."""
    chunk: list[str] = []
    used = 0
    first = True
    for line in lines:
        line = clip(line, FIELD_VALUE)
        if chunk and used + size(line) + 1 > FIELD_VALUE:
            if not _add(embed, name if first else "\u200b", chunk, inline):
                return
            first, chunk, used = False, [], 0
        chunk.append(line)
        used += size(line) + 1
    if chunk:
        _add(embed, name if first else "\u200b", chunk, inline)
    elif first:
        _add(embed, name, [more], inline)


def _add(embed: discord.Embed, name: str, lines: list[str], inline: bool) -> bool:
    if len(embed.fields) >= FIELDS:
        return False
    embed.add_field(name=clip(name, FIELD_NAME), value="\n".join(lines), inline=inline)
    return True


def fit(embed: discord.Embed) -> discord.Embed:
    """Last guard: trim the longest field (or the description) until the total fits."""
    if embed.title:
        embed.title = clip(embed.title, TITLE)
    if embed.description:
        embed.description = clip(embed.description, DESCRIPTION)
    for _ in range(FIELDS + 1):
        over = embed_size(embed) - TOTAL
        if over <= 0:
            break
        fields = list(embed.fields)
        longest = max(range(len(fields)), key=lambda i: size(fields[i].value or ""), default=None)
        desc = size(embed.description or "")
        if longest is None or desc > size(fields[longest].value or ""):
            embed.description = clip(embed.description or "", max(1, desc - over))
            continue
        field = fields[longest]
        value = clip(field.value or "", max(1, size(field.value or "") - over))
        embed.set_field_at(longest, name=field.name, value=value, inline=field.inline)
    return embed
