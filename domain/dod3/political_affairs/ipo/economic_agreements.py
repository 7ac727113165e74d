"""Rule 8.7.2, IPO 2 (Minor Economic Agreement): make an agreement for a red factory or one or two
resources of a minor (or its colonies), or break one; never with a minor at war or in civil war."""
from __future__ import annotations

from collections import Counter
from fractions import Fraction

from domain.dod3.evolve import evolve
from domain.dod3.pack import Pack
from domain.dod3.political_affairs.control.minors import colonies_of, minor_at_war
from domain.dod3.political_affairs.control.political_control import initiative_position
from domain.dod3.political_affairs.ipo.messages import (
    FACTORY, AgreementAction, AgreementItem, EconomicAgreementBroken, EconomicAgreementMade,
)
from domain.dod3.political_affairs.options.messages import OptionRequest
from domain.dod3.political_affairs.options.pack import OptionCard
from domain.dod3.state import ResourceMarker, State
from domain.kernel import Event, RuleViolation, evolved

RULE = "DOD3-8.7.2"


def capacity(pack: Pack, location: str, kind: str) -> int:
    """The points a minor's (or colony's) resource, oil or red factory boxes hold."""
    spec = pack.minors.get(location)
    if spec is None:
        return 0
    return spec.red_factories if kind == FACTORY else spec.resources.get(kind, 0)


def committed(state: State, location: str, kind: str) -> int:
    return sum(1 for m in state.resource_markers if m.location == location and m.kind == kind)


def available(state: State, pack: Pack, minor: str) -> dict[tuple[str, str], int]:
    """Rule 8.7.2: resources and red factories of the minor and its colonies not yet committed."""
    out = {}
    for location in (minor, *colonies_of(pack, minor)):
        for kind in (*pack.minors[location].resources, FACTORY):
            free = capacity(pack, location, kind) - committed(state, location, kind)
            if free > 0:
                out[(location, kind)] = free
    return out


def _check_items(pack: Pack, minor: str, items: tuple[AgreementItem, ...]) -> None:
    """Rule 8.7.2: "a red factory or one or two resources"."""
    places = {minor, *colonies_of(pack, minor)}
    kinds = [item.kind for item in items]
    most = pack.politics.economic_agreement.most_resources
    if any(item.location not in places for item in items):
        raise RuleViolation(RULE, f"agreement items must lie in {minor} or its colonies")
    if kinds == [FACTORY] or (1 <= len(kinds) <= most and FACTORY not in kinds):
        return
    raise RuleViolation(RULE, f"name one red factory, or one to {most} resources")


def check(state: State, pack: Pack, power: str, card: OptionCard, request: OptionRequest) -> None:
    """Rule 8.7.2: the conditions to make or to break an agreement."""
    minor = request.target
    if minor_at_war(state, pack, minor) or minor in state.civil_wars:
        raise RuleViolation(RULE, f"IPO 2 may not be played against a minor at war or in civil war ({minor})")
    _check_items(pack, minor, request.items)
    willpower = pack.minors[minor].willpower
    position = initiative_position(state, power)
    if request.agreement is AgreementAction.MAKE:
        if willpower is None or position > willpower:
            raise RuleViolation(RULE, f"{power}'s initiative ({position}) must not exceed {minor}'s willpower ({willpower})")
        wanted = Counter((item.location, item.kind) for item in request.items)
        free = available(state, pack, minor)
        for (location, kind), count in wanted.items():
            if free.get((location, kind), 0) < count:
                raise RuleViolation(RULE, f"{location} has no uncommitted {kind} for {power}")
        return
    owner = request.break_power or power
    held = Counter((m.location, m.kind) for m in state.resource_markers if m.power == owner)
    for (location, kind), count in Counter((item.location, item.kind) for item in request.items).items():
        if held.get((location, kind), 0) < count:
            raise RuleViolation(RULE, f"{owner} has no {kind} marker in {location} to remove")
    if owner != power:
        theirs = initiative_position(state, owner)
        if willpower is None or not (position < willpower and position < Fraction(theirs, 2)):
            raise RuleViolation(RULE, f"to break {owner}'s agreement {power}'s initiative ({position}) must be less "
                                      f"than {minor}'s willpower ({willpower}) and half of {owner}'s ({theirs})")


def events(state: State, pack: Pack, power: str, card: OptionCard, request: OptionRequest) -> list[Event]:
    items = tuple(request.items)
    if request.agreement is AgreementAction.MAKE:
        return [EconomicAgreementMade(state.turn, power, request.target, items)]
    return [EconomicAgreementBroken(state.turn, power, request.break_power or power, request.target, items)]


@evolve.register
def _(state: State, event: EconomicAgreementMade) -> State:
    added = tuple(ResourceMarker(event.power, item.location, item.kind) for item in event.items)
    return evolved(state, resource_markers=state.resource_markers + added)


@evolve.register
def _(state: State, event: EconomicAgreementBroken) -> State:
    markers = list(state.resource_markers)
    for item in event.items:
        gone = ResourceMarker(event.owner, item.location, item.kind)
        if gone in markers:
            markers.remove(gone)
    return evolved(state, resource_markers=tuple(markers))
