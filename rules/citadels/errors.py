"""The one exception the engine raises for a move it refuses."""


class IllegalAction(ValueError):
    """An action that is malformed, out of turn, or against the rules; the state is unchanged."""
