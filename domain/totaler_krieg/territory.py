"""Rules 13.2, 13.3 and 13.8.1: which country (or which country's dependent) each place belongs to.

A place starts with its disposition from the pack (13.3.2 "starting dispositions"). Claims change
it: a Ceded Land marker in the Ceded Lands Box (13.8.1) or a minor created from other lands
(13.8.2, 13.8.6). Where claims overlap the most specific area wins (German Memelland inside the
Russian Baltic States), then the latest. A successor takes its predecessor's lands (Vichy takes
French dependents, 13.8.6) and a Reich Annex marker makes a country part of Germany (13.2.1)."""
from __future__ import annotations

from dataclasses import dataclass, replace

from domain.totaler_krieg.pack import Pack
from domain.totaler_krieg.state import Claim, TKState
from domain.totaler_krieg.vocabulary import ClaimKind, CountryMarker, Faction, GoneReason, PlaceKind


@dataclass(frozen=True)
class Owner:
    country: str
    dependent: str | None = None  # set when the place is (part of) a Dependent of ``country``


def base_owner(pack: Pack, place: str) -> Owner:
    """Rule 13.3.2: the starting disposition of a place."""
    spec = pack.places[place]
    if spec.kind is PlaceKind.DEPENDENT:
        return Owner(spec.country, place)
    if spec.in_dependent is not None:
        return Owner(pack.places[spec.in_dependent].country, spec.in_dependent)
    return Owner(spec.country)


def claim_cover(pack: Pack, claim: Claim) -> tuple[tuple[str, ...], Owner]:
    """The places a claim covers and who it gives them to."""
    match claim.kind:
        case ClaimKind.CEDED:
            marker = pack.markers[claim.id]
            dependent = (marker.whole_country or marker.places[0]) if marker.as_dependent else None
            return marker.places, Owner(marker.to, dependent)
        case ClaimKind.CREATED:
            return pack.area(pack.countries[claim.id].created_from), Owner(claim.id)


def axis_major(pack: Pack) -> str:
    return next(c.id for c in pack.countries.values() if c.major and c.faction is Faction.AXIS)


def owners(state: TKState, pack: Pack) -> dict[str, Owner]:
    """Rule 13.8.1: every place's owner now ("control changes immediately")."""
    covers = [(claim_cover(pack, claim), seq) for seq, claim in enumerate(state.claims)]
    reich = axis_major(pack)
    result: dict[str, Owner] = {}
    for place in pack.places:
        best: tuple[tuple[int, int], Owner] | None = None
        for (places, owner), seq in covers:
            if place in places and (best is None or (len(places), -seq) < best[0]):
                best = ((len(places), -seq), owner)
        owner = best[1] if best else base_owner(pack, place)
        gone = state.gone.get(owner.country)
        if gone is not None and gone.reason is GoneReason.SUCCEEDED:
            owner = Owner(gone.by, owner.dependent)
        if state.has_marker(owner.country, CountryMarker.REICH_ANNEX):
            owner = Owner(reich, owner.dependent)
        result[place] = owner
    return result


def home_places(owned: dict[str, Owner], country: str) -> tuple[str, ...]:
    """The country's own land (13.3: a Dependent is never part of a Home Country)."""
    return tuple(p for p, o in owned.items() if o.country == country and o.dependent is None)


def dependent_places(owned: dict[str, Owner], country: str) -> tuple[str, ...]:
    return tuple(p for p, o in owned.items() if o.country == country and o.dependent is not None)


def exists(state: TKState, pack: Pack, country: str) -> bool:
    """Rule 13.2: majors always exist; a minor exists while it has a status."""
    spec = pack.countries.get(country)
    return spec is not None and (spec.major or country in state.status)


def why_absent(state: TKState, pack: Pack, country: str) -> str:
    """Rule 13.2: the reason a country cannot be selected because it does not exist."""
    name = pack.countries[country].name
    gone = state.gone.get(country)
    if gone is None:
        return f"{name} has not been created (13.8.2)"
    match gone.reason:
        case GoneReason.SUCCEEDED:
            return f"{name} has become {pack.countries[gone.by].name} (13.8.6)"
        case GoneReason.REMOVED_FOR_GOOD:
            return f"{name} was ceded to {_recipient(pack, gone)} and is gone for good (13.8.1.2)"
        case GoneReason.CEDED_WHOLE:
            return f"{name} was ceded to {_recipient(pack, gone)} in its entirety and no longer exists (13.8.1.1)"


def _recipient(pack: Pack, gone) -> str:
    marker = pack.markers.get(gone.by)
    return pack.countries[marker.to].name if marker else gone.by


def landless(state: TKState, pack: Pack, claims: tuple[Claim, ...]) -> list[str]:
    """Existing minors that hold land now and would hold none under ``claims`` (13.8.1.1)."""
    before = {o.country for o in owners(state, pack).values()}
    after = {o.country for o in owners(replace(state, claims=claims), pack).values()}
    return [c for c in state.status if c in before and c not in after]
