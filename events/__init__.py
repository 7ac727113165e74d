"""Event envelope, codec, hash chain and the event stores (SQLite default, Redis)."""
