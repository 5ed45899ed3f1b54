"""The bot: a `commands.Bot` that loads the cogs, localizes and syncs its slash commands."""

from __future__ import annotations

import logging
from collections.abc import Sequence
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.command_sync import SyncedTreeStore, SyncOutcome, sync_commands
from bot.command_translator import CatalogTranslator
from bot.errors import report_error
from bot.i18n import Catalog
from bot.settings import Settings

log = logging.getLogger(__name__)

EXTENSIONS: tuple[str, ...] = ("cogs.citadels",)


class CitadelsTree(app_commands.CommandTree["CitadelsBot"]):
    async def on_error(
        self, interaction: discord.Interaction, error: app_commands.AppCommandError
    ) -> None:
        await report_error(self.client.catalog, interaction, error)


class CitadelsBot(commands.Bot):
    def __init__(
        self,
        settings: Settings,
        *,
        extensions: Sequence[str] = EXTENSIONS,
        force_sync: bool = False,
        **options: Any,
    ) -> None:
        # Slash commands and components need no privileged intents, and fewer intents means
        # less gateway traffic; members are not chunked because the game never lists them.
        super().__init__(
            command_prefix=commands.when_mentioned,
            intents=discord.Intents(guilds=True),
            help_command=None,
            tree_cls=CitadelsTree,
            chunk_guilds_at_startup=False,
            **options,
        )
        self.settings = settings
        self.catalog = Catalog.load(settings.default_language)
        self.initial_extensions = tuple(extensions)
        self.force_sync = force_sync or settings.sync_commands
        self.sync_outcome: SyncOutcome | None = None

    async def setup_hook(self) -> None:
        await self.tree.set_translator(CatalogTranslator(self.catalog))
        for extension in self.initial_extensions:
            await self.load_extension(extension)
        assert self.application_id is not None  # login fetched the application
        self.sync_outcome = await sync_commands(
            self.tree,
            SyncedTreeStore(self.settings.database_path),
            application_id=self.application_id,
            dev_guild_id=self.settings.dev_guild_id,
            force=self.force_sync,
        )

    async def on_ready(self) -> None:
        log.info("Ready as %s (%s) in %d guilds", self.user, self.user.id, len(self.guilds))
