"""Rule 8.5: activating minors. The seed's Czechoslovakia example hex for hex on the test layout
shaped like it (test_dod3_p2_layouts), and every clause of the rule."""
import pytest

from domain.dod3.commands import ActivateMinor, PlayOption
from domain.dod3.events import ActivationSkipped, MinorActivated
from domain.dod3.political_affairs.activation.messages import AppliedMove, Conversion, MarkerMove
from domain.dod3.political_affairs.activation.movement import Modifier, reachable
from domain.dod3.state import MinorWar, war_pair
from events.codec import from_plain
from test_dod3_p2_layouts import activating, at, czech_pack, markers, political_affairs

CZECH_MARKERS = {"CW": 3, "GE": 4, "FR": 1}  # "a +3 CW, a +4 German and a +1 French marker"


@pytest.fixture
def czech(new_table):
    """Turn 1 on the example's layout; Czechoslovakia (allied to France) holds the example's markers."""
    table = new_table(pack=czech_pack())
    markers(table, Czechoslovakia=CZECH_MARKERS)
    return table


@pytest.mark.rule("DOD3-8.5e")
def test_the_czechoslovakia_example_as_france_plays_it(czech):
    """Rule 8.5 example: "First the +4 Germany marker is spent to move Czechoslovakia into the
    neutral zone (2 to move into the neutral zone, +1 to cross a boundary and +1 to move away from
    Czechoslovakia's ally). The [CW] points are then allocated to move Czechoslovakia on top of the
    Belgium marker. This costs 2 (1 to move closer to the CW in the Democratic ideology +1 crossing
    a boundary). France then spends her 1 point to move Czechoslovakia back to its starting
    position." """
    activating(czech, "FR")

    events = czech.act("FR", ActivateMinor("FR", "Czechoslovakia", moves=(
        MarkerMove("GE", ("N1",)), MarkerMove("CW", ("BE",)), MarkerMove("FR", ("CZ",)))), rolls=[10])

    activated = events[0]
    assert isinstance(activated, MinorActivated)
    assert activated.moves == (AppliedMove("GE", 4, None, ("N1",), (4,), "N1"),
                               AppliedMove("CW", 3, None, ("BE",), (2,), "BE"),
                               AppliedMove("FR", 1, None, ("CZ",), (1,), "CZ"))
    assert czech.state.positions["Czechoslovakia"] == "CZ"


@pytest.mark.rule("DOD3-8.5e")
@pytest.mark.rule("DOD3-8.5f")
def test_the_czechoslovakia_example_as_the_commonwealth_would_play_it(czech):
    """Rule 8.5 example: "she could have spent the Commonwealth points first to move Czechoslovakia
    1 hex into the free market faction (+1 moving towards the CW in its ideology +1 for crossing a
    boundary and +1 to move away from Czechoslovakia's ally) then spent Germany's 4 points to move
    the marker 1 hex adjacent to the CW (3 to move towards Germany in another ideology +1 for moving
    away from Czechoslovakia's ally). Finally the 1 French point is wasted as the CW spends it
    attempting to move the Czech marker on to the Belgium hex which costs 2" - though a cheaper
    hex towards France (H1) was open: the activator chooses the direction."""
    activating(czech, "CW")

    events = czech.act("CW", ActivateMinor("CW", "Czechoslovakia", moves=(
        MarkerMove("CW", ("H1",)), MarkerMove("GE", ("H2",)), MarkerMove("FR", ()))), rolls=[10])

    assert events[0].moves == (AppliedMove("CW", 3, None, ("H1",), (3,), "H1"),
                               AppliedMove("GE", 4, None, ("H2",), (4,), "H2"),
                               AppliedMove("FR", 1, None, (), (), "H2"))
    assert czech.state.positions["Czechoslovakia"] == "H2" and czech.pack.display.adjacent("H2", "CW")


@pytest.mark.rule("DOD3-8.5e")
def test_a_marker_cannot_enter_a_hex_it_has_not_the_points_for(czech):
    """Rule 8.5: "If it costs more points to enter a hex than that remaining for the modifier, the
    marker cannot enter that hex and ceases its movement in the current hex." The CW's 3 points are
    spent entering H1; H2 would cost 2 more."""
    activating(czech, "CW")

    violation = czech.refused(czech.seat("CW"), ActivateMinor("CW", "Czechoslovakia", moves=(
        MarkerMove("CW", ("H1", "H2")), MarkerMove("GE", ()), MarkerMove("FR", ()))))

    assert violation.rule_id == "DOD3-8.5e"


@pytest.mark.rule("DOD3-8.5e")
def test_a_marker_keeps_moving_while_every_hex_it_may_enter_is_affordable(czech):
    """Rule 8.5: the marker ceases its movement only when it cannot enter the hex it is moved to;
    with 4 German points and every hex towards Germany affordable it may not stop at once."""
    activating(czech, "FR")

    violation = czech.refused(czech.seat("FR"), ActivateMinor("FR", "Czechoslovakia", moves=(
        MarkerMove("GE", ()), MarkerMove("CW", ()), MarkerMove("FR", ()))))

    assert violation.rule_id == "DOD3-8.5e" and "must go on" in violation.message


@pytest.mark.rule("DOD3-8.5d")
def test_positive_modifiers_move_towards_their_power(czech):
    """Rule 8.5: "If a modifier is positive for a major power, move the minor's political marker
    towards that major power". N1 is not closer to France."""
    activating(czech, "CW")

    violation = czech.refused(czech.seat("CW"), ActivateMinor("CW", "Czechoslovakia", moves=(
        MarkerMove("FR", ("N1",)), MarkerMove("CW", ()), MarkerMove("GE", ()))))

    assert violation.rule_id == "DOD3-8.5d"


@pytest.mark.rule("DOD3-8.5d")
def test_negative_modifiers_push_away_until_ten_hexes(table):
    """Rule 8.5: "If a modifier is negative for a major power, move the marker away from that major
    power until it is ten hexes away. At that distance negative modifiers do not effect the minor".
    Rumania in P1 (the Communist corner) is 13 hexes from Germany (D2): a -5 German marker does
    nothing; in E9 it is pushed away."""
    start = Modifier("GE", -5)
    far, near = "P1", "E9"

    assert table.pack.display.distance(far, "D2") >= 10
    assert reachable(table.state, table.pack, "Rumania", far, start) == {}
    assert reachable(table.state, table.pack, "Rumania", near, start)
    assert all(table.pack.display.distance(h, "D2") > table.pack.display.distance(near, "D2")
               for h in reachable(table.state, table.pack, "Rumania", near, start))


@pytest.mark.rule("DOD3-8.5d")
def test_the_display_wraps_around(table):
    """Rule 8.5: "if a marker is in one of the lettered edge hexes, it is adjacent to the other hex
    with the same letter and can enter it at normal movement costs." A3 and C1 are both lettered A:
    Austria in A3 with a German +2 (Germany in C1) enters C1 directly."""
    at(table, GE="C1", Austria="A3")
    markers(table, Austria={"GE": 2})
    activating(table, "GE")

    events = table.act("GE", ActivateMinor("GE", "Austria", moves=(MarkerMove("GE", ("C1",)),)), rolls=[10])

    assert events[0].moves[0].path == ("C1",) and table.state.positions["Austria"] == "C1"


@pytest.mark.rule("DOD3-8.5a")
def test_only_minors_with_markers_the_activator_may_control_and_is_not_at_war_with(table):
    """Rule 8.5: "You must activate any one minor of your choice that you are eligible to control
    ... You may not activate a minor you are at war with ... Only the 28 minors that have a political
    marker and contain at least one political effect marker are eligible to be activated." Italy
    may not activate Czechoslovakia (not under its flag) nor Ethiopia (at war)."""
    markers(table, Czechoslovakia={"GE": 1}, Ethiopia={"IT": 2}, Austria={"IT": 1})
    activating(table, "IT")

    refused = [table.refused(table.seat("IT"), ActivateMinor("IT", minor, moves=(MarkerMove(n, ()),))).rule_id
               for minor, n in (("Czechoslovakia", "GE"), ("Ethiopia", "IT"), ("Poland", "GE"))]

    assert refused == ["DOD3-8.5a"] * 3
    assert [s.choices["minor"] for s in table.decider.legal_commands(table.state, table.seat("IT"))
            if s.type == "ActivateMinor"] == [["Austria"]]


@pytest.mark.rule("DOD3-8.5a")
def test_no_eligible_minor_no_activation(table):
    """Rule 8.5: "unless none are available": Germany guarantees the Netherlands (IPO 12 places no
    marker) and no minor holds a marker, so it rolls for the end at once."""
    political_affairs(table)

    events = table.act("GE", PlayOption("GE", "IPO 12", target="Netherlands"), rolls=[10])

    assert any(isinstance(e, ActivationSkipped) for e in events)
    assert table.state.political.current == "IT"


@pytest.mark.rule("DOD3-8.5b")
def test_negative_modifiers_of_a_power_at_war_with_the_minor_may_be_converted(table):
    """Rule 8.5 example: "Germany has declared war on the Netherlands. The Commonwealth and France
    are at war with Germany. Germany has an accumulated -11 to the Netherlands. The Soviet Union ...
    chooses to activate the Netherlands. She can convert the -11 GE to either a +11 CW or a +11 FR
    or she can choose not to convert it"."""
    table.given(minor_wars=table.state.minor_wars + (MinorWar("GE", "Netherlands", "Mar 1936", ()),),
                wars=frozenset({war_pair("GE", "CW"), war_pair("GE", "FR")}))
    markers(table, Netherlands={"GE": -11})
    activating(table, "RU")
    spec = next(s for s in table.decider.legal_commands(table.state, table.seat("RU")) if s.type == "ActivateMinor")

    refused = table.refused(table.seat("RU"), ActivateMinor("RU", "Netherlands", conversions=(Conversion("GE", "RU"),),
                                                            moves=(MarkerMove("RU", (), "GE"),)))
    events = table.act("RU", ActivateMinor("RU", "Netherlands", conversions=(Conversion("GE", "CW"),), moves=(
        MarkerMove("CW", ("C9", "B10"), "GE"),)), rolls=[10])

    assert spec.choices["conversions"] == [{"nationality": "GE", "into": "CW"}, {"nationality": "GE", "into": "FR"}]
    assert {"nationality": "CW", "converted_from": "GE"}.items() <= spec.choices["moves"][1].items()
    assert refused.rule_id == "DOD3-8.5b"
    assert events[0].moves[0].value == 11 and events[0].moves[0].converted_from == "GE"


@pytest.mark.rule("DOD3-8.5c")
def test_modifiers_apply_one_at_a_time_and_never_combine(czech):
    """Rule 8.5: "You activate a minor by removing all the minor political effect markers ... and
    applying them, one by one, in any order you choose. You cannot combine modifiers of different
    nationalities." Leaving the French modifier out, or naming one twice, is refused."""
    activating(czech, "FR")

    missing = czech.refused(czech.seat("FR"), ActivateMinor("FR", "Czechoslovakia", moves=(
        MarkerMove("GE", ("N1",)), MarkerMove("CW", ("BE",)))))
    twice = czech.refused(czech.seat("FR"), ActivateMinor("FR", "Czechoslovakia", moves=(
        MarkerMove("GE", ("N1",)), MarkerMove("CW", ("BE",)), MarkerMove("CW", ()), MarkerMove("FR", ("CZ",)))))

    assert (missing.rule_id, twice.rule_id) == ("DOD3-8.5c", "DOD3-8.5c")


@pytest.mark.rule("DOD3-8.5g")
def test_hostile_minors_do_not_end_together(table):
    """Rule 8.5: "two minors cannot end together if either is hostile to the other unless they are
    stacked with a major power eligible to control them". Hungary (hostile to Czechoslovakia) is in
    C9, where a CW +1 would take Czechoslovakia from C8."""
    at(table, Czechoslovakia="C8", Hungary="C9")
    markers(table, Czechoslovakia={"CW": 1})
    activating(table, "FR")

    violation = table.refused(table.seat("FR"), ActivateMinor("FR", "Czechoslovakia", moves=(MarkerMove("CW", ("C9",)),)))

    assert violation.rule_id == "DOD3-8.5g"


@pytest.mark.rule("DOD3-8.5g")
def test_hostile_minors_may_stack_with_a_power_eligible_to_control_both(table):
    """Rule 8.5g: in B10, with the CW (eligible to control both), Hungary and Czechoslovakia may end
    together."""
    at(table, Czechoslovakia="C9", Hungary="B10")
    markers(table, Czechoslovakia={"CW": 2})
    activating(table, "FR")

    events = table.act("FR", ActivateMinor("FR", "Czechoslovakia", moves=(MarkerMove("CW", ("B10",)),)), rolls=[10])

    assert events[0].end == "B10"


@pytest.mark.rule("DOD3-8.5h")
def test_markers_return_to_their_owners(czech):
    """Rule 8.5: "When all modifiers have been applied to the minor country, return all the markers
    to their respective owners." Belgium's marker stays where it is."""
    markers(czech, Belgium={"GE": 2})
    activating(czech, "FR")

    czech.act("FR", ActivateMinor("FR", "Czechoslovakia", moves=(
        MarkerMove("GE", ("N1",)), MarkerMove("CW", ("BE",)), MarkerMove("FR", ("CZ",)))), rolls=[10])

    assert "Czechoslovakia" not in czech.state.markers and czech.state.markers["Belgium"] == {"GE": 2}
    assert czech.view("player1")["minors"]["Czechoslovakia"]["markers"] == {}


@pytest.mark.rule("DOD3-8.5a")
def test_legal_commands_offer_the_reachable_hexes_with_their_costs(czech):
    """Rule 8.5 (for clients): each modifier to apply with the hexes it can reach from where the
    marker is, cheapest first, and a body the service accepts (each modifier as far as it must go)."""
    activating(czech, "FR")

    (spec,) = [s for s in czech.decider.legal_commands(czech.state, czech.seat("FR")) if s.type == "ActivateMinor"]

    by_nationality = {m["nationality"]: m["path"] for m in spec.choices["moves"]}
    assert spec.choices["minor"] == ["Czechoslovakia"]
    assert "N1" in by_nationality["GE"] and "H1" in by_nationality["CW"]
    assert isinstance(czech.act("FR", from_plain(ActivateMinor, spec.example), rolls=[10])[0], MinorActivated)


@pytest.mark.rule("DOD3-8.5a")
def test_major_power_options_4_and_5_stipulate_no_activation(table):
    """Rule 8.5: "You must activate any one minor ... unless none are available or you are stipulated
    otherwise (i.e. by major power options 4 or 5 see 8.7.2)." GE 4 leaves German markers in
    Poland, yet Germany activates nothing."""
    political_affairs(table)

    events = table.act("GE", PlayOption("GE", "GE 4", target="Czechoslovakia"), rolls=[10])

    skipped = next(e for e in events if isinstance(e, ActivationSkipped))
    assert "GE 4" in skipped.reason and table.state.markers["Poland"] == {"GE": -1}
