"""Citadels' pictures: the table and the final scores, drawn from the public view
(`picture.py`). The texts are the package's own modules (table, events, texts)."""
