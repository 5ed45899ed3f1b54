"""Catan with Cities & Knights: a pure, deterministic rules engine (work in progress)."""
