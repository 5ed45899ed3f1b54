"""Citadels' declarations (cogs/citadels/actions_ui.py): one for every action type of the
engine, with the texts they name in both languages, a code that reads back as the action
for every action of whole games, and event lines apart from the engine's own."""

from __future__ import annotations

import pytest

from cogs.citadels.actions_ui import SPEC
from cogs.citadels.events import ENGINE_EVENTS, QUIET
from rules import citadels
from rules.citadels.actions import ACTION_TYPES, EXTRA
from tests.render_helpers import LANGS, catalog, play

DARK = citadels.Options(rank1="witch", rank3="wizard", rank4="emperor", rank8="diplomat",
                        rank9="artist", dark_city_districts=True)


def test_every_action_type_of_the_engine_is_declared_once() -> None:
    assert not EXTRA  # no character added outside a test's block
    types = {cls.model_fields["type"].default for cls in ACTION_TYPES}
    assert {d.type for d in SPEC.declared} == types


def test_every_select_names_its_texts_in_both_languages() -> None:
    keys = set()
    for declaration in SPEC.declared:
        if declaration.widget != "button":
            keys.add(SPEC.placeholder(declaration))
        keys |= {f"citadels.panel.narrow.{step.name}" for step in declaration.narrow}
    keys.add("citadels.panel.narrow.page")  # past the narrowing: 25 at a time
    for lang in LANGS:
        assert keys - set(catalog().tables[lang]) == set()


def test_the_event_lines_of_actions_and_of_the_engine_are_apart() -> None:
    assert not set(SPEC.events()) & (set(ENGINE_EVENTS) | QUIET)


@pytest.mark.parametrize(("n", "options"), [(4, None), (6, DARK)])
def test_every_legal_action_reads_back_from_its_code(n: int, options: citadels.Options | None
                                                     ) -> None:
    seen = set()
    for state, _ in play(n, 3, options):
        for seat in citadels.to_act(state):
            for action in citadels.legal_actions(state, seat)[:300]:
                code = SPEC.encode(action)
                assert len(code) <= 80 and citadels.Action.parse(SPEC.decode(code)) == action
                seen.add(action.type)
    assert len(seen) >= 12
