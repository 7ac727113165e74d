"""The Soviet-Mongolian defence pact (seed 004 extra rules, AAG40-mongolia).

Mongolian territories carry an alignment: ``neutral`` (strict neutral), ``pro_allies``, ``pro_axis``,
``allied`` (joined the Allies after a failed Japanese attack) or a power name once controlled. The
functions take the alignments and the attacks of the current turn and return new alignments.
"""
from __future__ import annotations

from collections.abc import Iterable, Mapping

from domain.aa.global1940.extra_rules import Mongolia

NEUTRAL, PRO_ALLIES, PRO_AXIS, JOINED_ALLIES = "neutral", "pro_allies", "pro_axis", "allied"
# Seed: the pact hands over territories that were neutral, pro-Allied or joined the Allies.
_HANDED_OVER = frozenset({NEUTRAL, PRO_ALLIES, JOINED_ALLIES})


def pact_broken(rules: Mongolia, ussr_attacked: Iterable[str]) -> bool:
    """AAG40-mongolia: Mongolia may side with the Axis only once the USSR attacks one of its territories."""
    return any(t in rules.territories for t in ussr_attacked)


def may_join_axis(rules: Mongolia, ussr_attacked: Iterable[str]) -> bool:
    """AAG40-mongolia: the six Mongolian territories never join the Axis unless the USSR attacked one."""
    return pact_broken(rules, ussr_attacked)


def pact_triggered(rules: Mongolia, japan_attacked: Iterable[str], ussr_attacked: Iterable[str]) -> bool:
    """AAG40-mongolia: a Japanese attack on an original Soviet territory bordering Mongolia triggers the
    pact, whatever the state of Soviet-Japanese relations; not when the USSR has attacked Korea or an
    original Japanese territory bordering Mongolia (Mongolia then stays neutral)."""
    ussr = set(ussr_attacked)
    if ussr & rules.japanese_borders or pact_broken(rules, ussr):
        return False
    return any(t in rules.soviet_borders for t in japan_attacked)


def end_of_japanese_combat_move(rules: Mongolia, alignments: Mapping[str, str],
                                japan_attacked: Iterable[str], ussr_attacked: Iterable[str] = ()) -> dict[str, str]:
    """AAG40-mongolia: at the end of Japan's combat move, if the pact is triggered, every Mongolian
    territory that is neutral, pro-Allied or joined the Allies passes to Soviet control (as a friendly
    neutral the USSR moved into: Soviet control markers, the Mongolian army placed from Soviet pieces)."""
    japan_attacked = tuple(japan_attacked)
    if not pact_triggered(rules, japan_attacked, ussr_attacked):
        return dict(alignments)
    return {t: (rules.ally if a in _HANDED_OVER else a) for t, a in alignments.items()}


def after_japanese_attack_on_mongolia(rules: Mongolia, alignments: Mapping[str, str],
                                      japan_attacked: Iterable[str]) -> dict[str, str]:
    """AAG40-mongolia: otherwise Mongolia is a strict neutral, so a Japanese attack on a neutral Mongolian
    territory turns every other strict-neutral Mongolian territory pro-Allied (the other strict neutrals
    on the map follow the box rule outside this module)."""
    attacked = {t for t in japan_attacked if alignments.get(t) == NEUTRAL and t in rules.territories}
    if not attacked:
        return dict(alignments)
    return {t: (PRO_ALLIES if a == NEUTRAL and t not in attacked else a) for t, a in alignments.items()}
