"""A snapshot of what chapter 13 determines "at the moment it is needed" (13.2): each country's
existence, status, alignment and posture, and each place's owner.

The queries (13.6.1, 13.6.2) read only a Situation, so they answer identically inside ``decide``
and inside a projection, which receives nothing but the seat's view: the view carries the
Situation's JSON form and ``Situation.from_json`` rebuilds it."""
from __future__ import annotations

from dataclasses import dataclass, replace

from domain.totaler_krieg.alignment import neutral_alignment, stored_alignment
from domain.totaler_krieg.pack import Pack
from domain.totaler_krieg.posture import posture_of
from domain.totaler_krieg.state import TKState
from domain.totaler_krieg.territory import owners, why_absent
from domain.totaler_krieg.vocabulary import (
    WAR,
    AlignmentNeeds,
    CountryMarker,
    Faction,
    PlaceKind,
    PostureKind,
    Size,
    Status,
    TruceRestrictions,
    WarState,
)


@dataclass(frozen=True)
class CountryFacts:
    id: str
    name: str
    size: Size
    exists: bool
    status: Status | None
    alignment: Faction | None
    alignment_priority: int | None
    alignment_basis: str
    alignment_needs: AlignmentNeeds | None
    posture: str | None
    posture_kind: PostureKind | None
    posture_box: str | None
    civil_war: bool
    gone: bool  # existed once and no longer does (13.8.1, 13.8.6)
    absent_reason: str | None

    @property
    def allied(self) -> bool:
        return self.alignment is not None and self.alignment.allied

    @property
    def pac(self) -> bool:
        """Rule 13.6.1: an Allied country whose Posture Box holds a policy."""
        return self.allied and self.posture_kind is PostureKind.POLICY

    @property
    def tac(self) -> bool:
        """Rule 13.6.2: an Allied country whose Posture Box holds a truce."""
        return self.allied and self.posture_kind is PostureKind.TRUCE

    @property
    def at_war(self) -> bool:
        return self.posture_kind is PostureKind.WAR

    @property
    def active(self) -> bool:
        return self.status is Status.ACTIVE


@dataclass(frozen=True)
class PlaceFacts:
    id: str
    name: str
    kind: PlaceKind
    country: str
    dependent: str | None
    off_map: bool


@dataclass(frozen=True)
class Situation:
    war: WarState
    enforced_peace: bool
    countries: dict[str, CountryFacts]
    places: dict[str, PlaceFacts]
    ports: dict[str, tuple[str, ...]]
    protected_policies: frozenset[str]  # 13.6.1.2: policies Enforced Peace protects (Ostland Accord)
    truce_rules: dict[str, TruceRestrictions]  # truce id -> its set of restrictions
    marker_names: dict[str, str]
    strategic: dict[str, tuple[str, Faction]]

    def owner(self, place: str) -> CountryFacts:
        return self.countries[self.places[place].country]

    def home(self, country: str) -> tuple[str, ...]:
        return tuple(p.id for p in self.places.values() if p.country == country and p.dependent is None)

    def dependents(self, country: str) -> tuple[str, ...]:
        return tuple(p.id for p in self.places.values() if p.country == country and p.dependent is not None)

    def name(self, marker: str) -> str:
        return self.marker_names.get(marker, marker)

    def without_policy(self, policy: str) -> Situation:
        """Rule 13.6.1.2: the situation once every marker of ``policy`` is removed (posture War)."""
        countries = {c: replace(f, posture=WAR, posture_kind=PostureKind.WAR) if f.posture == policy else f
                     for c, f in self.countries.items()}
        return replace(self, countries=countries)

    def to_json(self) -> dict:
        return {
            "war": self.war.value,
            "enforced_peace": self.enforced_peace,
            "countries": {c: _country_json(f) for c, f in self.countries.items()},
            "places": {p: {"name": f.name, "kind": f.kind.value, "country": f.country, "dependent": f.dependent,
                           "off_map": f.off_map} for p, f in self.places.items()},
            "ports": {z: list(p) for z, p in self.ports.items()},
            "protected_policies": sorted(self.protected_policies),
            "truce_rules": {t: r.value for t, r in self.truce_rules.items()},
            "marker_names": dict(self.marker_names),
            "strategic": {h: {"place": p, "faction": f.value} for h, (p, f) in self.strategic.items()},
        }

    @staticmethod
    def from_json(data: dict) -> Situation:
        return Situation(
            war=WarState(data["war"]),
            enforced_peace=data["enforced_peace"],
            countries={c: _country_from_json(c, f) for c, f in data["countries"].items()},
            places={p: PlaceFacts(p, f["name"], PlaceKind(f["kind"]), f["country"], f["dependent"], f["off_map"])
                    for p, f in data["places"].items()},
            ports={z: tuple(p) for z, p in data["ports"].items()},
            protected_policies=frozenset(data["protected_policies"]),
            truce_rules={t: TruceRestrictions(r) for t, r in data["truce_rules"].items()},
            marker_names=dict(data["marker_names"]),
            strategic={h: (v["place"], Faction(v["faction"])) for h, v in data["strategic"].items()},
        )


def _value(enum_member):
    return None if enum_member is None else enum_member.value


def _country_json(f: CountryFacts) -> dict:
    return {"name": f.name, "size": f.size.value, "exists": f.exists, "status": _value(f.status),
            "alignment": _value(f.alignment), "alignment_priority": f.alignment_priority,
            "alignment_basis": f.alignment_basis, "alignment_needs": _value(f.alignment_needs), "posture": f.posture,
            "posture_kind": _value(f.posture_kind), "posture_box": f.posture_box, "civil_war": f.civil_war,
            "gone": f.gone, "absent_reason": f.absent_reason}


def _country_from_json(cid: str, f: dict) -> CountryFacts:
    return CountryFacts(
        cid, f["name"], Size(f["size"]), f["exists"], Status(f["status"]) if f["status"] else None,
        Faction(f["alignment"]) if f["alignment"] else None, f["alignment_priority"], f["alignment_basis"],
        AlignmentNeeds(f["alignment_needs"]) if f["alignment_needs"] else None, f["posture"],
        PostureKind(f["posture_kind"]) if f["posture_kind"] else None, f["posture_box"], f["civil_war"], f["gone"],
        f["absent_reason"])


def situation(state: TKState, pack: Pack) -> Situation:
    """Rule 13.2: status, alignment and posture of every country, checked now."""
    owned = owners(state, pack)
    countries: dict[str, CountryFacts] = {}
    for cid, spec in pack.countries.items():
        exists = spec.major or cid in state.status
        status = Status.ACTIVE if spec.major else state.status.get(cid)
        finding = None
        if exists:
            finding = stored_alignment(state, pack, cid)
            if finding is None and status is Status.NEUTRAL:
                finding = neutral_alignment(state, pack, owned, cid)
        alignment = finding.faction if finding else None
        posture = posture_of(state, pack, cid, alignment)
        countries[cid] = CountryFacts(
            cid, spec.name, spec.size, exists, status, alignment, finding.priority if finding else None,
            finding.basis if finding else "", finding.needs if finding else None, posture.value, posture.kind,
            posture.box, state.has_marker(cid, CountryMarker.CIVIL_WAR), cid in state.gone,
            None if exists else why_absent(state, pack, cid))
    return Situation(
        war=state.war,
        enforced_peace=state.enforced_peace,
        countries=countries,
        places={p: PlaceFacts(p, spec.name, spec.kind, owned[p].country, owned[p].dependent, spec.off_map)
                for p, spec in pack.places.items()},
        ports=dict(pack.naval_zones),
        protected_policies=frozenset(p.id for p in pack.policies.values() if p.protected_by_enforced_peace),
        truce_rules={t.id: t.restrictions for t in pack.truces.values()},
        marker_names={**{p.id: p.name for p in pack.policies.values()}, **{t.id: t.name for t in pack.truces.values()}},
        strategic=dict(pack.strategic_hexes),
    )
