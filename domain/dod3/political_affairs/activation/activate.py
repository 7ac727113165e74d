"""Rule 8.5: activating minors. After its option the player removes every political effect marker
from one minor and applies them one at a time in the order it chooses, after any conversions; the
decider checks every hex entered (``movement``), then the player rolls for the end (8.6)."""
from __future__ import annotations

from domain.dod3.evolve import Decided, evolve
from domain.dod3.pack import Pack
from domain.dod3.political_affairs.activation.messages import (
    ActivateMinor, ActivationSkipped, AppliedMove, Conversion, MarkerMove, MinorActivated,
)
from domain.dod3.political_affairs.activation.movement import (
    Modifier, apply_modifier, first_path, reachable, surroundings,
)
from domain.dod3.political_affairs.control.minors import (
    at_war_with_minor, eligible_to_control, hostile_stack, marker_minors, powers_at_war_with_minor,
)
from domain.dod3.political_affairs.ending.end_roll import after_option
from domain.dod3.political_affairs.step import require_turn
from domain.dod3.state import PoliticalStage, State
from domain.kernel import CommandSpec, Context, RuleViolation, evolved


def eligible_minors(state: State, pack: Pack, power: str) -> tuple[str, ...]:
    """Rule 8.5a: minors with a political marker and at least one effect marker in them, that the
    activator is eligible to control (8.1d) and is not at war with."""
    return tuple(m for m in marker_minors(pack)
                 if state.markers.get(m) and eligible_to_control(pack, power, m)
                 and not at_war_with_minor(state, pack, power, m))


def conversion_choices(state: State, pack: Pack, minor: str) -> dict[str, tuple[str, ...]]:
    """Rule 8.5b: a power at war with the minor holding a negative modifier -> the powers at war
    with it, into whose positive modifier it may be converted."""
    out = {}
    for nationality, value in state.markers.get(minor, {}).items():
        if value < 0 and nationality in powers_at_war_with_minor(state, pack, minor):
            into = tuple(p for p in state.active_powers() if state.at_war(p, nationality))
            if into:
                out[nationality] = into
    return out


def modifiers_after(state: State, pack: Pack, minor: str, conversions: tuple[Conversion, ...]) -> tuple[Modifier, ...]:
    """Rule 8.5b-c: the modifiers to apply once the chosen conversions are made (each marker stays
    a modifier of its own: nationalities never combine)."""
    choices = conversion_choices(state, pack, minor)
    done = set()
    converted = {}
    for conversion in conversions:
        if conversion.nationality in done or conversion.into not in choices.get(conversion.nationality, ()):
            raise RuleViolation("DOD3-8.5b", f"{conversion.nationality}'s modifier in {minor} cannot become "
                                             f"{conversion.into}'s (only a negative modifier of a power at war with "
                                             f"the minor, into a power at war with that power)")
        done.add(conversion.nationality)
        converted[conversion.nationality] = conversion.into
    return tuple(Modifier(converted[n], -v, n) if n in converted else Modifier(n, v)
                 for n, v in state.markers.get(minor, {}).items())


def activate(state: State, pack: Pack, power: str, minor: str, conversions: tuple[Conversion, ...],
             moves: tuple[MarkerMove, ...]) -> tuple[AppliedMove, ...]:
    """Rules 8.5a-8.5g: validate the whole activation; returns each modifier as applied."""
    if minor not in eligible_minors(state, pack, power):
        raise RuleViolation("DOD3-8.5a", f"{power} may not activate {minor} (it needs a political marker and "
                                         f"effect markers, {power} eligible to control it and not at war with it)")
    modifiers = {m.key: m for m in modifiers_after(state, pack, minor, conversions)}
    asked = [(move.nationality, move.converted_from) for move in moves]
    if sorted(asked, key=repr) != sorted(modifiers, key=repr):
        raise RuleViolation("DOD3-8.5c", f"apply every modifier in {minor} once, each alone: "
                                         f"{', '.join(f'{n} {m.value:+d}' for (n, _), m in modifiers.items())}")
    here, applied = state.positions[minor], []
    for move in moves:
        result = apply_modifier(state, pack, minor, here, modifiers[(move.nationality, move.converted_from)],
                                tuple(move.path))
        # A marker that does not move stops where it stands (8.5e): only a move may end in a hostile stack.
        clash = hostile_stack(state, pack, minor, result.end, {**state.positions, minor: result.end})
        if move.path and clash is not None:
            raise RuleViolation("DOD3-8.5g", f"{minor} cannot end in {result.end} with hostile {clash} unless a "
                                             f"major power eligible to control both is there")
        applied.append(result)
        here = result.end
    return tuple(applied)


def activate_minor(state: State, command: ActivateMinor, ctx: Context) -> Decided:
    """Rule 8.5, then 8.6: apply every modifier in the minor, then roll for the end."""
    require_turn(state, ctx, command.power, PoliticalStage.ACTIVATE)
    applied = activate(state, ctx.pack, command.power, command.minor, tuple(command.conversions),
                       tuple(command.moves))
    start = state.positions[command.minor]
    activated = MinorActivated(state.turn, command.power, command.minor, start, tuple(command.conversions), applied,
                               applied[-1].end if applied else start)
    state = yield [activated]
    yield after_option(state, ctx.pack, ctx.dice)


def skip_activation_if_none(state: State, ctx: Context, power: str) -> Decided:
    """Rule 8.5a: "You must activate any one minor ... unless none are available or you are
    stipulated otherwise"."""
    pack = ctx.pack
    card = pack.options[state.political.activating]
    if card.no_activation:
        reason = f"{card.id} stipulates no activation"
    elif not eligible_minors(state, pack, power):
        reason = "no minor is eligible"
    else:
        return
    state = yield [ActivationSkipped(state.turn, power, reason)]
    yield after_option(state, pack, ctx.dice)


def legal_activations(state: State, pack: Pack, power: str) -> list[CommandSpec]:
    """Rule 8.5: for each minor the power may activate, a body it can send: the conversions allowed
    (8.5b) and every modifier to apply with the hexes its marker can reach from where it stands now
    (``moves``: one item per modifier, its ``path`` drawn from those hexes). The example applies
    the modifiers unconverted, each as far as it must go (the marker stops as soon as it may)."""
    return [_activation(state, pack, power, minor) for minor in eligible_minors(state, pack, power)]


def _activation(state: State, pack: Pack, power: str, minor: str) -> CommandSpec:
    here = state.positions[minor]
    around = surroundings(state, pack, minor)
    conversions = [Conversion(n, p) for n, into in conversion_choices(state, pack, minor).items() for p in into]
    unconverted = modifiers_after(state, pack, minor, ())
    converted = [modifiers_after(state, pack, minor, (c,)) for c in conversions]
    moves = []
    for modifier in dict.fromkeys(m for ms in (unconverted, *converted) for m in ms):
        hexes = reachable(state, pack, minor, here, modifier, around)
        moves.append({"nationality": modifier.nationality, "converted_from": modifier.converted_from,
                      "path": sorted(hexes, key=lambda h: (hexes[h], h))})  # cheapest first
    example = []
    for modifier in unconverted:
        path = first_path(state, pack, minor, here, modifier, around)
        example.append({"nationality": modifier.nationality, "converted_from": None, "path": list(path)})
        here = path[-1] if path else here
    conversions = [{"nationality": c.nationality, "into": c.into} for c in conversions]
    return CommandSpec("ActivateMinor", power, {"minor": [minor], "conversions": conversions, "moves": moves},
                       "DOD3-8.5a", {"power": power, "minor": minor, "conversions": [], "moves": example})


@evolve.register
def _(state: State, event: MinorActivated) -> State:
    markers = {minor: by for minor, by in state.markers.items() if minor != event.minor}
    return evolved(state, positions={**state.positions, event.minor: event.end}, markers=markers)
