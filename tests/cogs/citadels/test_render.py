"""The renderer over whole random games: Discord's limits, both languages, and no leaks."""

from __future__ import annotations

import random
import re

import pytest

from cogs.citadels.events import event_line
from cogs.citadels.labels import action_description, action_label
from cogs.citadels.panel import panel_embed
from cogs.citadels.table import final_embed, scores_from_view, table_embed
from cogs.citadels.table import ranking as table_ranking
from cogs.citadels.texts import district_tag, seat_name
from rules import citadels
from rules.citadels import cast
from rules.citadels.scoring import decide_winner
from tests.render_helpers import (
    LANGS,
    assert_no_leak,
    catalog,
    check_embed,
    embed_text,
    event_names,
    play,
    private_names,
    public_names,
    seats,
)

DARK_CITY = citadels.Options(
    rank1="witch", rank2="tax_collector", rank3="wizard", rank4="emperor", rank5="abbot",
    rank6="alchemist", rank7="navigator", rank8="diplomat", rank9="queen")
RANDOM_MIX = citadels.Options(**cast.preset("random", "artist", random.Random(3).choice))
# Classic games at 2-7 players; Dark City ones (the Queen at 5+, a mix with the Artist below).
GAMES = [(n, 1, None) for n in range(2, 8)] + [
    (n, 2, DARK_CITY if n >= 5 else RANDOM_MIX) for n in range(3, 9)]
LOG = 6


@pytest.mark.parametrize(("n", "seed", "options"), GAMES)
def test_tables_and_panels_of_whole_games(n: int, seed: int, options: citadels.Options | None):
    cat, table_seats = catalog(), seats(n)
    log: list[dict] = []
    steps = 0
    for step, (state, events) in enumerate(play(n, seed, options)):
        lang = LANGS[step % 2]
        public = [e.visible_to(None) for e in events]
        log = (log + public)[-3 * LOG:]
        for e in public:
            line = event_line(e, table_seats, cat, lang)
            if line is not None:
                assert line.strip()
                assert_no_leak(line, lang, event_names(e))
        table_view = citadels.view(state, None)
        table = table_embed(table_view, table_seats, log, cat, lang)
        check_embed(table)
        allowed = public_names(table_view) | set().union(*(event_names(e) for e in log))
        assert_no_leak(embed_text(table), lang, allowed)
        # The panels of whoever acts next and, every other step, of one more seat in turn:
        # every seat's panel is checked all game long, at a cost that does not grow with the
        # square of the seats.
        acting = set(citadels.to_act(state)) | ({state.players[step // 2 % n].id}
                                                 if step % 2 else set())
        for p in (p for p in state.players if p.id in acting):
            seen = citadels.view(state, p.id)
            legal = citadels.legal_actions(state, p.id)
            notes = [line for e in events
                     if (line := event_line(e.visible_to(p.id), table_seats, cat, lang))]
            panel = panel_embed(seen, table_seats, cat, lang, legal=legal, notes=notes)
            check_embed(panel)
            mine = private_names(seen, legal) | set().union(
                *(event_names(e.visible_to(p.id)) for e in events))
            assert_no_leak(embed_text(panel), lang, mine)
            for action in legal[:40]:
                label = action_label(action, seen, table_seats, cat, lang)
                assert label.strip() and len(label) <= 80
                assert_no_leak(label, lang, mine)
                description = action_description(action, seen, table_seats, cat, lang)
                assert description is None or 0 < len(description) <= 100
        steps += 1
    assert state.finished and steps > 20
    final = final_embed(citadels.view(state, None), table_seats, cat, "es")
    check_embed(final)
    # Every part of each score has its line, and the lines add up to the total.
    players, [reveal] = final.fields[:n], final.fields[n:]
    for field in players:
        points = [int(n) for n in re.findall(r": \+?(\d+)", field.value or "")]
        assert sum(points) == int(re.findall(r"(\d+)", field.name or "")[-1]), field
    assert sorted(int(re.findall(r"(\d+)", f.name or "")[-1]) for f in players) == sorted(
        s.total for s in citadels.scores(state).values())
    # The last round shown whole: every character held, by whom, and those face down.
    for cid, seat in state.holders.items():
        holder = seat_name(table_seats[int(seat[1:]) - 1], cat, "es", table_seats)
        line = next(x for x in (reveal.value or "").split("\n") if x.startswith(holder + ":"))
        assert citadels.CHARACTERS[cid].name["es"] in line
    assert all(citadels.CHARACTERS[c].name["es"] in (reveal.value or "")
               for c in state.facedown)


@pytest.mark.parametrize("n", range(2, 8))
def test_scores_from_the_public_view_match_the_engine(n: int):
    for seed in range(8):
        for state, _ in play(n, 100 + seed):
            public = citadels.view(state, None)
            assert scores_from_view(public) == citadels.scores(state)
        table = scores_from_view(citadels.view(state, None))
        ranking = table_ranking(citadels.view(state, None), table)
        assert ranking[0] == state.winner == decide_winner(state)


def test_the_leak_check_can_fail():
    """A table wrongly built from a player's view, naming that player's hand, is caught."""
    state = next(s for s, _ in play(4, 3) if s.phase == "turns")
    seen = citadels.view(state, "p1")
    hand = [h for h in seen["players"][0]["hand"] if h not in public_names(seen)]
    assert hand
    text = ", ".join(district_tag(d, "en") for d in hand)
    with pytest.raises(AssertionError, match="not known to the viewer"):
        assert_no_leak(text, "en", public_names(citadels.view(state, None)))
    secret = state.characters_of(state.players[1].id)[0]
    with pytest.raises(AssertionError):
        assert_no_leak(citadels.CHARACTERS[secret].name["es"], "es",
                       public_names(citadels.view(state, None)) - {secret})
