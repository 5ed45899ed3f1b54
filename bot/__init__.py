"""The Discord platform that hosts the games: client, settings, storage, service, publishing."""
