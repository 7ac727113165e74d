"""Properties of activation and control (hypothesis): a marker never moves with points it does not
have, and every minor has at most one controller, eligible and in the minor's ideology, whatever
the order the powers are listed in (a minor a power directs excepted: rule 3.2g)."""
from dataclasses import replace

from hypothesis import given, settings
from hypothesis import strategies as st

from domain.dod3 import RULESET
from domain.dod3.political_affairs.activation.movement import Modifier, apply_modifier, reachable, steps
from domain.dod3.political_affairs.control.minors import eligible_to_control, marker_minors
from domain.dod3.political_affairs.control.political_control import control_table, power_ideology
from domain.dod3.powers import MAJOR_POWERS
from domain.dod3.state import MinorWar, war_pair
from domain.kernel import RuleViolation, Setup
from service.packs import default_pack

PACK = default_pack(RULESET)
START = RULESET.make_decider(PACK).initial_state(Setup(RULESET.seat_presets["8"], {}, PACK))
HEXES = sorted(PACK.display.hexes)
MINORS = marker_minors(PACK)
HEXES_BY_IDEOLOGY = {i: sorted(h for h in HEXES if PACK.display.ideology(h) is i) for i in {PACK.ideology(p) for p in MAJOR_POWERS}}

values = st.integers(-14, 14).filter(bool)
wars = st.frozensets(st.tuples(st.sampled_from(MAJOR_POWERS), st.sampled_from(MAJOR_POWERS))
                     .filter(lambda pair: pair[0] != pair[1]).map(lambda pair: war_pair(*pair)), max_size=4)


@st.composite
def situations(draw):
    """A minor somewhere on the display, a modifier on it, some wars with it and between powers."""
    minor = draw(st.sampled_from(MINORS))
    modifier = Modifier(draw(st.sampled_from(MAJOR_POWERS)), draw(values))
    enemies = draw(st.frozensets(st.sampled_from(MAJOR_POWERS), max_size=2))
    state = replace(START, wars=draw(wars), positions={**START.positions, minor: draw(st.sampled_from(HEXES))},
                    minor_wars=tuple(MinorWar(p, minor, "Jan 1936", ()) for p in enemies))
    return state, minor, modifier


@settings(max_examples=150, deadline=None)
@given(situations(), st.data())
def test_activation_never_spends_points_it_does_not_have(situation, data):
    state, minor, modifier = situation
    here, path = state.positions[minor], []
    for _ in range(data.draw(st.integers(0, 8))):
        options = steps(state, PACK, minor, modifier, here)
        if not options:
            break
        here = data.draw(st.sampled_from(sorted(options)))
        path.append(here)

    try:
        applied = apply_modifier(state, PACK, minor, state.positions[minor], modifier, tuple(path))
    except RuleViolation as refused:
        assert refused.rule_id in ("DOD3-8.5d", "DOD3-8.5e")
        return
    assert sum(applied.costs) <= abs(modifier.value)
    assert all(cost >= PACK.politics.activation.minimum_cost for cost in applied.costs)
    assert applied.end == (path[-1] if path else state.positions[minor])


@settings(max_examples=100, deadline=None)
@given(situations())
def test_every_reachable_hex_is_within_the_modifiers_points(situation):
    state, minor, modifier = situation

    found = reachable(state, PACK, minor, state.positions[minor], modifier)

    assert all(0 < cost <= abs(modifier.value) for cost in found.values())
    reach = PACK.politics.activation.negative_range
    if modifier.value < 0 and PACK.display.distance(state.positions[minor], state.positions[modifier.nationality]) >= reach:
        assert found == {}


@st.composite
def boards(draw):
    """Every power on its own hex of its ideology; every minor anywhere."""
    taken, powers = set(), {}
    for power in MAJOR_POWERS:
        hex_id = draw(st.sampled_from(HEXES_BY_IDEOLOGY[PACK.ideology(power)]).filter(lambda h: h not in taken))
        taken.add(hex_id)
        powers[power] = hex_id
    minors = {m: draw(st.sampled_from(HEXES)) for m in MINORS}
    track = tuple(draw(st.permutations(MAJOR_POWERS)))
    return replace(START, positions={**powers, **minors}, initiative=replace(START.initiative, track=track))


@settings(max_examples=60, deadline=None)
@given(boards())
def test_control_is_unique_eligible_and_in_the_minors_ideology(state):
    table = control_table(state, PACK)
    reversed_powers = replace(state, powers=dict(reversed(list(state.powers.items()))))

    assert control_table(reversed_powers, PACK) == table
    for minor in set(MINORS) - state.directed_minors:  # the CW directs Ethiopia wherever it stands (3.2g)
        controller = table[minor]
        ideology = PACK.display.ideology(state.positions[minor])
        if controller is None:
            continue
        assert ideology is not None and power_ideology(state, PACK, controller) is ideology
        assert eligible_to_control(PACK, controller, minor)
