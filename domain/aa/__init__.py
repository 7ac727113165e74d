"""Axis & Allies: unit tables as data packs, the battle engine and exact odds (combat/), the
battle ruleset shared by both editions (battles/), and the two rulesets: revised_phase_one
(seed 001 house rules) and global1940 (seed 004 extra rules)."""
