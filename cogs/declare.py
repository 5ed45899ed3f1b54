"""One declaration per action type: everything a game's Discord interface knows of it.

A game's UI lists its action types once (Citadels: `cogs/citadels/actions_ui.py`), each as a
`Declaration`: its code in a custom_id and the fields written after it, its widget (a button,
a select of such actions, a multi-select of the hand), how its choices are narrowed past
Discord's 25 (`Narrow`: a player first, then a district...), its button's style, its label,
the description of its select options, its summary in the panel, and the lines of the events
it causes. `Declarations` is a game's table of them: the codec (an action as a short code and
back), the answer to a select (`select_action`) and the event lines are read from it, and
`cogs/panels.py` builds a panel's components from it. An action type a game did not declare
may be declared by its `derive` (Citadels: from the action class a character added to the
engine brings), so a new character's action needs no entry here. A game with more kinds of
action than a panel's five rows hold names each declaration's `group` (Catan: build, knights,
trade...): the panel then offers a select of the groups and shows the chosen one's.

A custom_id is only a hint (any client can send any custom_id): decoding never trusts it, the
service checks the version and the engine legality.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal, Protocol

from pydantic import BaseModel

from bot.embeds import LABEL, OPTION_DESCRIPTION, clip
from bot.i18n import Catalog
from bot.records import Seat
from bot.ui import Focus

Widget = Literal["button", "select", "multi"]
Style = Literal["primary", "secondary", "success", "danger"]
WORD = re.compile(r"[a-z0-9_]{1,40}")  # one written field (a list's item, for "*" fields)


class ActionLike(Protocol):
    """An action of any game: its type and its JSON form (a pydantic model)."""

    @property
    def type(self) -> str: ...

    def model_dump(self) -> dict[str, Any]: ...


@dataclass(frozen=True)
class Context:
    """What a text about an action may read: the deciding seat's view, the seats, the
    catalog and the language."""

    view: dict[str, Any]
    seats: list[Seat]
    catalog: Catalog
    lang: str


Label = Callable[[Any, Context], str]
Describe = Callable[[Any, Context], "str | None"]
Summary = Callable[[list[Any], Context], list[str]]


@dataclass(frozen=True)
class Narrow:
    """One step of narrowing a select of more than 25 choices: the player chooses `name`
    first (a player, a kind of district...) in a select of its own."""

    name: str  # in the focus path, and the placeholder's key (<prefix>panel.narrow.<name>)
    label: Callable[[str, Context], str]  # an option's label, for a key
    key: Callable[[Any], str] | None = None  # an action's key; default: its field `name`

    def key_of(self, action: Any) -> str:
        if self.key is not None:
            return self.key(action)
        return written(getattr(action, self.name))


@dataclass(frozen=True)
class Declaration:
    """One action type on Discord.

    `fields` are written after the code, "." between them: "name?" is a yes/no (1 or 0),
    "name*" a list (its items "," between them), "name+" a multiset (a dict of counts, its
    items repeated: "brick,brick,ore"), "name~" a word or None (written empty), any other a
    word. A custom_id carries lower case only: words are written lower-cased, and a game whose
    ids have capitals reads them back case-blind. A "select" offers the type's actions, each
    option's value its code; a "multi" selects any of `choices` (the hand: options valued
    "<position>.<item>", at most `most` of them, those at the positions `chosen` gives
    selected already), all of them the type's one list or multiset field."""

    type: str
    code: str
    fields: tuple[str, ...] = ()
    widget: Widget = "button"
    label: Label | None = None
    describe: Describe | None = None  # a select option's description
    summary: Summary | None = None  # the panel's lines for the type's legal actions
    style: Style = "secondary"
    last: bool = False  # a button alone on the panel's last row ("End turn")
    narrow: tuple[Narrow, ...] = ()
    events: Mapping[str, Callable[..., str]] = field(default_factory=dict)  # type -> line
    choices: Callable[[Context], list[str]] | None = None  # a multi-select's items
    choice_label: Callable[[str, Context], str] | None = None
    placeholder: str | None = None  # the select's key; default <prefix>panel.select.<code>
    group: str | None = None  # the panel's group (<prefix>panel.group.<group>); None: always
    most: Callable[[Context], int] | None = None  # a multi-select's most items; default all
    least: int = 1  # a multi-select's fewest items
    chosen: Callable[[Context], Iterable[int]] | None = None  # a multi's positions selected
    plays: str | None = None  # the type its options play, when not its own (a shortcut)

    def __post_init__(self) -> None:
        """Its label and description cut to what Discord shows (80 and 100 characters, with
        an ellipsis), written once for every game."""
        if self.label is not None and not isinstance(self.label, Clipped):
            object.__setattr__(self, "label", Clipped(self.label, LABEL))
        if self.describe is not None and not isinstance(self.describe, Clipped):
            object.__setattr__(self, "describe", Clipped(self.describe, OPTION_DESCRIPTION))


@dataclass(frozen=True)
class Clipped:
    """A label or description cut to `most` characters (UTF-16 units, as Discord counts)."""

    text: Callable[[Any, Context], str | None]
    most: int

    def __call__(self, action: Any, ctx: Context) -> Any:
        found = self.text(action, ctx)
        return clip(found, self.most) if found else found


def fields_of(cls: type[BaseModel]) -> tuple[str, ...]:
    """An action class's fields as a derived declaration writes them after its code: a yes/no
    "name?", one that may be left out (None by default) "name~"."""
    return tuple(f"{name}?" if info.annotation is bool
                 else f"{name}~" if info.default is None and not info.is_required() else name
                 for name, info in cls.model_fields.items() if name != "type")


def written(value: object) -> str:
    """A field's value as a code writes it (lower case: a custom_id carries no capitals)."""
    if value is None:
        return ""
    if isinstance(value, bool):
        return "1" if value else "0"
    if isinstance(value, dict):
        return ",".join(str(k).lower() for k, n in value.items() for _ in range(int(n)))
    if isinstance(value, list | tuple):
        return ",".join(str(v).lower() for v in value)
    return str(value).lower()


class Declarations:
    """A game's declarations: in their order (the panel's), by type and by code.

    `derive(type)` declares a type the table does not (None: no such type); `prefix` starts
    the game's catalog keys (placeholders); `focus_kinds` are select kinds of older panels
    whose value is a focus (kept so that panels still on screen are answered); `eager` are
    grouped types shown, most wanted first, in the rows a panel has free before any group is
    chosen (a turn's usual choices one click away instead of behind the menu)."""

    def __init__(self, declared: Sequence[Declaration], *, prefix: str,
                 derive: Callable[[str], Declaration | None] | None = None,
                 focus_kinds: Iterable[str] = (), eager: Sequence[str] = ()) -> None:
        self.declared = tuple(declared)
        self.prefix = prefix
        self.eager = tuple(eager)
        self.derive = derive
        self.focus_kinds = frozenset(focus_kinds)
        self._types = {d.type: d for d in self.declared}
        self._codes = {d.code: d for d in self.declared}
        if len(self._types) != len(self.declared) or len(self._codes) != len(self.declared):
            raise ValueError("an action type or a code is declared twice")
        self._events = _events(self.declared)

    def of(self, type_: str) -> Declaration:
        """The declaration of `type_`; KeyError if it has none."""
        found = self._types.get(type_) or self._derived(type_)
        if found is None:
            raise KeyError(f"no declaration of the action type {type_!r}")
        return found

    def by_code(self, code: str) -> Declaration | None:
        return self._codes.get(code) or self._derived(code)

    def _derived(self, type_: str) -> Declaration | None:
        """A derived declaration's code is its type: never a declared code."""
        if self.derive is None or type_ in self._codes or type_ in self._types:
            return None
        found = self.derive(type_)
        if found is not None and (found.code != type_ or found.type != type_):
            raise ValueError(f"a derived declaration's code is its type ({type_!r})")
        return found

    def ordered(self, types: Iterable[str]) -> list[Declaration]:
        """The declarations of `types`: the declared ones in the table's order, then any
        derived in the order given."""
        wanted = list(dict.fromkeys(types))
        return ([d for d in self.declared if d.type in wanted]
                + [self.of(t) for t in wanted if t not in self._types])

    def events(self) -> Mapping[str, Callable[..., str]]:
        """Every declared event line, by event type."""
        return self._events

    def placeholder(self, declaration: Declaration) -> str:
        return declaration.placeholder or f"{self.prefix}panel.select.{declaration.code}"

    # --- the codec -------------------------------------------------------------------------

    def encode(self, action: ActionLike) -> str:
        """`build.manor`, `destroy.p2.manor`, `gy.1`, `dad.manor,temple`..."""
        data = action.model_dump()
        declaration = self.of(action.type)
        return ".".join([declaration.code,
                         *(written(data[f.rstrip(SUFFIXES)]) for f in declaration.fields)])

    def decode(self, code: str) -> dict[str, Any] | None:
        """The action dict a code names, or None if it is not a well-formed code."""
        head, dot, rest = code.partition(".")
        declaration = self.by_code(head) if WORD.fullmatch(head) else None
        if declaration is None:
            return None
        parts = rest.split(".") if dot else []
        if len(parts) != len(declaration.fields):
            return None
        action: dict[str, Any] = {"type": declaration.plays or declaration.type}
        for name, part in zip(declaration.fields, parts, strict=True):
            if name.endswith("?"):
                if part not in ("0", "1"):
                    return None
                action[name[:-1]] = part == "1"
            elif name.endswith(("*", "+")):
                items = part.split(",") if part or name.endswith("*") else []
                if not all(WORD.fullmatch(item) for item in items):
                    return None
                action[name[:-1]] = items if name.endswith("*") else counted(items)
            elif name.endswith("~") and not part:
                action[name[:-1]] = None
            elif WORD.fullmatch(part):
                name = name.rstrip("~")
                action[name] = part
            else:
                return None
        return action

    def select_action(self, kind: str, values: list[str]) -> dict[str, Any] | Focus | None:
        """The action a select's chosen values name (a narrowing select, "n_<code>", narrows
        the panel instead); None if they are malformed."""
        if kind.startswith("n_") or kind in self.focus_kinds:
            return Focus(values[0] if len(values) == 1 else None)
        declaration = self.by_code(kind) if WORD.fullmatch(kind) else None
        if declaration is None or declaration.widget == "button":
            return None
        if declaration.widget == "multi":
            items = [v.partition(".")[2] for v in values]
            return self.decode(f"{declaration.code}." + ",".join(items)) if items else None
        if len(values) != 1:
            return None
        action = self.decode(values[0])
        wanted = declaration.plays or declaration.type
        return action if action is not None and action["type"] == wanted else None


SUFFIXES = "?*+~"


def counted(items: Iterable[str]) -> dict[str, int]:
    """A multiset field's items as a dict of counts, in the order first met."""
    counts: dict[str, int] = {}
    for item in items:
        counts[item] = counts.get(item, 0) + 1
    return counts


def _events(declared: Iterable[Declaration]) -> dict[str, Callable[..., str]]:
    lines: dict[str, Callable[..., str]] = {}
    for declaration in declared:
        if twice := lines.keys() & declaration.events.keys():
            raise ValueError(f"event lines declared twice: {sorted(twice)}")
        lines.update(declaration.events)
    return lines
