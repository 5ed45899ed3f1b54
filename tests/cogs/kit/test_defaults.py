"""cogs/kit/defaults.py: `/<game> defaults` has the server's settings and `new`'s own
parameters; a stored value is read back through its parameter (`accepts`), and a server's
defaults read as `new` names them, in both languages."""

from __future__ import annotations

from cogs.catan.cog import Catan
from cogs.citadels.cog import Citadels
from cogs.kit import defaults
from cogs.kit.new import PLATFORM, accepts
from tests.render_helpers import catalog


def test_defaults_has_the_settings_and_new_s_own_parameters() -> None:
    names = [s.param.name for s in Citadels.defaults_shapes]
    assert names == ["turn_limit", "pings", "ping_after", "min_games", "preset", "hints",
                     "pictures", "reset", "city_size", "cast", "rank9",
                     "dark_districts"]
    assert not {s.param.name for s in defaults.own(Catan.new_shapes)} & set(PLATFORM)


def test_a_stored_value_is_read_through_its_parameter() -> None:
    shapes = {s.param.name: s for s in Catan.new_shapes + Citadels.new_shapes}
    assert accepts(shapes["points"], 12) and not accepts(shapes["points"], 21)
    assert not accepts(shapes["points"], "12") and not accepts(shapes["points"], True)
    assert accepts(shapes["layout"], "random") and not accepts(shapes["layout"], "hexagonal")
    assert accepts(shapes["city_size"], 7) and not accepts(shapes["city_size"], 6)
    assert accepts(shapes["dark_districts"], False) and not accepts(shapes["dark_districts"], 0)


def test_the_defaults_read_as_new_names_them() -> None:
    given = {"city_size": 8, "rank9": "jester", "dark_districts": True}
    assert defaults.described(given, Citadels.new_shapes, catalog(), "es") == (
        " Opciones por defecto: tamaño_ciudad: 8 (variante); rango9: jester; "
        "distritos_oscuros: sí.")
    assert defaults.described({"rank9": "queen"}, Citadels.new_shapes, catalog(), "en") == (
        " Default options: rank9: Queen.")
    assert defaults.described({}, Citadels.new_shapes, catalog(), "en") == ""
