"""Axis & Allies Global 1940 (2nd ed.) with the seed 004 extra rules (ruleset ``aa-global1940``).

Modelled: battles (request, fight round by round with the game's dice) with the advances that
change combat (AAG40-tech: Improved Artillery Support, Improved Mechanized Infantry, Super
Submarines, Jet Fighters, Radar, Heavy Bombers; Improved Shipyards changes the IPC value of
losses); the advances in play are named by the command. The other extra rules are rule functions
with their own data (extra_rules.yaml), not yet commands of a game: research & development
(AAG40-rd, research.py), US industrial complexes and San Francisco (AAG40-us-ic, AAG40-sf,
industry.py), the Soviet-Mongolian pact (AAG40-mongolia, mongolia.py) and China (AAG40-china,
china.py).
"""
from domain.aa.battles import RuleIds, make_ruleset

RULES = RuleIds(tech="AAG40-tech")

RULESET = make_ruleset(
    id="aa-global1940",
    title="Axis & Allies Global 1940 (2nd edition): extra rules",
    package="domain.aa.global1940",
    rules=RULES,
    description=__doc__,
    seat_presets={
        "one-per-power": {p.lower(): (p,) for p in
                          ("Germany", "USSR", "Japan", "USA", "China", "UK", "Italy", "ANZAC", "France")},
        "axis-allies": {"axis": ("Germany", "Japan", "Italy"),
                        "allies": ("USSR", "USA", "China", "UK", "ANZAC", "France")},
    },
)
