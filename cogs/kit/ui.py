"""`KitUI`: a game's Discord UI (bot.ui.GameUI) from its declarations and texts.

A game's UI subclasses it and declares: `spec` (its action declarations, cogs/declare.py),
`words` (its event lines, cogs/kit/lines.py), `board` (its table's texts), `panel_lines`
(what its panel says beside the table's lines) and `lobby_fields` (the options its lobby
offers). The kit answers the rest once for every game:

- forwarding: a button's or select's code is the declarations' (`button_action`,
  `select_action`); a hint is its action's label and the reason's text;
- the panel's skeleton: the seat's view and legal actions taken once, the colour of its state
  (`COLOURS`: deciding, waiting, over), the platform's notes first, the declarations'
  summaries, the components (cogs/panels.py) and the Hint button as the hint policy says;
- the table, the standings and the end (`<game>.over`, a line per seat `<game>.place` with
  its `{medal}`, `{rank}`, `{name}` and `{score}`);
- pictures (`picture`: keyed by everything the drawing reads, never drawn twice);
- the lobby's selects, from the same Options as `/<game> new`.

Every key starts with the game's id and a dot; a game may still answer any method itself.
"""

from __future__ import annotations

import functools
import importlib.util
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, ClassVar

import discord

from bot.i18n import Catalog
from bot.names import waiting_for, who
from bot.pictures import Picture, picture_key
from bot.records import GameRecord, Seat
from bot.ui import Focus, OptionalUI, OptionSelect, Panel
from cogs import panels
from cogs.declare import ActionLike, Context, Declarations
from rules import registry

from . import lobby
from .lines import Words
from .texts import Table, Text, said

if TYPE_CHECKING:
    from ai.player import Hint
    from rules.game import GameEvent

COLOURS = {"mine": discord.Colour.green(), "waiting": discord.Colour.light_grey(),
           "over": discord.Colour.gold(), "table": discord.Colour.teal()}
MEDALS = {1: "🥇", 2: "🥈", 3: "🥉"}


def medal(rank: int) -> str:
    """A rank as the end shows it: a medal for the first three, else "4."."""
    return MEDALS.get(rank, f"{rank}.")


def hints_offered(game_id: str) -> bool:
    """Whether the game's computer players give hints: its registry entry's AI package has a
    `hints` module."""
    name = registry.entry(game_id).ai
    try:
        return name is not None and importlib.util.find_spec(f"{name}.hints") is not None
    except ModuleNotFoundError:
        return False


def offers_hint(record: GameRecord, legal: Sequence[Any]) -> bool:
    """The hint policy: the server allows hints, there is a choice to make, and the game's
    computer players give hints."""
    return record.settings.hints and len(legal) > 1 and hints_offered(record.game)


Draw = Callable[[dict[str, Any], list[Seat], Catalog, str], bytes]


def picture(record: GameRecord, catalog: Catalog, lang: str, name: str, draw: Draw,
            version: object = 1) -> Picture | None:
    """The picture `name` (`<name>.png`) drawn from the public view, like the text beside
    it; its key holds everything the drawing reads (the game, the view, the seats' names, the
    language and `version`, the drawing's), so an unchanged table is never drawn twice."""
    if record.state is None:
        return None
    view = record.rules.public_view(record.state)
    seats = list(record.seats)
    names = [who(s.id, seats, catalog, lang, markdown=False) for s in seats]
    return Picture(f"{name}.png", picture_key(record.game, name, version, lang, names, view),
                   functools.partial(draw, view, seats, catalog, lang))


class Forwarding(OptionalUI):
    """What every game's UI hands over to its declarations and event lines, written once: a
    component's code is the declarations' (`spec`), and an event is told by the game's `line`
    (for the reader whose action caused it, or for anyone: the log, a replay)."""

    spec: ClassVar[Declarations]

    def line(self, event: dict[str, Any], seats: list[Seat], catalog: Catalog, lang: str,
             viewer: str | None = None, record: GameRecord | None = None) -> str | None:
        """`event` as `viewer` reads it (None: anyone); None for an event no line tells.
        `record` is the game's, when it is running (not for a replay)."""
        raise NotImplementedError

    def button_action(self, code: str) -> dict[str, Any] | None:
        return self.spec.decode(code)

    def select_action(self, kind: str, values: list[str]) -> dict[str, Any] | Focus | None:
        return self.spec.select_action(kind, values)

    def event_lines(self, record: GameRecord, events: list[GameEvent], seat: str,
                    catalog: Catalog, lang: str) -> list[str]:
        return [line for e in events if (line := self.line(
            e.visible_to(seat), list(record.seats), catalog, lang, seat, record))]

    def log_lines(self, events: list[dict[str, Any]], seats: list[Seat], catalog: Catalog,
                  lang: str) -> list[str]:
        return [line for e in events if (line := self.line(e, seats, catalog, lang))]


class KitUI(Forwarding):
    """A game's UI from declarations and texts (see the module)."""

    game_id: ClassVar[str]
    spec: ClassVar[Declarations]
    words: ClassVar[Words]
    board: ClassVar[Table] = Table()
    panel_lines: ClassVar[tuple[Text, ...]] = ()
    panel_table: ClassVar[bool] = True  # the panel says the table's lines too
    lobby_fields: ClassVar[tuple[str, ...]] = ()

    @property
    def prefix(self) -> str:
        return f"{self.game_id}."

    def t(self, catalog: Catalog, lang: str, key: str, **params: object) -> str:
        return catalog.text(self.prefix + key, lang, **params)

    # --- the table ----------------------------------------------------------------------------

    def context(self, record: GameRecord, view: dict[str, Any], catalog: Catalog, lang: str
                ) -> Context:
        return Context(view, list(record.seats), catalog, lang)

    def table(self, record: GameRecord, catalog: Catalog, lang: str) -> discord.Embed:
        ctx = self.context(record, record.rules.public_view(record.state), catalog, lang)
        embed = discord.Embed(title=self.t(catalog, lang, "title"),
                              description="\n".join(self.board.lines_of(self.prefix, ctx)),
                              colour=COLOURS["table"])
        names = waiting_for(record, catalog, lang, markdown=False)
        if names is not None and self.board.waiting is not None:
            embed.set_footer(text=self.t(catalog, lang, self.board.waiting, names=names))
        return embed

    def table_round(self, record: GameRecord) -> int:
        """The view's `round`, if it has one (else the game is one round)."""
        if record.state is None:
            return 0
        return int(record.rules.public_view(record.state).get("round", self.first_round))

    def standings(self, record: GameRecord, catalog: Catalog, lang: str) -> discord.Embed:
        return self.table(record, catalog, lang)

    def final(self, record: GameRecord, catalog: Catalog, lang: str) -> discord.Embed:
        result = record.rules.result(record.state)
        assert result is not None
        lines = [self.t(catalog, lang, "place", rank=rank, medal=medal(rank),
                        score=result.scores[seat], name=who(seat, record.seats, catalog, lang))
                 for seat, rank in sorted(result.ranks.items(), key=lambda kv: kv[1])]
        return discord.Embed(title=self.t(catalog, lang, "over"), description="\n".join(lines),
                             colour=COLOURS["over"])

    def ping_key(self, record: GameRecord) -> str:
        return f"{self.prefix}ping"

    # --- the lobby ----------------------------------------------------------------------------

    def option_lines(self, record: GameRecord, catalog: Catalog, lang: str) -> list[str]:
        options = record.rules.options(record.settings.options)
        return [self.t(catalog, lang, "options", **options.model_dump())]

    def lobby_selects(self, record: GameRecord, catalog: Catalog, lang: str
                      ) -> list[OptionSelect]:
        return lobby.selects(record.rules.Options, record.settings.options, self.lobby_fields,
                             self.prefix, catalog, lang)

    def lobby_choice(self, record: GameRecord, name: str, values: list[str]
                     ) -> dict[str, Any] | None:
        return lobby.choice(record.rules.Options, dict(record.settings.options),
                            self.lobby_fields, name, values)

    # --- the panel ----------------------------------------------------------------------------

    def panel(self, record: GameRecord, seat: Seat, catalog: Catalog, lang: str,
              notes: list[str], focus: str | None = None) -> Panel:
        """`seat`'s panel: its view and legal actions taken once, the colour of its state,
        the notes first, then its lines and the summaries of what it may do."""
        assert record.state is not None
        ctx = self.context(record, record.rules.private_view(record.state, seat.id), catalog,
                           lang)
        legal: list[ActionLike] = record.rules.legal_actions(record.state, seat.id)
        state = "over" if record.rules.is_over(record.state) else "mine" if legal else "waiting"
        lines = [*notes, *(self.board.lines_of(self.prefix, ctx) if self.panel_table else []),
                 *said(self.panel_lines, self.prefix, ctx), *self.summaries(legal, ctx)]
        embed = discord.Embed(title=self.t(catalog, lang, f"panel.{state}"),
                              description="\n".join(lines), colour=COLOURS[state])
        if not legal:
            return Panel(embed, None)
        return Panel(embed, panels.components(record.id, record.version, legal, self.spec, ctx,
                                              focus, hint=offers_hint(record, legal)))

    def summaries(self, legal: Sequence[ActionLike], ctx: Context) -> list[str]:
        """What each declared type offered says of its choices (Declaration.summary)."""
        by_type: dict[str, list[ActionLike]] = {}
        for action in legal:
            by_type.setdefault(action.type, []).append(action)
        return [line for kind, actions in by_type.items()
                if (summary := self.spec.of(kind).summary) is not None
                for line in summary(actions, ctx)]

    # --- the events -----------------------------------------------------------------------------

    def line(self, event: dict[str, Any], seats: list[Seat], catalog: Catalog, lang: str,
             viewer: str | None = None, record: GameRecord | None = None) -> str | None:
        return self.words.line(event, seats, catalog, lang, viewer)

    def hint_line(self, record: GameRecord, seat: str, hint: Hint, catalog: Catalog, lang: str
                  ) -> str:
        """The hinted action's label, and its reason's text (`<game>.hint.<reason>`) if the
        catalog has one."""
        action = record.rules.parse_action(hint.action)
        ctx = self.context(record, record.rules.view(record.state, seat), catalog, lang)
        label = self.spec.of(action.type).label
        what = label(action, ctx) if label is not None else action.type
        key = f"{self.prefix}hint.{hint.reason}"
        known = key in catalog.tables[catalog.language_of(lang)]
        return f"{what}: {catalog.text(key, lang, **hint.params)}" if known else what
