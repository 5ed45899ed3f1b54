"""File uploads as Discord takes them: a multipart body with `payload_json` and `files[n]`.

Every route that creates or edits a message accepts one (channel messages, interaction
responses, follow-ups, webhook edits). A new file is named in the payload's `attachments` by
its part number (`{"id": 0, "filename": ...}`); an attachment kept from the message being
edited is named by its own id. Files the payload does not name are attached too, as Discord
does. Over the size limit: 413 with code 40005, as Discord answers.
"""

from __future__ import annotations

import json
import re
import struct
from dataclasses import dataclass
from typing import Any

from aiohttp import BodyPartReader, web

from fakediscord.errors import ApiError, invalid_form

MAX_ATTACHMENTS = 10  # files on one message
FILE_PART = re.compile(r"files\[(\d+)\]$")
PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


@dataclass(frozen=True)
class Upload:
    """A file sent with a request, before the world gives it an attachment id."""

    filename: str
    content_type: str
    data: bytes

    def image_size(self) -> tuple[int, int] | None:
        """(width, height) of a PNG (Discord reports them for images), else None."""
        if self.data[:8] != PNG_SIGNATURE or len(self.data) < 24:
            return None
        width, height = struct.unpack(">II", self.data[16:24])
        return int(width), int(height)


def too_large(limit: int) -> ApiError:
    return ApiError(413, 40005, f"Request entity too large (files over {limit} bytes)")


async def read_multipart(request: web.Request, limit: int) -> dict[str, Any]:
    """The JSON payload with each uploaded file put in its attachment entry as `upload`."""
    payload: dict[str, Any] = {}
    files: dict[int, Upload] = {}
    reader = await request.multipart()
    while (part := await reader.next()) is not None:
        if not isinstance(part, BodyPartReader):
            continue
        match = FILE_PART.match(part.name or "")
        if part.name == "payload_json":
            payload = json.loads(await part.text() or "{}")
        elif match:
            data = await _read_limited(part, limit)
            files[int(match.group(1))] = Upload(
                part.filename or "file",
                part.headers.get("Content-Type", "application/octet-stream"), data)
    _attach(payload, files)
    return payload


async def _read_limited(part: BodyPartReader, limit: int) -> bytes:
    chunks, size = [], 0
    while chunk := await part.read_chunk():
        size += len(chunk)
        if size > limit:
            raise too_large(limit)
        chunks.append(chunk)
    return b"".join(chunks)


def _attach(payload: dict[str, Any], files: dict[int, Upload]) -> None:
    """Put each file in the attachment entry naming its part (an interaction callback's
    message is its `data`); files no entry names are added at the end."""
    holder = payload.get("data") if isinstance(payload.get("data"), dict) else payload
    assert isinstance(holder, dict)
    if not files:
        return
    entries = [dict(a) for a in holder.get("attachments") or []]
    for entry in entries:
        number = _part_number(entry.get("id"))
        if number is not None and number in files:
            upload = files.pop(number)
            entry["upload"] = upload
            entry.setdefault("filename", upload.filename)
    for upload in files.values():
        entries.append({"filename": upload.filename, "upload": upload})
    holder["attachments"] = entries


def _part_number(value: Any) -> int | None:
    """A new file's id is its part number (small); a kept attachment's is a snowflake."""
    try:
        number = int(value)
    except (TypeError, ValueError):
        return None
    return number if 0 <= number < 1 << 16 else None


def check_count(attachments: list[Any]) -> None:
    if len(attachments) > MAX_ATTACHMENTS:
        raise invalid_form([("attachments", f"Must be {MAX_ATTACHMENTS} or fewer in length.")])


def has_uploads(payload: dict[str, Any]) -> bool:
    holder = payload.get("data") if isinstance(payload.get("data"), dict) else payload
    return any("upload" in a for a in (holder or {}).get("attachments") or [])
