"""`--out DIR`: what a newcomer opens after a demo. Every picture the bot posted, in order
(tables, boards, panels' pictures, final charts: `0007-table.png`), the channel as the reader
saw it (`channel.txt`) and the host's panels as they opened them (`panels.txt`), each message
naming the pictures it carried."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path

from fakediscord import Emulator

from .scene import Scene, format_message


def write_pictures(emulator: Emulator, folder: Path) -> dict[str, str]:
    """Every file the bot uploaded, numbered in order; attachment id -> the file's name."""
    folder.mkdir(parents=True, exist_ok=True)
    names: dict[str, str] = {}
    for number, (_, attachment) in enumerate(emulator.world.uploads, 1):
        name = f"{number:04d}-{Path(attachment['filename']).name}"
        (folder / name).write_bytes(emulator.world.attachment(int(attachment["id"])))
        names[attachment["id"]] = name
    return names


def write_transcripts(folder: Path, channel: str, scene: Scene, people: Mapping[str, str],
                      pictures: Mapping[str, str]) -> None:
    """The channel's printout, and the host's panels in the order they were shown."""
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "channel.txt").write_text(channel + "\n", encoding="utf-8")
    panels = [format_message(i, panel, 0, people, pictures).replace("── message", "── panel", 1)
              for i, panel in enumerate(scene.panels, 1)]
    (folder / "panels.txt").write_text("\n\n".join(panels) + "\n", encoding="utf-8")
