"""Citadels' actions as short codes, the part of a component's custom_id that names an action
(bot/components.py builds the rest): read from the action types' declarations
(actions_ui.py), `build.manor`, `destroy.p2.manor`, `gy.1`, `dad.manor,temple`...

A custom_id is only a hint (any client can send any custom_id): decoding never trusts it, the
service checks the version and the engine checks legality.
"""

from __future__ import annotations

from cogs.citadels.actions_ui import SPEC

encode = SPEC.encode
decode = SPEC.decode
