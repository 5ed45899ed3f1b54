"""Sealed bids' Discord UI, made of declarations and texts alone (cogs/kit): the table's lines,
the panel's, a button per bid or prize, the lobby's rounds; the kit answers everything else."""

from __future__ import annotations

from cogs.declare import Declaration, Declarations
from cogs.kit.lines import Words
from cogs.kit.texts import SEAT, At, Field, Mark, Name, Table, Text, Total, label
from cogs.kit.ui import KitUI


class BidsUI(KitUI):
    game_id = "bids"
    spec = Declarations([
        Declaration("bid", "b", ("coins",), label=label("bids.bid", coins=Field("coins"))),
        Declaration("pick", "p", ("prize",),
                    label=label("bids.pick", prize=At("offer", Field("prize")))),
    ], prefix="bids.")
    words = Words("bids.")
    board = Table(
        lines=(Text("round", round=At("round"), rounds=At("rounds"), a=At("offer", 0),
                    b=At("offer", 1)),),
        seat=Text("seat", state=Mark("has_bid", "✅", "…"), name=Name(),
                  coins=At("coins", SEAT), won=Total("won", SEAT)))
    panel_lines = (Text("my_bid", coins=At("my_bid"), needs=("my_bid",), unless=("winner",)),)
    lobby_fields = ("rounds",)


UI = BidsUI()
