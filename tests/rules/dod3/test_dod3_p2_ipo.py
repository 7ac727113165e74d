"""Rules 8.7.1 (IPO 1, New World Order), 8.7.2 (IPO 2, Minor Economic Agreement) and 2.6 (the
America in Flames war-chart columns). IPO 1's costs run on the layout shaped like rule 8.5's
example, whose liberal (centre) faction is compact; the rest on the reference layout."""
import pytest

from domain.dod3.commands import PlayOption
from domain.dod3.events import EconomicAgreementBroken, EconomicAgreementMade, PowerMarkerMoved
from domain.dod3.political_affairs.ipo.messages import AgreementAction, AgreementItem
from domain.dod3.political_affairs.ipo.new_world_order import movement_points
from domain.dod3.state import MinorWar, ResourceMarker
from test_dod3_p2_layouts import at, czech_pack, political_affairs


def moved(events) -> PowerMarkerMoved:
    return next(e for e in events if isinstance(e, PowerMarkerMoved))


@pytest.fixture
def czech(new_table):
    return new_table(pack=czech_pack())


@pytest.mark.rule("DOD3-8.7.1")
def test_movement_points_by_initiative_and_ideology(table):
    """Rule 8.7.1: "You receive a number of movement points based on your ranking on the initiative
    track (1st = 8; 8th = 1; etc.). Subtract 2 from this if you are in the Democratic ideology and
    subtract 1 if you are in the Communist ideology. You always get a minimum of 1 movement point."
    Set-up order: GE 1st, CW 3rd, RU 5th, CH 8th."""
    points = {p: movement_points(table.state, table.pack, p) for p in ("GE", "CW", "RU", "CH")}

    assert points == {"GE": 8, "CW": 4, "RU": 3, "CH": 1}


@pytest.mark.rule("DOD3-8.7.1")
def test_costs_closer_to_and_further_from_the_centre_faction(czech):
    """Rule 8.7.1: "1 point to enter a hex closer to all hexes of the centre faction of your
    ideology; 3 points to enter a hex further from all hexes of the centre faction of your ideology
    ... 2 points in all other cases". The CW (4 points) enters H2 (1) then H1 (2)."""
    political_affairs(czech, order=("CW",))
    events = czech.act("CW", PlayOption("CW", "IPO 1", path=("H2", "H1")))

    assert (moved(events).points, moved(events).costs) == (4, (1, 2))
    assert czech.state.positions["CW"] == "H1"


@pytest.mark.rule("DOD3-8.7.1")
def test_moving_further_from_the_centre_costs_3(czech):
    """Rule 8.7.1: 3 points to enter a hex further from all hexes of the centre faction."""
    political_affairs(czech, order=("CW",))

    events = czech.act("CW", PlayOption("CW", "IPO 1", path=("1/-4",)))

    assert moved(events).costs == (3,)


@pytest.mark.rule("DOD3-8.7.1")
def test_carried_minors_cost_as_much_again_each(czech):
    """Rule 8.7.1: "You can move minor country markers with you when you move. They must start
    stacked with you. Each minor marker takes as many points to move as your major power marker
    (e.g.. for a major power to move with 2 minor countries, it would take 3 points to move 1 hex
    towards the center of your ideology)." """
    at(czech, Netherlands="CW", Norway="CW")
    political_affairs(czech, order=("CW",))

    events = czech.act("CW", PlayOption("CW", "IPO 1", path=("H2",), carry=("Netherlands", "Norway")))

    assert moved(events).costs == (3,)
    assert (czech.state.positions["Netherlands"], czech.state.positions["Norway"]) == ("H2", "H2")


@pytest.mark.rule("DOD3-8.7.1")
@pytest.mark.parametrize("command, reason", [
    (PlayOption("CW", "IPO 1", path=("H2", "2/-2", "2/-1")), "cannot leave"),
    (PlayOption("CW", "IPO 1", path=("0/-3", "-1/-3")), "without another major power"),
    (PlayOption("CW", "IPO 1", path=("1/-4", "0/-4")), "costs"),
    (PlayOption("CW", "IPO 1", path=("H2",), carry=("Czechoslovakia",)), "stacked"),
])
def test_what_a_new_world_order_move_may_not_do(czech, command, reason):
    """Rule 8.7.1: "In the standard game, major powers cannot leave their ideology ... you must end
    your movement in a hex that does not contain another major power. ... They must start stacked
    with you." Nor may a move cost more than the points (the CW has 4; 3 + 2 is too much). The USA
    stands in -1/-3."""
    political_affairs(czech, order=("CW",))

    violation = czech.refused(czech.seat("CW"), command)

    assert violation.rule_id == "DOD3-8.7.1" and reason in violation.message


@pytest.mark.rule("DOD3-8.7.1")
def test_hostile_minors_are_not_left_together(table):
    """Rule 8.7.1: "You can't move in a way that would leave two minors hostile to each other in the
    same hex, unless they are stacked with a major power that is eligible to control them." Italy
    (C3) may control Hungary but not Czechoslovakia: it may not carry Hungary to Czechoslovakia in
    D4, nor walk away from the two of them."""
    at(table, Hungary="C3", Czechoslovakia="D4")
    political_affairs(table, order=("IT",))
    carrying = table.refused(table.seat("IT"), PlayOption("IT", "IPO 1", path=("D4",), carry=("Hungary",)))
    at(table, Czechoslovakia="C3")

    leaving = table.refused(table.seat("IT"), PlayOption("IT", "IPO 1", path=("D4",)))

    assert (carrying.rule_id, leaving.rule_id) == ("DOD3-8.7.1", "DOD3-8.7.1")


@pytest.mark.rule("DOD3-8.7.1")
@pytest.mark.parametrize("power, path, shift", [("CW", ("H2",), 0), ("GE", ("4/-1",), 2), ("FR", ("-1/2",), 0)])
def test_us_entry_of_a_new_world_order(czech, power, path, shift):
    """Rule 8.7.1: "You gain the US entry Democracy benefit if you end your move closer to every
    centre hex of the Democratic ideology. It costs you the US entry Communism or Fascism cost if you
    end your move closer to any centre hex of that ideology. These US entry effects are cumulative."
    (The pack's stand-ins: -2 and +2.) The CW in H2 is closer to every liberal hex (-2) and to a
    fascist centre hex (+2); Germany in 4/-1 only to the fascist centre (+2); France in -1/2 is
    closer to some liberal hexes but not to every one (and to no other centre): no benefit, 0."""
    political_affairs(czech, order=(power,))
    before = czech.state.us_entry[power]

    czech.act(power, PlayOption(power, "IPO 1", path=path))

    assert czech.state.us_entry[power] - before == shift


@pytest.mark.rule("DOD3-8.7.2")
def test_an_economic_agreement_for_one_resource(table):
    """Rule 8.7.2: "To make an economic agreement, the major power's initiative must be less than or
    equal to the minor's willpower ... a major power places one of its factory/resource markers on
    a red factory or one or two resources the minor controls." Germany (1st) takes Sweden's second
    resource (Germany has the first from the set-up) for 4."""
    political_affairs(table)

    events = table.act("GE", PlayOption("GE", "IPO 2", target="Sweden", items=(AgreementItem("Sweden", "resource"),)),
                       rolls=[10])

    assert EconomicAgreementMade(1, "GE", "Sweden", (AgreementItem("Sweden", "resource"),)) in events
    assert table.state.resource_markers.count(ResourceMarker("GE", "Sweden", "resource")) == 2
    assert table.state.powers["GE"].money == 10 - 4


@pytest.mark.rule("DOD3-8.7.2")
def test_two_resources_cost_double_and_colonies_count(table):
    """Rule 8.7.2: "If you place markers on two resources, the cost to play this option is doubled
    to 8 money"; 8.1: "an economic agreement ... with a minor country may designate the resources in
    a colony of the minor country". Germany takes two oil of the Netherlands East Indies."""
    political_affairs(table)
    items = (AgreementItem("Netherlands East Indies", "oil"), AgreementItem("Netherlands East Indies", "oil"))

    table.act("GE", PlayOption("GE", "IPO 2", target="Netherlands", items=items), rolls=[10])

    assert table.state.powers["GE"].money == 10 - 8
    assert table.view("player1")["minors"]["Netherlands"]["agreements"][-1] == {
        "nationality": "GE", "location": "Netherlands East Indies", "kind": "oil"}


@pytest.mark.rule("DOD3-8.7.2")
@pytest.mark.parametrize("power, target, items", [
    ("CH", "Sweden", (AgreementItem("Sweden", "resource"),)),
    ("GE", "Rumania", (AgreementItem("Rumania", "resource"),)),
    ("GE", "Czechoslovakia", (AgreementItem("Czechoslovakia", "factory"), AgreementItem("Czechoslovakia", "factory"))),
])
def test_agreements_that_may_not_be_made(table, power, target, items):
    """Rule 8.7.2: China (8th) has more initiative than Sweden's willpower (6); Rumania's resource is
    already committed to Germany ("provided it has resources or red factories available"); one red
    factory at most."""
    political_affairs(table, order=(power,))

    assert table.refused(table.seat(power), PlayOption(power, "IPO 2", target=target, items=items)).rule_id == "DOD3-8.7.2"


@pytest.mark.rule("DOD3-8.7.2")
def test_no_agreement_with_a_minor_at_war(table):
    """Rule 8.7.2: "This option may not be played against minor powers that are at war"."""
    table.given(minor_wars=table.state.minor_wars + (MinorWar("RU", "Sweden", "Jan 1936", ()),))
    political_affairs(table)

    violation = table.refused(table.seat("GE"), PlayOption("GE", "IPO 2", target="Sweden", items=(AgreementItem("Sweden", "resource"),)))

    assert violation.rule_id == "DOD3-8.7.2"


@pytest.mark.rule("DOD3-8.7.2")
def test_no_agreement_with_a_minor_in_civil_war(table):
    """Rule 8.7.2: "... or already in a civil war." """
    table.given(civil_wars=frozenset({"Spain"}))
    political_affairs(table)

    violation = table.refused(table.seat("GE"), PlayOption("GE", "IPO 2", target="Spain", items=(AgreementItem("Spain", "resource"),)))

    assert violation.rule_id == "DOD3-8.7.2"


def break_venezuela(power):
    return PlayOption(power, "IPO 2", target="Venezuela", agreement=AgreementAction.BREAK,
                      items=(AgreementItem("Venezuela", "resource"),), break_power="CW")


@pytest.mark.rule("DOD3-8.7.2")
def test_breaking_another_powers_agreement(table):
    """Rule 8.7.2: "a major power can break another major power's economic agreement if the major
    power playing the option's initiative is less than the willpower of the minor and less than half
    the other major power's initiative. Remove the relevant factory or resource marker." The CW
    (3rd) holds Venezuela's resource (willpower 3): Germany (1st; 1 < 3/2) may break it."""
    political_affairs(table, order=("GE",))

    events = table.act("GE", break_venezuela("GE"))

    assert any(isinstance(e, EconomicAgreementBroken) for e in events)
    assert ResourceMarker("CW", "Venezuela", "resource") not in table.state.resource_markers


@pytest.mark.rule("DOD3-8.7.2")
def test_breaking_needs_less_than_half_the_other_powers_initiative(table):
    """Rule 8.7.2: Italy (2nd) is not below half of the CW's 3rd place."""
    political_affairs(table, order=("IT",))

    assert table.refused(table.seat("IT"), break_venezuela("IT")).rule_id == "DOD3-8.7.2"


@pytest.mark.rule("DOD3-8.7.2")
def test_a_power_may_always_break_its_own_agreement(table):
    """Rule 8.7.2: "A major power may always break one of its own economic agreements." China
    (8th, more than Rumania's willpower) gives up a resource it holds there."""
    table.given(resource_markers=table.state.resource_markers + (ResourceMarker("CH", "Rumania", "oil"),))
    political_affairs(table, order=("CH",))

    table.act("CH", PlayOption("CH", "IPO 2", target="Rumania", agreement=AgreementAction.BREAK,
                               items=(AgreementItem("Rumania", "oil"),)))

    assert ResourceMarker("CH", "Rumania", "oil") not in table.state.resource_markers


@pytest.mark.rule("DOD3-2.6")
def test_central_american_countries_with_america_in_flames(new_table):
    """Rule 2.6: "The stability and willpower of all other Central American countries (Costa Rica,
    El Salvador, Guatemala, Honduras and Nicaragua) is as per Central America but the US entry is
    only 10 in 1936/37, 9 in 1938/39, 8 in 1940/41 and 7 from 1942 onwards." Germany declares war on
    Honduras in 1939: GE 4's +6 and Honduras' +9."""
    table = new_table(options={"america_in_flames": True})
    political_affairs(table, turn=19)
    pack = table.pack

    events = table.act("GE", PlayOption("GE", "GE 4", target="Honduras"), rolls=[10])

    assert [pack.war_chart["Honduras"].us_entry_in(y) for y in (1936, 1937, 1938, 1939, 1940, 1941, 1942, 1946)] == [
        10, 10, 9, 9, 8, 8, 7, 7]
    assert (pack.minors["Honduras"].willpower, pack.minors["Honduras"].stability) == (
        pack.minors["Central America"].willpower, pack.minors["Central America"].stability)
    assert next(e for e in events if type(e).__name__ == "OptionResolved").us_entry_shift == 15


@pytest.mark.rule("DOD3-2.6")
def test_the_dominican_republic_and_haiti_copy_cuba_with_us_entry_2_less(table):
    """Rule 2.6: "Add the Dominican Republic and Haiti to the war chart. Both country's Stability,
    Willpower, and minor effects are identical to Cuba's. Their US Entry values are 2 less than
    Cuba's for each corresponding year." Panama uses the Central American column."""
    chart, minors = table.pack.war_chart, table.pack.minors

    for minor in ("Dominican Republic", "Haiti"):
        assert [chart[minor].us_entry_in(y) for y in range(1936, 1947)] == [
            chart["Cuba"].us_entry_in(y) - 2 for y in range(1936, 1947)]
        assert chart[minor].minor_effects == chart["Cuba"].minor_effects
        assert (minors[minor].willpower, minors[minor].stability) == (minors["Cuba"].willpower, minors["Cuba"].stability)
    assert chart["Panama"] == chart["Central America"]


@pytest.mark.rule("DOD3-2.6")
def test_america_in_flames_columns_only_with_the_option(table):
    """Rule 2.6: "If you are playing with WiFFE and the America in Flames (AiF) map": without the
    option Honduras is no target."""
    political_affairs(table)

    assert table.refused(table.seat("GE"), PlayOption("GE", "GE 4", target="Honduras")).rule_id == "DOD3-8.2e"
