"""Pure rules of the games Casus Belli adjudicates: no I/O, no clock, no randomness."""
