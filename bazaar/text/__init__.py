"""How Bazaar speaks: the board, the status lines and every other line it prints."""
