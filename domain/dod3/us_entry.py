"""US entry (step G, and the per-power ledger the US keeps). Shifts are recorded per major power
with fractions kept (rule 1.1 rounds only where a rule reads the total)."""
from __future__ import annotations

from fractions import Fraction

from domain.dod3.events import USEntryAdjusted
from domain.dod3.pack import Pack
from domain.dod3.powers import CH, US, Ideology
from domain.dod3.state import State, USEntryShift

AT_WAR_WITH_CHINA = "at_war_with_china"
AT_WAR_WITH_DEMOCRACY = "at_war_with_democracy"
SEARCH_AND_SEIZURE = "search_and_seizure"


def adjustments(state: State, pack: Pack) -> tuple[USEntryShift, ...]:
    """Step G: adjust the US entry of every power at war with China, at war with a Democracy, or
    that conducted search and seizure this turn. China has its own clause, so "a Democracy" means
    one other than China; each clause counts once per turn."""
    sizes = pack.us_entry_adjustments
    democracies = [p for p in pack.members(Ideology.DEMOCRACY) if p != CH]
    shifts = []
    for power in state.active_powers():
        if power == US:
            continue
        if state.at_war(power, CH):
            shifts.append(USEntryShift(state.turn, power, sizes[AT_WAR_WITH_CHINA], AT_WAR_WITH_CHINA))
        if any(state.at_war(power, d) for d in democracies if d != power):
            shifts.append(USEntryShift(state.turn, power, sizes[AT_WAR_WITH_DEMOCRACY], AT_WAR_WITH_DEMOCRACY))
        if power in state.search_and_seizures:
            shifts.append(USEntryShift(state.turn, power, sizes[SEARCH_AND_SEIZURE], SEARCH_AND_SEIZURE))
    return tuple(shifts)


def adjust(state: State, pack: Pack) -> USEntryAdjusted:
    """Step G: record this turn's shifts (an empty turn is recorded too: the history is per turn)."""
    return USEntryAdjusted(state.turn, adjustments(state, pack))


def totals_after(totals: dict[str, Fraction], shifts: tuple[USEntryShift, ...]) -> dict[str, Fraction]:
    """Positive shifts are towards war with that power, negative away from it."""
    out = dict(totals)
    for shift in shifts:
        out[shift.power] = out.get(shift.power, Fraction(0)) + shift.shift
    return out
