"""A turn in few clicks and a table that fits a phone, over whole Catan games through the real
bot on the emulator (issue 44's Done-when): a person who clicks what the basic computer would
pick (demo.catan.reach), against basic computers, Roll clicked on the table or the mention,
every "Act" counted; 3 and 4 players, English and Spanish (a 4-player Spanish game in the
default suite, the rest under -m long). Over the games the person's clicks per decision are
at most 1.3, each road they build takes 2 clicks from the open panel (its Build button, its
place), and every line of every table the bot drew fits 40 columns (bot.embeds.width: an
emoji two). A basic player makes no offer: a game played until the person's first turn that
lets them offer shows a 1-for-1 offer to everyone made in 3 clicks from the open panel.
`python -m bench.catan_clicks` prints the figures over more games (1.71 clicks a decision
before the turn's usual choices came out of the menu, 1.37 after, 1.22 with Roll on the
table, 1.28 with the pieces behind their Build buttons: 1.30 in the 3-player game of seed 1,
1.26 in the 4-player one)."""

from __future__ import annotations

import pytest

from bench.catan_clicks import Count, one_game

MOST = 1.3  # clicks per decision over whole games, as the issue asks
ROAD = 2  # clicks for a road from an open panel (its choices fit one select)
OFFER = 3  # clicks for a 1-for-1 offer to everyone from an open panel
LONG = pytest.mark.long


@pytest.mark.parametrize(("players", "language"), [
    ((4,), "es"), pytest.param((3, 4), "en", marks=LONG), pytest.param((3, 4), "es", marks=LONG)])
async def test_whole_games_take_few_clicks_and_their_tables_fit_a_phone(
        players: tuple[int, ...], language: str) -> None:
    count = Count()
    for n in players:
        count.add(await one_game(n, seed=1, language=language))
    assert count.missed == 0 and count.decisions > 50 * len(players)
    assert count.ratio <= MOST, count
    assert count.roads and max(count.roads) <= ROAD, count.roads
    assert count.lines > 1000 * len(players) and not count.wide, sorted(count.wide)


@pytest.mark.parametrize(("players", "language"), [
    (4, "en"), pytest.param(3, "en", marks=LONG), pytest.param(3, "es", marks=LONG),
    pytest.param(4, "es", marks=LONG)])
async def test_a_one_for_one_offer_to_everyone_takes_three_clicks_in_a_game(
        players: int, language: str) -> None:
    count = await one_game(players, seed=1, language=language, offer=True)
    assert count.missed == 0 and count.offers, count
    assert count.offers[0] <= OFFER, count.offers
    assert not count.wide, sorted(count.wide)
