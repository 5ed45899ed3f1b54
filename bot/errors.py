"""The global app-command error handler: tell the user in their language, log with context."""

from __future__ import annotations

import logging

import discord
from discord import app_commands

from bot.i18n import Catalog

log = logging.getLogger(__name__)


def user_message(catalog: Catalog, locale: discord.Locale, error: Exception) -> str:
    if isinstance(error, app_commands.CommandOnCooldown):
        return catalog.text("errors.cooldown", locale, seconds=round(error.retry_after, 1))
    if isinstance(error, app_commands.MissingPermissions | app_commands.BotMissingPermissions):
        return catalog.text("errors.missing_permissions", locale)
    if isinstance(error, app_commands.NoPrivateMessage):
        return catalog.text("errors.guild_only", locale)
    if isinstance(error, app_commands.TransformerError):  # a value no client of ours sends
        return catalog.text("errors.bad_choice", locale)
    if isinstance(error, app_commands.CheckFailure):
        return catalog.text("errors.check_failed", locale)
    return catalog.text("errors.unexpected", locale)


def is_expected(error: Exception) -> bool:
    """User-side refusals (checks, cooldowns) are not bugs and need no traceback."""
    return isinstance(error, app_commands.CheckFailure | app_commands.CommandOnCooldown
                      | app_commands.TransformerError)


async def report_error(
    catalog: Catalog, interaction: discord.Interaction, error: app_commands.AppCommandError
) -> None:
    command = interaction.command.qualified_name if interaction.command else None
    context = (
        f"command={command} interaction={interaction.id} user={interaction.user.id}"
        f" guild={interaction.guild_id} channel={interaction.channel_id}"
    )
    if is_expected(error):
        log.info("Refused app command (%s): %s", type(error).__name__, context)
    else:
        log.error("App command failed: %s", context, exc_info=getattr(error, "original", error))

    text = user_message(catalog, interaction.locale, error)
    try:
        if interaction.response.is_done():
            await interaction.followup.send(text, ephemeral=True)
        else:
            await interaction.response.send_message(text, ephemeral=True)
    except discord.HTTPException:
        # The interaction may have expired; the log above already holds what matters.
        log.warning("Could not tell user %s about the error", interaction.user.id)
