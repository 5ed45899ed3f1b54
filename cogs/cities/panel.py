"""A seat's private panel: what they may do now, their neighbourhood as a picture, and a
component for every legal action.

- **Taking**: a select of the items still there in rows the seat may use (face-down ones say
  only that they are face down).
- **A tile's place** (a start tile, or a city tile taken from row B): staged, never played by
  choosing it. A select of the places (or of the start tiles) and one of the four rotations
  change the panel's focus (`t:<x>:<y>:<rot>`, `s:<tile>:<rot>`); the picture shows the tile
  laid there, outlined, with the other open places named; **Confirm** lays it.
- **Feature tiles and pieces**: one select of where each may go (narrowed by feature or colour
  past 25), and a Discard button for each; the picture marks every space one of them may take.

Built from `view(state, seat)` (the same for everyone: Cities has no secret of one seat) and
`legal_actions(state, seat)` only. The picture is the neighbourhood drawn from the public view
(render/sheet.py), keyed by everything it draws.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from typing import Any

import discord

from bot.components import ActionButton, ActionSelect, TableButton, unstored
from bot.embeds import FIELD_VALUE, LABEL, OPTION_DESCRIPTION, add_lines, clip, fit, size
from bot.i18n import Catalog
from bot.pictures import Picture, picture_key
from bot.records import GameRecord, Seat
from cogs import panels
from cogs.declare import Context
from cogs.game import PicturePanel
from cogs.kit.ui import COLOURS, offers_hint
from rules.cities.geometry import ROTATIONS, frame

from . import texts
from .actions_ui import SPEC, place_code, start_code
from .render import sheet
from .render.hood import Look, Staged
from .texts import t

View = dict[str, Any]
STAGED = ("start_tile", "place_tile")
VERSION = 1  # in the picture's key: a change to the drawing draws every panel picture again


def player_panel(record: GameRecord, seat: str, catalog: Catalog, lang: str,
                 notes: Sequence[str] = (), focus: str | None = None) -> PicturePanel:
    assert record.state is not None
    lang = texts.lang_of(catalog, lang)
    rules = record.rules
    seen: View = rules.view(record.state, seat)
    public: View = rules.public_view(record.state)
    legal = rules.legal_actions(record.state, seat)
    staged = _staged(legal, focus) if legal and legal[0].type in STAGED else None
    embed = _embed(seen, record.seats, catalog, lang, legal, list(notes), staged)
    look, caption = _look(public, seat, legal, staged, catalog, lang)
    picture = hood_picture(public, seat, record.seats, catalog, lang, look, caption)
    if not legal:
        return PicturePanel(fit(embed), None, picture)
    hint = offers_hint(record, legal)
    if staged is not None:
        view = _staging(record, seen, legal, staged, catalog, lang, hint)
    else:
        ctx = Context(seen, record.seats, catalog, lang)
        view = panels.components(record.id, record.version, legal, SPEC, ctx, focus, hint=hint)
    return PicturePanel(fit(embed), view, picture)


def hood_picture(public: View, seat: str, seats: list[Seat], catalog: Catalog, lang: str,
                 look: Look | None = None, caption: str | None = None) -> Picture:
    """`seat`'s neighbourhood as a picture (what `/cities hood` shows, and each panel)."""
    names = [texts.name(s.id, seats, catalog, lang, markdown=False) for s in seats]
    drawn = {k: public[k] for k in ("component_set", "long", "achievements", "players")}
    key = picture_key("cities-hood", VERSION, lang, names, seat, drawn,
                      None if look is None else [list(look.marks), list(look.places),
                                                 None if look.staged is None else
                                                 list(vars(look.staged).values())],
                      caption)
    return Picture("hood.png", key, functools.partial(
        sheet.hood_picture, public, seat, seats, catalog, lang, look, caption))


# --- what the panel says -----------------------------------------------------------------------

def _embed(view: View, seats: list[Seat], catalog: Catalog, lang: str, legal: list[Any],
           notes: list[str], staged: Any) -> discord.Embed:
    me = texts.player(view, view["you"])
    state = "over" if view["phase"] == "over" else "mine" if legal else "waiting"
    draft = ".draft" if view["phase"] == "start_tile" else ""
    title = t(catalog, lang, f"panel.title.{state}{draft if state != 'over' else ''}",
              round=view["round"], rounds=view["rounds"])
    top = [*notes, _now(view, seats, catalog, lang, legal, staged)]
    embed = discord.Embed(title=title, description="\n".join(top), colour=COLOURS[state])
    score = me["score"]
    add_lines(embed, t(catalog, lang, "panel.score", total=score["total"]),
              [texts.score_parts(score, catalog, lang)])
    if me["cards"]:
        add_lines(embed, t(catalog, lang, "panel.cards"), _card_lines(view, me, catalog, lang))
    if texts.in_round(view):
        add_lines(embed, t(catalog, lang, "panel.workers.title"),
                  [t(catalog, lang, "panel.workers", n=me["workers"])])
    return embed


def _card_lines(view: View, me: View, catalog: Catalog, lang: str) -> list[str]:
    """Each scoring card with what it scores now, with its sentence; by its name only when the
    sentences would spill past one field (a second one shows as a gap with no title), as the
    picture beside shows every card's sentence."""
    parts = texts.parts_of(view)

    def lines(full: bool) -> list[str]:
        return [t(catalog, lang, "panel.card", n=me["card_points"].get(card, 0),
                  line=texts.card_line(parts, card, catalog, lang) if full
                  else texts.card_name(parts, card, lang)) for card in me["cards"]]

    found = lines(full=True)
    return found if size("\n".join(found)) <= FIELD_VALUE else lines(full=False)


def _now(view: View, seats: list[Seat], catalog: Catalog, lang: str, legal: list[Any],
         staged: Any) -> str:
    if view["phase"] == "over":
        return t(catalog, lang, "panel.over")
    if not legal:
        acting = view["to_act"][0] if view["to_act"] else None
        return t(catalog, lang, "panel.waiting", name=texts.name(acting, seats, catalog, lang),
                 phase=texts.phase_text(view, catalog, lang))
    parts = texts.parts_of(view)
    pending = view["pending"]
    kind = legal[0].type
    if kind == "start_tile":
        return t(catalog, lang, "panel.now.start_tile", tile=staged.tile, rot=staged.rot,
                 spaces=texts.tile_text(parts, staged.tile, staged.rot))
    if kind == "take":
        rows = sorted({a.item[0] for a in legal})
        return catalog.plural(texts.PREFIX + "panel.now.take", lang, len(rows),
                              rows=", ".join(rows))
    if kind == "place_tile":
        at = frame(view["long"]).tile_label(staged.x, staged.y)
        return t(catalog, lang, "panel.now.place_tile", tile=pending["tile"], at=at,
                 rot=staged.rot, spaces=texts.tile_text(parts, pending["tile"], staged.rot))
    if view["phase"] == "place_features":
        left = ", ".join(texts.feature_name(parts, f, lang) for f in pending["features"])
        return t(catalog, lang, "panel.now.place_features", features=left)
    return t(catalog, lang, "panel.now.place_pieces",
             pieces=texts.pieces_text(pending["pieces"], catalog, lang))


# --- what the picture shows --------------------------------------------------------------------

def _look(public: View, seat: str, legal: list[Any], staged: Any, catalog: Catalog, lang: str
          ) -> tuple[Look | None, str | None]:
    """The neighbourhood as the decision needs it: the staged tile, or the spaces the feature
    tiles or pieces may take; with a caption saying so."""
    if not legal:
        return None, None
    kind = legal[0].type
    where = frame(public["long"])
    if kind == "start_tile":
        return (Look(cell=0, staged=Staged(staged.tile, 0, 0, staged.rot)),
                t(catalog, lang, "panel.caption.start_tile", tile=staged.tile, rot=staged.rot))
    if kind == "place_tile":
        tile = public["pending"]["tile"]
        places = tuple(dict.fromkeys(where.tile_label(a.x, a.y) for a in legal
                                     if (a.x, a.y) != (staged.x, staged.y)))
        at = where.tile_label(staged.x, staged.y)
        return (Look(cell=0, places=places, staged=Staged(tile, staged.x, staged.y, staged.rot)),
                t(catalog, lang, "panel.caption.place_tile", tile=tile, at=at, rot=staged.rot))
    if kind == "take":
        return None, None
    spaces = tuple(dict.fromkeys(a.space for a in legal if hasattr(a, "space")))
    if not spaces:
        return None, t(catalog, lang, "panel.caption.nowhere")
    return Look(cell=0, marks=spaces), t(catalog, lang, "panel.caption.spaces")


# --- staging a tile's place --------------------------------------------------------------------

class Choice:
    """The staged placement: a start tile or a position, and a rotation."""

    def __init__(self, tile: str, x: int, y: int, rot: int) -> None:
        self.tile, self.x, self.y, self.rot = tile, x, y, rot


def _staged(legal: list[Any], focus: str | None) -> Choice:
    """The placement the focus names if it is legal, else the first legal one."""
    first = legal[0]
    default = (Choice(first.tile, 0, 0, first.rot) if first.type == "start_tile"
               else Choice("", first.x, first.y, first.rot))
    parts = (focus or "").split(":")
    try:
        if first.type == "start_tile" and len(parts) == 3 and parts[0] == "s":
            wanted = Choice(parts[1], 0, 0, int(parts[2]))
            if any(a.tile == wanted.tile and a.rot == wanted.rot for a in legal):
                return wanted
        if first.type == "place_tile" and len(parts) == 4 and parts[0] == "t":
            wanted = Choice("", int(parts[1]), int(parts[2]), int(parts[3]))
            if any((a.x, a.y, a.rot) == (wanted.x, wanted.y, wanted.rot) for a in legal):
                return wanted
    except ValueError:
        pass
    return default


def _staging(record: GameRecord, view: View, legal: list[Any], staged: Choice,
             catalog: Catalog, lang: str, hint: bool) -> discord.ui.View:
    """A select of the places (or start tiles), one of the rotations, and Confirm."""
    parts = texts.parts_of(view)
    where = frame(view["long"])
    game, version = record.id, record.version
    out = discord.ui.View(timeout=None)
    if legal[0].type == "start_tile":
        tiles = list(dict.fromkeys(a.tile for a in legal))
        spots = [discord.SelectOption(
            label=clip(t(catalog, lang, "panel.start.option", tile=tile), LABEL),
            description=clip(texts.tile_text(parts, tile), OPTION_DESCRIPTION),
            value=f"s:{tile}:{staged.rot}", default=tile == staged.tile) for tile in tiles]
        kind, tile = "n_start", staged.tile
        turns = [f"s:{staged.tile}:{r}" for r in ROTATIONS]
        code = start_code(staged.tile, staged.rot)
        confirm = t(catalog, lang, "panel.confirm.start_tile", tile=tile, rot=staged.rot)
    else:
        positions = list(dict.fromkeys((a.x, a.y) for a in legal))
        spots = [discord.SelectOption(
            label=clip(t(catalog, lang, "panel.spot.option", at=where.tile_label(x, y)), LABEL),
            description=clip(_beside(view, x, y, where, catalog, lang), OPTION_DESCRIPTION),
            value=f"t:{x}:{y}:{staged.rot}", default=(x, y) == (staged.x, staged.y))
            for x, y in positions[:panels.MAX_OPTIONS]]
        kind, tile = "n_spot", view["pending"]["tile"]
        turns = [f"t:{staged.x}:{staged.y}:{r}" for r in ROTATIONS]
        code = place_code(staged.x, staged.y, staged.rot)
        confirm = t(catalog, lang, "panel.confirm.place_tile", tile=tile,
                    at=where.tile_label(staged.x, staged.y), rot=staged.rot)
    out.add_item(ActionSelect(game, version, kind, spots,
                              t(catalog, lang, f"panel.select.{kind}"), row=0))
    rotations = [discord.SelectOption(
        label=t(catalog, lang, "panel.turn.option", rot=r),
        description=clip(texts.tile_text(parts, tile, r), OPTION_DESCRIPTION), value=value,
        default=r == staged.rot) for r, value in zip(ROTATIONS, turns, strict=True)]
    out.add_item(ActionSelect(game, version, "n_turn", rotations,
                              t(catalog, lang, "panel.select.n_turn"), row=1))
    out.add_item(ActionButton(game, version, code, clip(confirm, LABEL),
                              discord.ButtonStyle.success, row=2))
    if hint:
        out.add_item(TableButton(game, "hint", catalog.text("table.hint", lang), row=2))
    return unstored(out)


def _beside(view: View, x: int, y: int, where: Any, catalog: Catalog, lang: str) -> str:
    """Which laid tiles a place touches, by their names: "beside E5, G7"."""
    me = texts.player(view, view["you"])
    laid = {(p["x"], p["y"]): p["at"] for p in me["tiles"]}
    near = [laid[(x + dx, y + dy)] for dx, dy in ((0, -1), (-1, 0), (1, 0), (0, 1))
            if (x + dx, y + dy) in laid]
    return t(catalog, lang, "panel.spot.beside", tiles=", ".join(near))

