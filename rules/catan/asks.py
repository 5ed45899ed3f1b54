"""Decisions of a kind a progress card brings with it (progress.Card.asks): one record each,
the engine's every use of the kind. The built-in kinds (§3.5) are decisions.py's, legal.py's
and engine.py's own; a kind here needs no line in them."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from rules.kernel.actions import type_of

from .actions import Action
from .state import Decision, GameState
from .tx import Tx


@dataclass(frozen=True)
class Ask:
    """A decision of kind `kind` and the action class that answers it."""
    kind: str
    answer: type[Action]
    choices: Callable[[GameState, Decision], list[Action]]  # every legal answer (listed first:
    # the timeout's default)
    handler: Callable[[Tx, Decision, Any], None]  # the answer taken (it marks the decision done)

    @property
    def type(self) -> str:
        """The type of the answering actions."""
        return type_of(self.answer)


# The kinds the cards added to progress.PROGRESS ask, by kind.
ASKS: dict[str, Ask] = {}
