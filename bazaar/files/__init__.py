"""What Bazaar reads and writes: its save files and its journals."""
