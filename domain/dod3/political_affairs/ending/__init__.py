"""Rule 8.6: ending political affairs. ``end_roll`` is the roll after each option (or the automatic
end after the last bidder's final option)."""
