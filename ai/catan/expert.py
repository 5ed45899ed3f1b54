"""The expert player (placeholder: the basic move)."""

from __future__ import annotations

from .basic import BasicPlayer


class ExpertPlayer(BasicPlayer):
    name = "expert"
