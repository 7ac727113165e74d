"""Rule 8.4c-d: the minor country effects and the US entry effect of an option: the option's own
numbers plus the chart column it refers to, modified in the order the card lists, rounded once
at the end (rule 1.1) and merged into the playing power's existing markers."""
from __future__ import annotations

from fractions import Fraction

from domain.dod3.pack import Pack
from domain.dod3.political_affairs.control.minors import allies_of, has_political_marker
from domain.dod3.political_affairs.options.messages import MarkerChange, OptionRequest
from domain.dod3.political_affairs.options.pack import (
    SCALING_MODIFIERS, ChartColumn, ChartKind, Modifier, ModifierKind, OptionCard,
)
from domain.dod3.state import State
from domain.dod3.turns import year
from domain.kernel import round_half_away


def chart_column(pack: Pack, card: OptionCard, target: str | None) -> ChartColumn | None:
    """Rule 8.4c: the war- or treaty-chart column an option refers to (its target's)."""
    if target is None:
        return None
    match card.chart:
        case ChartKind.WAR:
            return pack.war_chart.get(target)
        case ChartKind.TREATY:
            return pack.treaty_chart.get(target)
    return None


def _modified(value: Fraction, modifiers: tuple[Modifier, ...], *, allied: bool, levels: int, ideology: str) -> Fraction:
    """Rules 8.4c-d: halve, opposite, double, per ally, to negative results only, times the levels
    cancelled, by ideology: in the order the card lists them."""
    for modifier in modifiers:
        match modifier.kind:
            case ModifierKind.OPPOSITE:
                value = -value
            case ModifierKind.HALVE:
                value = value / 2
            case ModifierKind.DOUBLE:
                value = value * 2
            case ModifierKind.PER_ALLY if allied:
                value += modifier.value
            case ModifierKind.NEGATIVE_ONLY if value < 0:
                value += modifier.value
            case ModifierKind.MULTIPLY_BY_LEVELS:
                value *= levels
            case ModifierKind.ADD:
                value += modifier.value
            case ModifierKind.BY_IDEOLOGY:
                value += modifier.by_ideology.get(ideology, 0)
    return value


def minor_effects(state: State, pack: Pack, power: str, card: OptionCard, request: OptionRequest) -> dict[str, int]:
    """Rule 8.4c: each minor's net modifier. "If both apply, add them together", then modify, then
    round (an effect that comes to 0 places no marker; minors without a political marker are
    never activated, so they get none either)."""
    column = chart_column(pack, card, request.target)
    raw: dict[str, Fraction] = {m: Fraction(v) for m, v in card.minor_effects.items()}
    if request.target in card.target_effects:
        raw[request.target] = raw.get(request.target, Fraction(0)) + card.target_effects[request.target]
    for minor, value in (column.minor_effects.items() if column is not None else ()):
        raw[minor] = raw.get(minor, Fraction(0)) + value
    ideology = pack.ideology(power).value
    out = {}
    for minor, value in raw.items():
        allied = power in allies_of(state, pack, minor)
        net = round_half_away(_modified(value, card.modifiers, allied=allied, levels=request.levels, ideology=ideology))
        if net and has_political_marker(pack, minor):
            out[minor] = net
    return out


def marker_changes(state: State, power: str, effects: dict[str, int]) -> tuple[MarkerChange, ...]:
    """Rule 8.4c: "If you already have a marker in the minor country, replace it with one equal to
    the sum of the old and new modifiers." The marker is always the playing power's."""
    return tuple(MarkerChange(minor, power, change, state.markers.get(minor, {}).get(power, 0) + change)
                 for minor, change in effects.items())


def us_entry_effect(state: State, pack: Pack, power: str, card: OptionCard, request: OptionRequest,
                    extra: Fraction = Fraction(0)) -> Fraction:
    """Rule 8.4d: the number for the year (the option's plus its chart column's, plus ``extra``
    for effects such as IPO 1's), then the card's modifiers: "use the opposite of the chart effect
    ... or double or halve the effect ... This is done after adding any modifier" ((3 + 2) / 2, not
    3 / 2 + 2), whatever order the card lists them in. Fractions are kept."""
    when = year(pack, state.turn)
    column = chart_column(pack, card, request.target)
    value = card.us_entry_in(when) + (column.us_entry_in(when) if column is not None else 0) + extra
    # A stable sort: the additions keep their card order, and so do the scalings after them.
    ordered = tuple(sorted(card.us_entry_modifiers, key=lambda m: m.kind in SCALING_MODIFIERS))
    return _modified(Fraction(value), ordered, allied=False, levels=request.levels,
                     ideology=pack.ideology(power).value)
