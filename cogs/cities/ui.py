"""Cities' answers to what the platform asks of a game's UI (bot.ui.GameUI): the table (a text
that fits a phone, and the board as a picture), the standings, the end with every point by
source, the lobby's options, the panels and what their components mean."""

from __future__ import annotations

from typing import Any

import discord

from ai.player import Hint
from bot.embeds import add_lines, fit
from bot.i18n import Catalog
from bot.names import waiting_for
from bot.pictures import Picture, picture_key
from bot.records import GameRecord, Seat
from bot.ui import Focus, OptionalUI, OptionSelect, Panel
from rules.cities import data
from rules.cities.state import RANDOM, Options
from rules.game import GameEvent

from . import actions_ui, events, panel, texts
from .render import board, sheet
from .texts import PARTS, RING, STAR, WORKER, t

View = dict[str, Any]
VERSION = 1  # in the pictures' keys: a change to the drawing draws every picture again
LATEST = 3  # the table's latest events
MEDALS = {1: "🥇", 2: "🥈", 3: "🥉"}


class CitiesUI(OptionalUI):
    game_id = "cities"
    round_opens = frozenset({"round"})

    # --- the table ----------------------------------------------------------------------------

    def table(self, record: GameRecord, catalog: Catalog, lang: str) -> discord.Embed:
        lang = texts.lang_of(catalog, lang)
        view = record.rules.public_view(record.state)
        if view["phase"] == "start_tile":
            title = t(catalog, lang, "table.title.draft")
        else:
            title = t(catalog, lang, "table.title", round=view["round"], rounds=view["rounds"])
        lines = [self._turn_line(view, record.seats, catalog, lang)]
        lines += [self._seat_line(view, p, record.seats, catalog, lang) for p in view["players"]]
        embed = discord.Embed(title=title, description="\n".join(lines),
                              colour=discord.Colour.teal())
        add_lines(embed, t(catalog, lang, "table.achievements", board=texts.board_name(view, lang)),
                  [texts.objective_line(view, o, record.seats, catalog, lang)
                   for o in view["achievements"]["objectives"]])
        latest = self._latest(record, view, catalog, lang)
        if latest:
            add_lines(embed, t(catalog, lang, "table.latest"), latest)
        if (names := waiting_for(record, catalog, lang, markdown=False)) is not None:
            embed.set_footer(text=t(catalog, lang, "table.waiting", names=names))
        return fit(embed)

    def _turn_line(self, view: View, seats: list[Seat], catalog: Catalog, lang: str) -> str:
        if not view["to_act"]:
            return t(catalog, lang, "table.over")
        name = texts.name(view["to_act"][0], seats, catalog, lang)
        line = t(catalog, lang, "table.turn", name=name,
                 phase=texts.phase_text(view, catalog, lang))
        if view["round"]:
            line += " · " + t(catalog, lang, "table.turn_count",
                              turn=min(view["turn"] + 1, view["turns"]), turns=view["turns"])
        return line

    def _seat_line(self, view: View, p: dict[str, Any], seats: list[Seat], catalog: Catalog,
                   lang: str) -> str:
        star = f" {STAR}" if p["seat"] == view["start_player"] and view["phase"] != "over" \
            else ""
        workers = t(catalog, lang, "table.seat.workers", worker=WORKER, workers=p["workers"]) \
            if texts.in_round(view) else ""  # none are out before the first round or after
        return t(catalog, lang, "table.seat", mark=texts.seat_mark(view, p["seat"]),
                 name=texts.name(p["seat"], seats, catalog, lang), star=star,
                 total=p["score"]["total"], achievements=p["score"]["achievements"],
                 workers=workers, cards=len(p["cards"]))

    def _latest(self, record: GameRecord, view: View, catalog: Catalog, lang: str
                ) -> list[str]:
        parts = texts.parts_of(view)
        found = [line for e in record.log if e.get("type") not in events.QUIET
                 and (line := events.event_line(e, record.seats, parts, catalog, lang))]
        return found[-LATEST:]

    def table_round(self, record: GameRecord) -> int:
        """The round the table shows: the start-tile draft opens round 1, on its table (and its
        page of a replay), being a step of the set-up, no round (docs/rules/cities.md §4.5)."""
        return max(1, int(record.state.round)) if record.state is not None else 0

    def table_picture(self, record: GameRecord, catalog: Catalog, lang: str) -> Picture | None:
        return self._picture(record, catalog, lang, "board")

    def final_picture(self, record: GameRecord, catalog: Catalog, lang: str) -> Picture | None:
        return self._picture(record, catalog, lang, "result")

    def _picture(self, record: GameRecord, catalog: Catalog, lang: str, which: str
                 ) -> Picture | None:
        """Drawn from the public view, like the text beside it; the key holds everything the
        drawing reads, so an unchanged table is never drawn twice."""
        if record.state is None:
            return None
        view = record.rules.public_view(record.state)
        seats = list(record.seats)
        names = [texts.name(s.id, seats, catalog, lang, markdown=False) for s in seats]
        draw = board.table_picture if which == "board" else sheet.final_picture
        return Picture(f"{which}.png", picture_key(f"cities-{which}", VERSION, lang, names, view),
                       lambda: draw(view, seats, catalog, lang))

    # --- scores ----------------------------------------------------------------------------------

    def standings(self, record: GameRecord, catalog: Catalog, lang: str) -> discord.Embed:
        lang = texts.lang_of(catalog, lang)
        view = record.rules.public_view(record.state)
        embed = discord.Embed(title=t(catalog, lang, "standings.title", round=view["round"],
                                      rounds=view["rounds"]), colour=discord.Colour.teal())
        order = sorted(view["players"], key=lambda p: (view["standings"][p["seat"]],
                                                       texts.seat_index(view, p["seat"])))
        for p in order:
            add_lines(embed, self._score_title(view, p, record.seats, catalog, lang),
                      self._score_lines(view, p, catalog, lang))
        return fit(embed)

    def _score_title(self, view: View, p: dict[str, Any], seats: list[Seat], catalog: Catalog,
                     lang: str) -> str:
        rank = view["standings"][p["seat"]]
        return t(catalog, lang, "standings.seat", medal=MEDALS.get(rank, f"{rank}."),
                 mark=texts.seat_mark(view, p["seat"]),
                 name=texts.name(p["seat"], seats, catalog, lang, markdown=False),
                 total=p["score"]["total"])

    def _score_lines(self, view: View, p: dict[str, Any], catalog: Catalog, lang: str
                     ) -> list[str]:
        """Every point by source: each part, each card, each ring."""
        parts = texts.parts_of(view)
        score = p["score"]
        lines = [t(catalog, lang, f"part.{part}.line", n=score[part]) for part in PARTS]
        for card, n in p["card_points"].items():
            lines.append(t(catalog, lang, "standings.card", name=texts.card_name(parts, card,
                                                                                  lang), n=n))
        board_id = view["achievements"]["board"]
        for objective, value in p["rings"].items():
            lines.append(t(catalog, lang, "standings.ring", mark=RING, value=value,
                           objective=texts.objective_text(parts, board_id, objective, catalog,
                                                          lang)))
        return lines

    def final(self, record: GameRecord, catalog: Catalog, lang: str) -> discord.Embed:
        lang = texts.lang_of(catalog, lang)
        view = record.rules.public_view(record.state)
        result = record.rules.result(record.state)
        ranks = result.ranks if result is not None else view["standings"]
        order = sorted(view["players"], key=lambda p: (ranks[p["seat"]],
                                                       texts.seat_index(view, p["seat"])))
        lines = [t(catalog, lang, "final.place", medal=MEDALS.get(ranks[p["seat"]],
                                                                   f"{ranks[p['seat']]}."),
                   name=texts.name(p["seat"], record.seats, catalog, lang),
                   total=p["score"]["total"]) for p in order]
        lines += self._ties(view, order, ranks, record.seats, catalog, lang)
        embed = discord.Embed(title=t(catalog, lang, "final.title"),
                              description="\n".join(lines), colour=discord.Colour.gold())
        for p in order:
            add_lines(embed, self._score_title(view, p, record.seats, catalog, lang),
                      self._score_lines(view, p, catalog, lang))
        embed.set_footer(text=texts.set_line(view, catalog, lang))
        return fit(embed)

    def _ties(self, view: View, order: list[dict[str, Any]], ranks: dict[str, int],
              seats: list[Seat], catalog: Catalog, lang: str) -> list[str]:
        """Every tie on points, and how the achievements settle it or not (R23)."""
        out = []
        by_total: dict[int, list[dict[str, Any]]] = {}
        for p in order:
            by_total.setdefault(p["score"]["total"], []).append(p)
        for total, tied in by_total.items():
            if len(tied) < 2:
                continue
            names = ", ".join(texts.name(p["seat"], seats, catalog, lang) for p in tied)
            shared = len({ranks[p["seat"]] for p in tied}) == 1
            detail = ", ".join(t(catalog, lang, "final.tie.detail",
                                 name=texts.name(p["seat"], seats, catalog, lang),
                                 n=p["score"]["achievements"]) for p in tied)
            out.append(t(catalog, lang, "final.tie.shared" if shared else "final.tie.broken",
                         names=names, total=total, detail=detail))
        return out

    # --- the lobby -------------------------------------------------------------------------------

    def ping_key(self, record: GameRecord) -> str:
        phase = record.state.phase if record.state is not None else "take"
        return f"cities.ping.{phase}"

    def option_lines(self, record: GameRecord, catalog: Catalog, lang: str) -> list[str]:
        options = Options.model_validate(record.settings.options)
        parts = data.component_set(options.component_set)
        lang = texts.lang_of(catalog, lang)
        chosen = (t(catalog, lang, "lobby.board.random") if options.board == RANDOM
                  else texts.named(parts.boards[options.board], lang))
        lines = [t(catalog, lang, "lobby.set.printed" if parts.printed else "lobby.set.open",
                   id=parts.id),
                 t(catalog, lang, "lobby.board", board=chosen)]
        if options.long:
            lines.append(t(catalog, lang, "lobby.long"))
        return lines

    def lobby_selects(self, record: GameRecord, catalog: Catalog, lang: str
                      ) -> list[OptionSelect]:
        options = Options.model_validate(record.settings.options)
        parts = data.component_set(options.component_set)
        lang = texts.lang_of(catalog, lang)
        boards = [discord.SelectOption(label=t(catalog, lang, "lobby.board.random"),
                                       value=RANDOM, default=options.board == RANDOM)]
        boards += [discord.SelectOption(
            label=texts.named(b, lang), value=b.id, default=options.board == b.id,
            description=t(catalog, lang, "lobby.board.first") if b.first_game else None)
            for b in parts.boards.values()]
        length = [discord.SelectOption(label=t(catalog, lang, f"lobby.length.{k}"), value=k,
                                       default=options.long == (k == "long"))
                  for k in ("standard", "long")]
        return [OptionSelect("board", boards[:25], t(catalog, lang, "lobby.select.board")),
                OptionSelect("length", length, t(catalog, lang, "lobby.select.length"))]

    def lobby_choice(self, record: GameRecord, name: str, values: list[str]
                     ) -> dict[str, Any] | None:
        if len(values) != 1:
            return None
        options = dict(record.settings.options)
        if name == "board":
            options["board"] = values[0]
        elif name == "length" and values[0] in ("standard", "long"):
            options["long"] = values[0] == "long"
        else:
            return None
        try:
            Options.model_validate(options)
        except ValueError:
            return None
        return options

    # --- panels and their components -------------------------------------------------------------

    def panel(self, record: GameRecord, seat: Seat, catalog: Catalog, lang: str,
              notes: list[str], focus: str | None = None) -> Panel:
        return panel.player_panel(record, seat.id, catalog, lang, notes, focus)

    def event_lines(self, record: GameRecord, events_: list[GameEvent], seat: str,
                    catalog: Catalog, lang: str) -> list[str]:
        parts = record.state.components if record.state is not None else _default()
        return [line for e in events_
                if (line := events.event_line(e.visible_to(seat), record.seats, parts, catalog,
                                              lang, viewer=seat))]

    def log_lines(self, events_: list[dict[str, Any]], seats: list[Seat], catalog: Catalog,
                  lang: str) -> list[str]:
        parts = _default()
        return [line for e in events_
                if (line := events.event_line(e, seats, parts, catalog, lang))]

    def hint_line(self, record: GameRecord, seat: str, hint: Hint, catalog: Catalog, lang: str
                  ) -> str:
        found = actions_ui.action(actions_ui.encode(record.rules.parse_action(hint.action)))
        what = _action_words(found or hint.action, record, catalog, lang)
        key = f"cities.hint.{hint.reason}"
        why = catalog.text(key, lang, **hint.params) if key in catalog.tables.get(
            texts.lang_of(catalog, lang), {}) else ""
        return t(catalog, lang, "hint.line", action=what, why=why).strip()

    def button_action(self, code: str) -> dict[str, Any] | None:
        return actions_ui.action(code)

    def select_action(self, kind: str, values: list[str]) -> dict[str, Any] | Focus | None:
        return actions_ui.select_action(kind, values)


def _default() -> data.ComponentSet:
    return data.component_set(data.DEFAULT)


def _action_words(action: dict[str, Any], record: GameRecord, catalog: Catalog, lang: str
                  ) -> str:
    """An action as a short phrase, for a hint."""
    kind = action.get("type", "")
    params = {k: v for k, v in action.items() if k != "type"}
    try:
        return t(catalog, lang, f"hint.action.{kind}", **params)
    except (KeyError, IndexError):
        return kind


UI = CitiesUI()
