"""Cities' pictures: the central board with the achievements and every neighbourhood (the
table), one neighbourhood large with its coordinates (`/cities hood`, the panel's preview),
and the final result. Drawn with cogs/drawing.py from views only."""
