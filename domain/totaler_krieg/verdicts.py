"""Answers of the chapter 13 queries, and the hex description the map layer hands them.

The map is outside chapter 13, so a hex arrives as a ``Hex``: the place it lies in, the places of
its neighbours and what stands in it (by nationality). A ``Verdict`` says whether the action is
allowed, which rule forbids it and why, and which policies it would end (13.6.1.2)."""
from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Hex:
    """A land hex as chapter 13 sees it."""

    place: str  # the place (core, dependent, region) the hex lies in
    adjacent: tuple[str, ...] = ()  # places of the adjacent land hexes
    ground_units: tuple[str, ...] = ()  # nationality of each ground unit in the hex
    detachments: tuple[str, ...] = ()  # nationality of each Detachment marker in the hex
    logistics: tuple[str, ...] = ()  # nationality of each Logistics marker in the hex
    zoc: tuple[str, ...] = ()  # nationality of each ground unit projecting a ZOC into the hex


@dataclass(frozen=True)
class Verdict:
    allowed: bool
    rule: str | None = None
    reason: str = ""
    ends: tuple[str, ...] = ()  # policies the action would end (13.6.1.2)

    def to_json(self) -> dict:
        out: dict = {"allowed": self.allowed}
        if self.rule:
            out["rule"] = self.rule
        if self.reason:
            out["reason"] = self.reason
        if self.ends:
            out["ends"] = list(self.ends)
        return out


ALLOWED = Verdict(True)


def deny(rule: str, reason: str) -> Verdict:
    return Verdict(False, rule, reason)


def first_denial(verdicts) -> Verdict:
    """Rule 13.8.3: a rule that applies to either nationality of a unit applies to the unit; the
    policies every nationality's action would end are gathered."""
    ends: list[str] = []
    for verdict in verdicts:
        if not verdict.allowed:
            return verdict
        ends += [p for p in verdict.ends if p not in ends]
    return Verdict(True, ends=tuple(ends))
