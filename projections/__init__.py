"""Read side: folding logs into state (with snapshots and time travel) and per-seat redaction."""
