"""The vendored excerpt of the rules document (data/rules_excerpt.md) that the board tests read."""

from __future__ import annotations

from . import rules_doc


def test_excerpt_is_the_document_or_holds_every_table() -> None:
    document = rules_doc.shared_document()
    if document is not None:
        assert rules_doc.vendored() == rules_doc.excerpt_of(document)
        return
    # A bare clone: the excerpt must still hold every row the board tests compare with.
    assert len(rules_doc.hex_corners()) == 19
    assert len(rules_doc.intersections()) == 54
    assert len(rules_doc.edges()) == 72
    assert len(rules_doc.coast()) == 30
    assert len(rules_doc.harbour_positions()) == 9
    assert len(rules_doc.harbours()) == 9
    assert len(rules_doc.beginner()) == 19
    assert [len(ring) for ring in rules_doc.spiral_rings()] == [12, 6]
    assert len(rules_doc.t03_spiral()) == 18


def test_excerpt_first_line_names_its_source() -> None:
    first = rules_doc.EXCERPT.read_text(encoding="utf-8").split("\n", 1)[0]
    assert "catan-cities-knights.md" in first
