"""Rule 8.5: activating minors. ``activate`` is the step (which minors, conversions, every modifier
applied in turn, the end roll after it); ``movement`` the marker's path, hex by hex (8.5d-f)."""
