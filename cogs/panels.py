"""A panel's components built from a game's declarations (cogs/declare.py), for any game.

Discord's limits are kept here: at most 5 rows, 5 buttons a row, 25 options a select, labels
of 80 (buttons) and 100 (options) characters. The layout: the buttons first, in the
declarations' order; the Hint button after them; a select for each other type present, one
row each; the "last" buttons (End turn) alone on the last row, never above a select. A type
with more than 25 choices is narrowed (its `Narrow` steps, one select at a time, the choices
so far kept in the panel's focus, "destroy:p3"), then paged 25 at a time. Where the legal
actions fall into more than one of the declarations' groups, the first row is a select of the
groups (its values "@<group>", a focus) and only the chosen group's types are shown beside the
ungrouped ones (a focus inside a type keeps its group); before any group is chosen, the rows
left free show the game's `eager` types present (its usual choices, one click away: an eager
button among the buttons, the Hint then beside End turn). Components carry
the game id and version in their custom_ids and have no callbacks of their own: the dynamic
items the platform registers at start-up answer them.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence

import discord

from bot.components import ActionButton, ActionSelect, TableButton, unstored
from cogs.declare import ActionLike, Context, Declaration, Declarations, Narrow

MAX_OPTIONS = 25
CODE_MAX = 80  # an action button's code (bot.components.ActionButton)
MAX_ROWS = 5
PER_ROW = 5
BUTTON_LABEL, OPTION_TEXT, PLACEHOLDER = 80, 100, 150
STYLES = {"primary": discord.ButtonStyle.primary, "secondary": discord.ButtonStyle.secondary,
          "success": discord.ButtonStyle.success, "danger": discord.ButtonStyle.danger}


def components(game: int, version: int, legal: Sequence[ActionLike], spec: Declarations,
               ctx: Context, focus: str | None = None, *, hint: bool = False
               ) -> discord.ui.View:
    """The components of a panel offering `legal` (one seat's legal actions); `hint` adds
    the Hint button; `focus` narrows a select (see `narrowed`)."""
    view = discord.ui.View(timeout=None)
    by_type: dict[str, list[ActionLike]] = defaultdict(list)
    for action in legal:
        by_type[action.type].append(action)
    everything = spec.ordered(by_type)
    declared, eager = shown(spec, everything, focus)
    first = 0
    groups = list(dict.fromkeys(d.group for d in everything if d.group is not None))
    if len(groups) > 1:
        view.add_item(_menu(game, version, spec, groups, group_of(spec, focus), ctx))
        first = 1
    end = [a for d in declared if d.last for a in by_type[d.type]]
    last = MAX_ROWS - 1 if end else MAX_ROWS
    pressed = [d for d in everything if d.widget == "button" and not d.last
               and (d in declared or d in eager)]  # eager buttons among the others
    buttons = [a for d in pressed for a in by_type[d.type]]
    eager = [d for d in eager if d.widget != "button"]
    rows = first
    for i, action in enumerate(buttons[:(last - first) * PER_ROW]):
        view.add_item(button(game, version, spec, action, ctx, row=first + i // PER_ROW))
        rows = first + i // PER_ROW + 1
    selects = [d for d in declared if d.widget != "button"]
    hint_last = hint and bool(eager and end) and not buttons  # a row more for choices
    if hint and not hint_last:
        rows = _hint(view, game, ctx, rows, min(len(buttons), (last - first) * PER_ROW),
                     last - rows - len(selects))
    selects += eager[:max(0, last - rows - len(selects))]
    for declaration in selects:
        if rows >= last:
            break
        made = select(game, version, spec, declaration, by_type[declaration.type], ctx,
                      focus)
        if not made.item.options:
            continue  # a multi-select of nothing (Discord refuses an empty select)
        made.row = rows
        view.add_item(made)
        rows += 1
    if hint_last:  # in End turn's row, before it (End turn stays last)
        view.add_item(TableButton(game, "hint", ctx.catalog.text("table.hint", ctx.lang),
                                  row=rows))
    for action in end:
        view.add_item(button(game, version, spec, action, ctx, row=rows))
    return unstored(view)


def shown(spec: Declarations, declared: list[Declaration], focus: str | None
          ) -> tuple[list[Declaration], list[Declaration]]:
    """The declarations a panel shows with this focus, and the eager ones it shows too in
    the rows left free (only while no group is chosen; most wanted first). One group alone
    needs no menu: all of it is shown."""
    groups = {d.group for d in declared} - {None}
    if len(groups) <= 1:
        return declared, []
    chosen = group_of(spec, focus)
    if chosen is not None:
        return [d for d in declared if d.group in (None, chosen)], []
    present = {d.type: d for d in declared if d.group is not None}
    return ([d for d in declared if d.group is None],
            [present[t] for t in spec.eager if t in present])


def shown_types(view: discord.ui.View | discord.ui.LayoutView, spec: Declarations) -> set[str]:
    """The action types a panel's components offer (their selects, narrowing ones included,
    and buttons, a layout's nested ones too), read back from their custom_ids."""
    out: set[str] = set()
    for child in view.walk_children():
        custom_id = str(getattr(getattr(child, "item", child), "custom_id", "") or "")
        code = custom_id.split(":")[-1].removeprefix("s.").removeprefix("n_").split(".")[0]
        declaration = spec.by_code(code) if code else None
        if declaration is not None:
            out.add(declaration.type)
    return out


def group_of(spec: Declarations, focus: str | None) -> str | None:
    """The group a focus shows: "@<group>", or the group of the type it narrows."""
    head = (focus or "").split(":")[0]
    if head.startswith("@"):
        return head[1:] or None
    try:
        return spec.of(head).group if head else None
    except KeyError:
        return None


def _menu(game: int, version: int, spec: Declarations, groups: list[str], chosen: str | None,
          ctx: Context) -> ActionSelect:
    """The select of the groups present, the chosen one marked."""
    options = [discord.SelectOption(
        label=ctx.catalog.text(f"{spec.prefix}panel.group.{g}", ctx.lang)[:OPTION_TEXT],
        value=f"@{g}", default=g == chosen) for g in groups[:MAX_OPTIONS]]
    return ActionSelect(game, version, "n_menu", options,
                        ctx.catalog.text(f"{spec.prefix}panel.menu", ctx.lang)[:PLACEHOLDER],
                        row=0)


def _hint(view: discord.ui.View, game: int, ctx: Context, rows: int, buttons: int,
          free_rows: int) -> int:
    """The Hint button after the (shown) buttons, in their last row if it has room, else in a
    row of its own if no select needs it; the rows used."""
    if buttons % PER_ROW:
        row = rows - 1
    elif free_rows > 0:
        row, rows = rows, rows + 1
    else:
        return rows
    view.add_item(TableButton(game, "hint", ctx.catalog.text("table.hint", ctx.lang), row=row))
    return rows


def _label(declaration: Declaration, action: ActionLike, ctx: Context) -> str:
    assert declaration.label is not None, f"{declaration.type} has no label"
    return declaration.label(action, ctx)


def button(game: int, version: int, spec: Declarations, action: ActionLike, ctx: Context,
           row: int | None) -> ActionButton:
    declaration = spec.of(action.type)
    return ActionButton(game, version, spec.encode(action),
                        _label(declaration, action, ctx)[:BUTTON_LABEL],
                        STYLES[declaration.style], row=row)


def select(game: int, version: int, spec: Declarations, declaration: Declaration,
           actions: list[ActionLike], ctx: Context, focus: str | None) -> ActionSelect:
    if declaration.widget == "multi":
        return _multi_select(game, version, spec, declaration, ctx)
    actions, path, step = narrowed(declaration, actions, focus)
    if step is not None:
        return _narrow_select(game, version, spec, declaration, actions, path, step, ctx)
    options = []
    for action in actions:
        description = declaration.describe(action, ctx) if declaration.describe else None
        options.append(discord.SelectOption(
            label=_label(declaration, action, ctx)[:OPTION_TEXT],
            description=description[:OPTION_TEXT] if description else None,
            value=spec.encode(action)))
    return ActionSelect(game, version, declaration.code, options,
                        ctx.catalog.text(spec.placeholder(declaration), ctx.lang)[:PLACEHOLDER])


def _multi_select(game: int, version: int, spec: Declarations, declaration: Declaration,
                  ctx: Context) -> ActionSelect:
    """Any of the declaration's items (the hand): values are their positions and items."""
    assert declaration.choices is not None and declaration.choice_label is not None
    items = declaration.choices(ctx)[:MAX_OPTIONS]
    chosen = set(declaration.chosen(ctx)) if declaration.chosen else set()
    options = [discord.SelectOption(label=declaration.choice_label(item, ctx)[:OPTION_TEXT],
                                    value=f"{i}.{item}", default=i in chosen)
               for i, item in enumerate(items)]
    most = len(options) if declaration.most is None else declaration.most(ctx)
    most = max(1, min(most, len(options)))
    return ActionSelect(game, version, declaration.code, options,
                        ctx.catalog.text(spec.placeholder(declaration), ctx.lang)[:PLACEHOLDER],
                        min_values=min(declaration.least, most), max_values=most)


# --- more than 25 choices ------------------------------------------------------------------

# The last step: 25 choices at a time, each page's option naming its range (_narrow_select).
PAGE = Narrow("page", lambda key, ctx: key)


def narrowed(declaration: Declaration, actions: list[ActionLike], focus: str | None
             ) -> tuple[list[ActionLike], list[str], Narrow | None]:
    """The actions a focus ("destroy:p3", "exchange:p3:manor") leaves of one type, the path
    of keys it chose, and the step to choose next (None: few enough for one select). A
    focus naming nothing (forged, or out of date) asks again, never for an empty select
    (Discord refuses those, and the click would go unanswered)."""
    head, *path = (focus or "").split(":")
    chosen: list[str] = []

    def wanted() -> str | None:
        return path[len(chosen)] if head == declaration.type and len(path) > len(chosen) \
            else None

    for step in declaration.narrow:
        if len(actions) <= MAX_OPTIONS:
            break
        key = wanted()
        subset = [a for a in actions if step.key_of(a) == key]
        if not subset:
            return actions, chosen, step
        actions, chosen = subset, [*chosen, str(key)]
    if len(actions) > MAX_OPTIONS:
        key, pages = wanted(), _pages(len(actions))
        if key is None or key not in pages:
            return actions, chosen, PAGE
        start = (int(key) - 1) * MAX_OPTIONS
        actions, chosen = actions[start:start + MAX_OPTIONS], [*chosen, str(key)]
    return actions, chosen, None


def _pages(count: int) -> list[str]:
    return [str(p + 1) for p in range(-(-count // MAX_OPTIONS))]


def narrows_to(spec: Declarations, value: str, action: ActionLike) -> bool:
    """Whether a narrowing select's value ("exchange:p3:manor") leads towards `action` (its
    declared steps; a page is not told by the action)."""
    head, *path = value.split(":")
    steps = spec.of(action.type).narrow
    return head == action.type and len(path) <= len(steps) and all(
        step.key_of(action) == key for step, key in zip(steps, path, strict=False))


def _narrow_select(game: int, version: int, spec: Declarations, declaration: Declaration,
                   actions: list[ActionLike], path: list[str], step: Narrow, ctx: Context
                   ) -> ActionSelect:
    """Too many choices for one select: choose `step` first (a player, a district...)."""
    if step is PAGE:
        options = []
        for key in _pages(len(actions))[:MAX_OPTIONS]:
            start = (int(key) - 1) * MAX_OPTIONS
            page = actions[start:start + MAX_OPTIONS]
            span = f"{_label(declaration, page[0], ctx)} … {_label(declaration, page[-1], ctx)}"
            options.append(discord.SelectOption(
                label=f"{start + 1}–{start + len(page)}: {span}"[:OPTION_TEXT],
                value=":".join([declaration.type, *path, key])))
    else:
        keys = list(dict.fromkeys(step.key_of(a) for a in actions))
        options = [discord.SelectOption(label=step.label(key, ctx)[:OPTION_TEXT],
                                        value=":".join([declaration.type, *path, key]))
                   for key in keys[:MAX_OPTIONS]]
    return ActionSelect(game, version, "n_" + declaration.code, options,
                        ctx.catalog.text(f"{spec.prefix}panel.narrow.{step.name}",
                                         ctx.lang)[:PLACEHOLDER])
