"""Bazaar: merchants race across a grid of tiles for rubies (../shared/spec/bazaar-spec.md)."""
