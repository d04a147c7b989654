"""Looking back at Bazaar journals, and games without a terminal."""
