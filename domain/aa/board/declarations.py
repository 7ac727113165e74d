"""What a Global 1940 board file says beyond a Revised one, as frozen data: the owners that take no
turn (``Holder``), split economies (``Economy``), bases (``Base``), sea-zone bans before war
(``SeaBan``) and the politics rules (``PoliticsRules``: wars at the start, conditions,
declarations, automatic wars). ``domain.aa.global1940.politics`` applies the rules; the move
validator reads holders, bases and bans. A Revised board has none of them.
"""
from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Holder:
    """An owner that takes no turn: the Dutch (``side`` Allies) or a kind of neutral (``neutral``;
    ``leans``: the side it welcomes at the start, None for a true neutral)."""

    name: str
    side: str | None = None
    neutral: bool = False
    leans: str | None = None


@dataclass(frozen=True)
class Economy:
    """AAG-income: one of a power's treasuries (the UK's Europe and Pacific economies): income from
    the power's territories on ``map``, lost when ``capital`` falls."""

    name: str
    power: str
    capital: str
    map: str


@dataclass(frozen=True)
class Base:
    """AAG-facilities: a base unit giving ``bonus`` movement to units of ``moves`` (air or sea) that
    begin their move in its territory (``reach`` "territory") or a sea zone beside it
    ("adjacent_sea_zones"), while its damage is below ``out_of_action_at``."""

    unit: str
    bonus: int
    moves: str
    reach: str
    out_of_action_at: int


@dataclass(frozen=True)
class SeaBan:
    """AAG-politics: ``power`` may not end a move in (``may_not`` "end") or enter ("enter") these
    zones until it is at war with one of ``until_at_war_with``."""

    power: str
    zones: frozenset[str]
    until_at_war_with: tuple[str, ...]
    may_not: str = "end"


@dataclass(frozen=True)
class Condition:
    """A named condition a declaration may need: ``side_holds`` holds any of ``any_of``, or (with
    ``target_units_in``) the declaration's target has units in one of those territories.
    ``lasting``: once met it stays met. ``title`` reads "London has fallen" ("{target}": the target)."""

    name: str
    title: str = ""
    side_holds: str | None = None
    any_of: tuple[str, ...] = ()
    target_units_in: tuple[str, ...] = ()
    lasting: bool = False


@dataclass(frozen=True)
class Requirement:
    """One way a declaration becomes allowed: from a round on, a named condition, being at war with
    one of some powers, or ``attacked_by`` having declared war on one of ``attacked_any_of``."""

    from_round: int | None = None
    condition: str | None = None
    at_war_with_any: tuple[str, ...] = ()
    attacked_by: str | None = None
    attacked_any_of: tuple[str, ...] = ()


@dataclass(frozen=True)
class Declaration:
    """Each of ``by`` may declare war on each of ``against`` when any of ``when_any`` is met (always when
    empty). ``together``: powers that fight as one against the other party; ``turns``: neutral
    holders a declaration on a neutral turns as well."""

    by: tuple[str, ...]
    against: tuple[str, ...]
    when_any: tuple[Requirement, ...] = ()
    together: tuple[str, ...] = ()
    turns: tuple[str, ...] = ()


@dataclass(frozen=True)
class AutomaticWar:
    """``power`` is at war with ``against`` after its turn of round ``after_round``."""

    power: str
    against: tuple[str, ...]
    after_round: int


@dataclass(frozen=True)
class PoliticsRules:
    """The board's politics: wars at the start as (declarer, target), ``bonds`` (side-mates allied
    before they share an enemy), conditions, declarations and automatic wars."""

    wars_at_start: tuple[tuple[str, str], ...]
    bonds: tuple[tuple[str, str], ...]
    conditions: tuple[Condition, ...]
    declarations: tuple[Declaration, ...]
    automatic: tuple[AutomaticWar, ...]

    def condition(self, name: str) -> Condition:
        return next(c for c in self.conditions if c.name == name)
