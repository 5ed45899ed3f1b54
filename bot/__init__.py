"""The Discord client of the Citadels bot: settings, translations, command sync, start-up."""
