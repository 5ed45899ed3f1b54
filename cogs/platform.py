"""The platform's discord.py extension: the cog that answers every game's components and lobby.

Only this small module is the extension: discord.py forgets an extension's modules when it
unloads it, and `cogs.game` must stay the module the games' cogs imported.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from cogs.game import GameCog
from cogs.history import HistoryCog

if TYPE_CHECKING:
    from bot.client import GameBot


async def setup(bot: GameBot) -> None:
    await bot.add_cog(GameCog(bot))
    await bot.add_cog(HistoryCog(bot))
