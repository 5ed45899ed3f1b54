"""A small discord.py bot that exercises each emulator feature the way a real bot would."""

from __future__ import annotations

import asyncio
import io
import struct
import zlib
from typing import cast

import discord
from discord import app_commands


def png(width: int, height: int) -> bytes:
    """A tiny valid grey PNG of the given size (no drawing library needed)."""
    def chunk(kind: bytes, data: bytes) -> bytes:
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body))

    rows = b"".join(b"\x00" + b"\x80" * width for _ in range(height))
    header = struct.pack(">IIBBBBB", width, height, 8, 0, 0, 0, 0)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(rows))
            + chunk(b"IEND", b""))


class Panel(discord.ui.View):
    def __init__(self) -> None:
        super().__init__(timeout=None)

    @discord.ui.button(label="Join", custom_id="probe:join", style=discord.ButtonStyle.primary)
    async def join(self, interaction: discord.Interaction, button: discord.ui.Button) -> None:
        await interaction.response.edit_message(content=f"joined by {interaction.user.name}")

    @discord.ui.button(label="Secret", custom_id="probe:secret")
    async def secret(self, interaction: discord.Interaction, button: discord.ui.Button) -> None:
        await interaction.response.defer()
        await interaction.followup.send(f"only for {interaction.user.name}", ephemeral=True)

    @discord.ui.button(label="Ask", custom_id="probe:ask")
    async def ask(self, interaction: discord.Interaction, button: discord.ui.Button) -> None:
        await interaction.response.send_modal(NameModal())

    @discord.ui.select(
        custom_id="probe:pick",
        placeholder="Pick",
        options=[discord.SelectOption(label=x.upper(), value=x) for x in ("a", "b", "c")],
        max_values=2,
    )
    async def pick(self, interaction: discord.Interaction, select: discord.ui.Select) -> None:
        await interaction.response.send_message(f"chose {','.join(select.values)}", ephemeral=True)


class NameModal(discord.ui.Modal, title="Your name"):
    name: discord.ui.TextInput[NameModal] = discord.ui.TextInput(
        label="Name", custom_id="probe:name", max_length=20)

    async def on_submit(self, interaction: discord.Interaction) -> None:
        await interaction.response.edit_message(content=f"named {self.name.value}")


class V2Panel(discord.ui.LayoutView):
    def __init__(self) -> None:
        super().__init__(timeout=None)
        row: discord.ui.ActionRow[V2Panel] = discord.ui.ActionRow()
        row.add_item(discord.ui.Button(label="Go", custom_id="probe:v2go"))
        self.add_item(discord.ui.Container(discord.ui.TextDisplay("Round 1: the King"), row))


class Probe(discord.Client):
    def __init__(self) -> None:
        super().__init__(intents=discord.Intents(guilds=True), guild_ready_timeout=0.05)
        self.tree = app_commands.CommandTree(self)
        self.release = asyncio.Event()
        self.errors: list[Exception] = []
        self.tree.on_error = self._on_error  # type: ignore[method-assign]
        self.tree.add_command(self._commands())

    async def setup_hook(self) -> None:
        self.add_view(Panel())
        await self.tree.sync()

    async def before_identify_hook(self, shard_id: int | None, *, initial: bool = False) -> None:
        # discord.py sleeps 5 s before re-identifying (Discord's identify rate); tests need not.
        return None

    async def _on_error(self, interaction: discord.Interaction, error: Exception) -> None:
        self.errors.append(getattr(error, "original", error))

    def _commands(self) -> app_commands.Group:
        group = app_commands.Group(name="probe", description="Emulator probes")

        @group.command(description="Say something")
        async def say(interaction: discord.Interaction, text: str, ephemeral: bool = False) -> None:
            await interaction.response.send_message(text, ephemeral=ephemeral)

        @group.command(description="Think, then answer once released")
        async def think(interaction: discord.Interaction) -> None:
            await interaction.response.defer(thinking=True, ephemeral=True)
            await self.release.wait()
            await interaction.followup.send("thought")

        @group.command(description="Answer once released")
        async def slow(interaction: discord.Interaction) -> None:
            await self.release.wait()
            await interaction.response.send_message("late")

        @group.command(description="Never answer")
        async def ignore(interaction: discord.Interaction) -> None:
            return None

        @group.command(description="A panel of components")
        async def panel(interaction: discord.Interaction) -> None:
            await interaction.response.send_message("panel", view=Panel())

        @group.command(description="A components V2 panel")
        async def v2(interaction: discord.Interaction) -> None:
            await interaction.response.send_message(view=V2Panel())

        @group.command(description="Ping a user in a new message")
        async def ping(interaction: discord.Interaction, user: discord.User) -> None:
            await interaction.response.send_message("ok", ephemeral=True)
            channel = cast(discord.TextChannel, interaction.channel)
            message = await channel.send(f"{user.mention}, your turn")
            await message.edit(content=f"{user.mention}, your turn (edited)")

        @group.command(description="DM a user")
        async def dm(interaction: discord.Interaction, user: discord.User) -> None:
            try:
                await user.send("psst")
            except discord.Forbidden as error:
                await interaction.response.send_message(f"closed {error.code}", ephemeral=True)
            else:
                await interaction.response.send_message("sent", ephemeral=True)

        @group.command(description="Open a thread")
        async def thread(interaction: discord.Interaction, name: str) -> None:
            await interaction.response.defer(ephemeral=True)
            created = await cast(discord.TextChannel, interaction.channel).create_thread(
                name=name, type=discord.ChannelType.public_thread
            )
            await created.send("welcome to the thread")
            await interaction.edit_original_response(content=f"thread {created.id}")

        @group.command(description="Answer with a picture, then another in a follow-up")
        async def picture(interaction: discord.Interaction) -> None:
            embed = discord.Embed(title="table").set_image(url="attachment://table.png")
            await interaction.response.send_message(
                embed=embed, file=discord.File(io.BytesIO(png(3, 2)), "table.png"))
            await interaction.followup.send(file=discord.File(io.BytesIO(png(5, 4)), "more.png"),
                                            ephemeral=True)

        @group.command(description="Pick a character")
        async def character(interaction: discord.Interaction, name: str) -> None:
            await interaction.response.send_message(name)

        @character.autocomplete("name")
        async def character_names(
            interaction: discord.Interaction, current: str
        ) -> list[app_commands.Choice[str]]:
            names = ["Assassin", "Thief", "Magician", "King"]
            return [app_commands.Choice(name=n, value=n) for n in names if current in n]

        return group
