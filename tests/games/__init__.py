"""Games that exist only for the tests."""
