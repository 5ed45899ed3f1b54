"""What players see of a Catan game: the board picture (picture.py), drawn from the public
view with the shapes of pieces.py at the places of geometry.py."""
