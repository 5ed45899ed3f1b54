"""The kit a game's Discord UI is made of: one base beside the declarations (cogs/declare.py).

- `new`: `/<game> new` generated from the game's Options (cogs.commands.GameCommands uses it),
  and `topics`: `/<game> rules` with a topic (a card) for a game that names one; `defaults`:
  `/<game> defaults`, the server's settings and a default of each of `new`'s own parameters;
- `lines`: one event-line engine, one key convention (`<game>.event.<type>`, in the reader's
  person `<game>.event.you.<type>`, `.to_you.`, `.you_own.`), defaults by field, and the
  platform's own notes (a timeout, a seat away or back, a player who left) told once from
  bot/locales for every game (`note`);
- `texts`: texts declared over a view (`Text`, `At`, `Total`, `Mark`, `Name`);
- `lobby`: a lobby's selects of options, and the host's choice, from the same Options;
- `ui`: `KitUI`, a game's UI (bot.ui.GameUI) from declarations and texts: forwarding to the
  declarations, the panel's skeleton (view and legal actions taken once, colours, notes,
  components, the hint policy of the game's registry entry), the table, the end with medals,
  pictures, event lines.
"""
