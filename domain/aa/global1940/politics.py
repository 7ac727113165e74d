"""Politics (AAG-politics): relations between every pair of powers as plain frozen state
(``domain.aa.board.Relations``), changed only by declarations of war.

The rules are the board's data (``board.yaml`` ``politics``: wars at the start, bonds, conditions,
declarations, automatic wars); this module applies them. A decider calls:

- ``declare_war(board, relations, power, target, round, conditions)`` in the politics step: the
  ``WarDeclared`` events, or the ``RuleViolation`` naming the condition that is not met;
- ``automatic_wars(board, relations, power, round)`` at the end of a power's turn (the USA at war
  with the Axis after its turn of round 3);
- ``conditions_met(board, position, earlier)`` for the conditions a declaration may need (London
  fallen, the Axis in Canada, a power's units in China), lasting ones kept from ``earlier``;
- ``relations_after(relations, event)`` in ``evolve``.

The move validator reads the relations from ``GlobalPosition.relations``: powers not at war enter
no land of each other's and ignore each other's ships; a side-mate's land opens once the two share
an enemy; sea-zone bans hold until war (``domain.aa.board.borders``).

Where the reference is silent this follows TripleA (ww2global40_2nd_edition): a declaration on a
true neutral is made in the politics step (the box makes the attack itself the declaration) and
turns every true neutral, the attacked one too, towards the other side; an Axis declaration on the
true neutrals turns Mongolia as well, an Allied one does not.
"""
from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace

from domain.aa.board.declarations import Declaration, Requirement
from domain.aa.board.model import Board
from domain.aa.board.relations import Relations, Stance, stances_under
from domain.kernel import Event, RuleViolation

RULE = "AAG-politics"


@dataclass(frozen=True)
class WarDeclared(Event):
    """``power`` declared war on ``target`` in ``round`` (``automatic``: the rules did). ``wars``: the
    (declarer, target) pairs now at war; ``leanings``: (neutral holder, side it now welcomes)."""

    power: str
    target: str
    round: int
    wars: tuple[tuple[str, str], ...] = ()
    leanings: tuple[tuple[str, str], ...] = ()
    automatic: bool = False


def relations_after(relations: Relations, event: WarDeclared) -> Relations:
    """AAG-politics: the relations once ``event`` happened (what ``evolve`` does; never raises)."""
    held = {holder for holder, _ in event.leanings}
    return replace(relations, wars=relations.wars | frozenset(event.wars),
                   leanings=frozenset(p for p in relations.leanings if p[0] not in held) | frozenset(event.leanings))


def at_war(relations: Relations, a: str, b: str) -> bool:
    """AAG-politics: whether ``a`` and ``b`` are at war."""
    return relations.at_war(a, b)


def stance(board: Board, relations: Relations, power: str, other: str) -> Stance:
    """AAG-politics: ``power``'s stance towards ``other`` (allied, at war, welcoming, at peace)."""
    return stances_under(board, relations, power).of(other)


def declare_war(board: Board, relations: Relations, power: str, target: str, round: int,
                conditions: Iterable[str] = ()) -> tuple[WarDeclared, ...] | RuleViolation:
    """AAG-politics: ``power`` declares war on ``target`` (a power, the Dutch or a neutral holder such
    as "True neutral") in ``round``; ``conditions``: the names ``conditions_met`` found. Answers the
    events, or the refusal naming its condition."""
    refusal = _refusal(board, relations, power, target)
    if refusal:
        return RuleViolation(RULE, refusal)
    rules = [d for d in board.politics.declarations if power in d.by and target in d.against]
    if not rules:
        return RuleViolation(RULE, f"{power} may not declare war on {target}")
    conditions = frozenset(conditions)
    allowed = [d for d in rules if not d.when_any
               or any(_met(r, board, relations, power, target, round, conditions) for r in d.when_any)]
    if not allowed:
        ways = [_describe(board, r, target) for d in rules for r in d.when_any]
        return RuleViolation(RULE, f"{power} may not declare war on {target} yet: only {_either(ways)} "
                                   f"(it is round {round})")
    return (_declaration(board, relations, allowed[0], power, target, round),)


def may_declare_on(board: Board, relations: Relations, power: str, round: int,
                   conditions: Iterable[str] = ()) -> tuple[str, ...]:
    """AAG-politics: every power or neutral holder ``power`` may declare war on now, in board order."""
    if board.politics is None:
        return ()
    targets = dict.fromkeys(t for d in board.politics.declarations if power in d.by for t in d.against)
    conditions = frozenset(conditions)
    return tuple(t for t in targets
                 if not isinstance(declare_war(board, relations, power, t, round, conditions), RuleViolation))


def automatic_wars(board: Board, relations: Relations, power: str, round: int) -> tuple[WarDeclared, ...]:
    """AAG-politics: the wars that begin by themselves as ``power``'s turn of ``round`` ends: the USA
    at war with Germany, Italy and Japan after its turn of round 3 (those it is not at war with yet)."""
    if board.politics is None:
        return ()
    return tuple(WarDeclared(power, target, round, wars=((power, target),), automatic=True)
                 for war in board.politics.automatic if war.power == power and round >= war.after_round
                 for target in war.against if not relations.at_war(power, target))


def conditions_met(board: Board, position, earlier: Iterable[str] = ()) -> frozenset[str]:
    """AAG-politics: the named conditions the position meets (a target-dependent one as
    "name:Target"), plus the lasting ones met before (``earlier``)."""
    if board.politics is None:
        return frozenset()
    earlier, met = frozenset(earlier), set()
    for condition in board.politics.conditions:
        if condition.lasting and condition.name in earlier:
            met.add(condition.name)
        if condition.side_holds and any(board.side(position.owner(t)) == condition.side_holds
                                        for t in condition.any_of):
            met.add(condition.name)
        for territory in condition.target_units_in:
            for piece in position.pieces(territory):
                if not board.units[piece.unit].is_facility:
                    met.add(f"{condition.name}:{piece.power}")
    return frozenset(met)


def sea_ban_lifted(board: Board, relations: Relations, power: str) -> bool:
    """AAG-politics: whether ``power`` is free of its sea-zone ban (at war with one of the listed)."""
    ban = board.sea_bans.get(power)
    return ban is None or any(relations.at_war(power, enemy) for enemy in ban.until_at_war_with)


def _refusal(board: Board, relations: Relations, power: str, target: str) -> str | None:
    if board.politics is None:
        return "this board has no politics"
    if power not in board.powers:
        return f"there is no power {power!r}"
    if target not in board.powers and target not in board.holders:
        return f"there is no power or neutral {target!r}"
    if target == power:
        return f"{power} does not declare war on itself"
    if board.is_neutral(target):
        leans = relations.leaning(target)
        if leans is None:
            return None
        if leans == board.side(power):
            return f"{target} already sides with the {leans}: {power} takes its land in the non-combat move"
        return f"{target} already sides with the {leans}: {power} may attack it without a declaration"
    if board.side(target) == board.side(power):
        return f"{power} and {target} are on the same side"
    if relations.at_war(power, target):
        return f"{power} is already at war with {target}"
    return None


def _met(requirement: Requirement, board: Board, relations: Relations, power: str, target: str, round: int,
         conditions: frozenset[str]) -> bool:
    if requirement.from_round is not None and round >= requirement.from_round:
        return True
    name = requirement.condition
    if name is not None and (name in conditions or f"{name}:{target}" in conditions):
        return True
    if any(relations.at_war(power, enemy) for enemy in requirement.at_war_with_any):
        return True
    return requirement.attacked_by is not None and any(
        relations.declared(requirement.attacked_by, victim) for victim in requirement.attacked_any_of)


def _describe(board: Board, requirement: Requirement, target: str) -> str:
    if requirement.from_round is not None:
        return f"from round {requirement.from_round}"
    if requirement.condition is not None:
        return "when " + board.politics.condition(requirement.condition).title.replace("{target}", target)
    if requirement.at_war_with_any:
        return f"once at war with {_either(requirement.at_war_with_any, 'or')}"
    return (f"once {requirement.attacked_by} has declared war on "
            f"{_either(requirement.attacked_any_of, 'or')}")


def _either(words, last: str = "or") -> str:
    words = list(words)
    return words[0] if len(words) == 1 else f"{', '.join(words[:-1])} {last} {words[-1]}"


def _declaration(board: Board, relations: Relations, rule: Declaration, power: str, target: str,
                 round: int) -> WarDeclared:
    if board.is_neutral(target):
        other = next(side for side in dict.fromkeys(board.side_of.values()) if side != board.side(power))
        turned = (target, *(h for h in rule.turns if relations.leaning(h) is None))
        return WarDeclared(power, target, round, leanings=tuple((holder, other) for holder in turned))
    ours = rule.together if power in rule.together else (power,)
    theirs = rule.together if target in rule.together else (target,)
    wars = tuple((a, b) for a in ours for b in theirs if a != b and not relations.at_war(a, b))
    return WarDeclared(power, target, round, wars=wars)
