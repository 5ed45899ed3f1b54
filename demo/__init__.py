"""The real bot played on the Discord emulator, outside pytest.

`python -m demo citadels` plays a whole game and prints the channel (`demo/citadels.py`). The
tests and the benchmarks drive the bot with the same machinery, kept here so that neither
imports the other: scripted people (`people.py`; `kills.py`, who play on while the bot process
is killed), the bot and the emulator as processes (`processes.py`), what a store holds
(`stores.py`) and a throw-away PostgreSQL server (`postgres_server.py`).

It may import every layer and the emulator; no production package imports it.
"""
