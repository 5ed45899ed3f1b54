"""The real bot played on the Discord emulator, outside pytest.

`python -m demo <game>` plays a whole game of any registered game and prints the channel
(`play.py` does what every game's demo shares, `scene.py` the scene, the command line and the
printout, `out.py` what `--out DIR` writes; `citadels.py`, `catan.py` and `cities.py` how their
host clicks their way to a decision). The tests and the benchmarks drive the bot with the same
machinery, kept here so that neither imports the other: scripted people (`people.py`;
`kills.py`, who play on while the bot process is killed), the bot and the emulator as processes
(`processes.py`), what a store holds (`stores.py`) and a throw-away PostgreSQL server
(`postgres_server.py`).

It may import every layer and the emulator; no production package imports it.
"""
