"""Discord's embed limits, and helpers that keep every embed we build inside them."""

from __future__ import annotations

import re
import unicodedata

import discord

TITLE = 256
DESCRIPTION = 4096
FIELDS = 25
FIELD_NAME = 256
FIELD_VALUE = 1024
TOTAL = 6000
LABEL = 80        # button label, select option label
OPTION_DESCRIPTION = 100
PHONE = 40        # columns of a line that reads unbroken on a phone
_JOINED = (0x200D,)                       # zero-width joiner: the next mark joins this one
_EMOJI_STYLE = 0xFE0F                     # variation selector 16: the mark before as an emoji
_NARROW_BELOW = 0x300  # below the combining marks: one column each, but the soft hyphen
_SOFT_HYPHEN = 0xAD     # a format character (Cf): it shows nothing
_ESCAPED = re.compile(r"\\([*_~`|>\\:])")  # markdown's escapes show the character alone
_WORDS = re.compile(r"\S*\*\*.+?\*\*\S*|\S+")  # a **bold** span is one word


def size(text: str) -> int:
    """Length as Discord may count it: UTF-16 code units (never less than code points)."""
    if text.isascii():  # most lines: one unit a character, without encoding them
        return len(text)
    return len(text.encode("utf-16-le")) // 2


def width(text: str) -> int:
    """Columns `text` takes as this project counts a line on a phone: an emoji (a wide
    character, a mark made an emoji by U+FE0F, a sequence joined by U+200D) counts two, every
    other character one, markdown's `**`, its escapes' backslashes and invisible marks
    nothing."""
    shown = _ESCAPED.sub(r"\1", text.replace("**", "")) if "*" in text or "\\" in text \
        else text
    if shown.isascii():
        return len(shown)  # every ASCII character one column (the tables' lines: wrap asks often)
    total = 0
    last = 0  # the width of the last mark counted
    joined = False
    for ch in shown:
        code = ord(ch)
        if code < _NARROW_BELOW and code != _SOFT_HYPHEN and not joined:
            last = 1  # Latin letters and punctuation, the most of any line, without a lookup
            total += 1
        elif code in _JOINED:
            joined = True
        elif code == _EMOJI_STYLE:
            total += 2 - last if last == 1 else 0
            last = 2
        elif unicodedata.category(ch) in ("Mn", "Me", "Cf") or 0x1F3FB <= code <= 0x1F3FF:
            continue  # combining marks, controls, skin tones: part of the mark before
        elif joined:
            joined = False
        else:
            last = 2 if unicodedata.east_asian_width(ch) in ("W", "F") else 1
            total += last
    return total


def cut(text: str, columns: int) -> str:
    """`text` cut to `columns` (`width`), ending with an ellipsis when cut."""
    if width(text) <= columns:
        return text
    out = ""
    for ch in text:
        if width(out + ch) > columns - 1:
            break
        out += ch
    return out.rstrip() + "…"


def wrap(text: str, limit: int = PHONE, indent: str = "  ") -> list[str]:
    """`text` in lines of at most `limit` columns (`width`), broken between words, the lines
    after the first indented; a word longer than a line stays whole."""
    lines: list[str] = []
    line = ""
    for word in _WORDS.findall(text):
        joined = f"{line} {word}" if line else (indent if lines else "") + word
        if line and width(joined) > limit:
            lines.append(line)
            line = indent + word
        else:
            line = joined
    return [*lines, line] if line or not lines else lines


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
