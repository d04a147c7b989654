"""The rules of Bazaar: nothing here prints, reads a file or draws the board as text."""
