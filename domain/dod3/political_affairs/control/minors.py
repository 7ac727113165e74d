"""Minor countries (rules 8.1b, 8.1d, 8.5g): colonies and whom they follow, who may control a
minor, hostile pairs, wars on minors and alliances, as queries the other rules ask."""
from __future__ import annotations

from domain.dod3.pack import Pack
from domain.dod3.state import State


def has_political_marker(pack: Pack, minor: str) -> bool:
    spec = pack.minors.get(minor)
    return spec is not None and spec.political_marker


def marker_minors(pack: Pack) -> tuple[str, ...]:
    """Rule 8.1: the (28) minors with a political marker on the status display."""
    return tuple(m.name for m in pack.minors.values() if m.political_marker)


def colony_owner(pack: Pack, minor: str) -> str:
    """Rule 8.1b: the major power or minor a colony ultimately belongs to (a minor's own name if
    it is no colony). A colony of a colony follows the chain."""
    return pack.colony_owners.get(minor, minor)


def colonies_of(pack: Pack, owner: str) -> tuple[str, ...]:
    """Rule 8.1b: every colony belonging (directly or through another colony) to ``owner``."""
    return pack.colonies.get(owner, ())


def eligible_to_control(pack: Pack, power: str, minor: str) -> bool:
    """Rule 8.1d: China, Italy, Japan and the USA control only the minors listed under their flags;
    Germany, the Soviet Union, France and the Commonwealth may control any minor."""
    listed = pack.flags.get(power)
    return listed is None or minor in listed


def hostile(pack: Pack, a: str, b: str) -> bool:
    """Rule 8.5g: the pair is hostile (either way)."""
    return frozenset((a, b)) in pack.hostile


def powers_at_war_with_minor(state: State, pack: Pack, minor: str) -> frozenset[str]:
    """Rules 8.1b and 8.5: the major powers at war with a minor. A colony is at war with whoever
    is at war with its controller (a colony of a major power: that power's enemies)."""
    owner = colony_owner(pack, minor)
    if owner in state.powers:
        return frozenset(p for p in state.powers if p != owner and state.at_war(p, owner))
    return frozenset(w.power for w in state.minor_wars if w.minor == owner)


def at_war_with_minor(state: State, pack: Pack, power: str, minor: str) -> bool:
    return power in powers_at_war_with_minor(state, pack, minor)


def minor_at_war(state: State, pack: Pack, minor: str) -> bool:
    return bool(powers_at_war_with_minor(state, pack, minor))


def allies_of(state: State, pack: Pack, minor: str) -> frozenset[str]:
    """The major powers allied to a minor (set-up: listed in parentheses; later, options)."""
    return state.minor_alliances.get(colony_owner(pack, minor), frozenset())


def hostile_stack(state: State, pack: Pack, minor: str, hex_id: str, positions: dict[str, str] | None = None) -> str | None:
    """Rule 8.5g: a minor hostile to ``minor`` that would share ``hex_id`` with it, unless a major
    power eligible to control both is stacked there too. None when the stack is allowed."""
    where = state.positions if positions is None else positions
    powers = [p for p in state.powers if where.get(p) == hex_id and not state.powers[p].conquered]
    for other in marker_minors(pack):
        if other == minor or where.get(other) != hex_id or not hostile(pack, minor, other):
            continue
        if not any(eligible_to_control(pack, p, minor) and eligible_to_control(pack, p, other) for p in powers):
            return other
    return None
