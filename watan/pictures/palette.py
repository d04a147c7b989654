"""The colours of the pictures: the four students', and ink that reads on any fill.

The tiles' colours are the edition's (`Edition.tile_colours`): pale, so that
a student's colour stands out wherever it is drawn on them.
"""

from __future__ import annotations

from watan.engine.state import Colour

STUDENT_COLOURS: dict[Colour, str] = {
    Colour.BLUE: "#1f5fcc",
    Colour.RED: "#d42a2a",
    Colour.ORANGE: "#ef7d0b",
    Colour.YELLOW: "#f5cf1b",
}
"""Each student's colour as drawn (spec §2.7 names them Blue, Red, Orange and Yellow)."""

DARK = "#1d1d1f"
"""Outlines, and ink on light fills."""
LIGHT = "#ffffff"
"""Ink on dark fills, and free places."""
LIKELIEST = "#c0262d"
"""The ink of the likeliest values' tokens, 6 and 8, red as on the board game's."""
EDGE = "#4a4a4a"
"""Tile outlines."""
BACKGROUND = "#f4f1ea"


def ink(fill: str) -> str:
    """Return the colour text is written in on `fill` (`#rrggbb`): dark on light, light on dark.

    The test is the fill's relative luminance (WCAG 2), with the threshold
    where dark and light text have equal contrast on it.
    """
    channels = [int(fill[i : i + 2], 16) / 255 for i in (1, 3, 5)]
    linear = [c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
    luminance = 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]
    return DARK if luminance > 0.179 else LIGHT
