"""The tables of docs/rules/catan-cities-knights.md that the board tests read are all there."""

from __future__ import annotations

from . import rules_doc


def test_the_document_holds_every_table() -> None:
    assert len(rules_doc.hex_corners()) == 19
    assert len(rules_doc.intersections()) == 54
    assert len(rules_doc.edges()) == 72
    assert len(rules_doc.coast()) == 30
    assert len(rules_doc.harbour_positions()) == 9
    assert len(rules_doc.harbours()) == 9
    assert len(rules_doc.beginner()) == 19
    assert [len(ring) for ring in rules_doc.spiral_rings()] == [12, 6]
    assert len(rules_doc.t03_spiral()) == 18
