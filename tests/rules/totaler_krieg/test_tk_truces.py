"""Rules 13.6.2 and 13.6.2.3: truces, the Truce Affected Country (TAC) restrictions, Axis reciprocity,
and the truce ladder."""
import pytest

from domain.kernel import RuleViolation
from domain.totaler_krieg import commands as c
from domain.totaler_krieg.support_rules import may_contest
from domain.totaler_krieg.vocabulary import Entry, Faction, Placement, TruceVia, WarState
from tests.rules.totaler_krieg.tk_driver import PACK, hex_in, types


def refused_rule(table, command) -> str:
    with pytest.raises(RuleViolation) as refused:
        table.act(command)
    return refused.value.rule_id


@pytest.mark.rule("TK-13.6.2")
def test_three_truces():
    """13.6.2: "There are three Truces ... Reassess Policy, Armistice, and Negotiation." """
    assert [PACK.truces[t].name for t in PACK.truce_ladder] == ["Reassess Policy", "Armistice", "Negotiation"]


@pytest.mark.rule("TK-13.6.2")
def test_an_axis_country_is_never_a_tac(table):
    """13.6.2: "Because Axis Countries always have a Posture of War, they can never be considered a TAC." """
    table.given(posture={"western_minors": "armistice"}, active={"hungary": Faction.AXIS})
    assert not table.country("hungary").tac


@pytest.mark.rule("TK-13.6.2")
def test_reassess_policy_tac_support_placement(table):
    """13.6.2.1: a TAC support unit cannot be placed in or adjacent to a hex in an Axis Country or
    Dependent, in a hex holding an Axis ground unit, Detachment or Logistics marker, or in a PAC hex; nor
    On Station where an Axis Port is and no Allied country at War has one; nor contest an Axis placement."""
    table.given(war=WarState.LIMITED_WAR, posture={"britain": "reassess_policy", "russia": "nazi_soviet_pact"},
                active={"italy": Faction.AXIS})
    place = lambda h: c.PlaceSupportUnit("western", ("britain",), Placement.HEX, h)  # noqa: E731
    assert refused_rule(table, place(hex_in("egypt", adjacent=("cyrenaica",)))) == "TK-13.6.2"
    assert refused_rule(table, place(hex_in("egypt", logistics=("germany",)))) == "TK-13.6.2"
    assert refused_rule(table, place(hex_in("russia"))) == "TK-13.6.2"
    assert refused_rule(table, c.PlaceSupportUnit("western", ("britain",), Placement.ON_STATION,
                                                  zone="central_mediterranean")) == "TK-13.6.2"
    assert types(table.act(place(hex_in("egypt", adjacent=("palestine",))))) == ["SupportUnitPlaced"]
    assert may_contest(table.sit, "britain", "germany").rule == "TK-13.6.2"


@pytest.mark.rule("TK-13.6.2")
def test_reassess_policy_tac_movement_and_combat(table):
    """13.6.2.1: a TAC ground unit cannot enter an Axis ZOC in the Operational Movement Phase unless another
    friendly unit is there, cannot enter or retreat into a hex with an Axis Detachment or Logistics marker,
    cannot enter a PAC hex, cannot attack a hex holding an Axis ground unit, and cannot retreat, advance or
    exploit into a PAC hex."""
    table.given(war=WarState.LIMITED_WAR, posture={"britain": "armistice", "russia": "nazi_soviet_pact"},
                active={"italy": Faction.AXIS})
    move = lambda h, entry=Entry.MOVE: c.EnterHex("western", ("britain",), h, entry, operational=True)  # noqa: E731
    assert refused_rule(table, move(hex_in("libya", zoc=("italy",)))) == "TK-13.6.2"
    assert types(table.act(move(hex_in("libya", zoc=("italy",), ground_units=("britain",))))) == ["GroundUnitEntered"]
    assert refused_rule(table, move(hex_in("libya", detachments=("italy",)), Entry.RETREAT)) == "TK-13.6.2"
    assert refused_rule(table, move(hex_in("russia"), Entry.EXPLOIT)) == "TK-13.6.2"
    assert refused_rule(table, c.AttackHex("western", ("britain",), hex_in("libya", ground_units=("italy",)))) \
        == "TK-13.6.2"


@pytest.mark.rule("TK-13.6.2")
def test_a_tac_cannot_attack_a_pac_but_the_axis_can(table):
    """13.6.2.1 example: "If Britain is under a Reassess Policy Truce and Russia is under the Nazi-Soviet Pact
    Policy, British units are prevented from attacking Russian units, but Axis units are not." """
    table.given(war=WarState.LIMITED_WAR, posture={"britain": "reassess_policy", "russia": "nazi_soviet_pact"})
    assert refused_rule(table, c.AttackHex("western", ("britain",), hex_in("russia", ground_units=("russia",)))) \
        == "TK-13.6.2"
    assert types(table.act(c.AttackHex("axis", ("germany",), hex_in("russia", ground_units=("russia",))))) \
        == ["AttackDeclared", "PolicyEnded"]


@pytest.mark.rule("TK-13.6.2")
def test_axis_units_are_reciprocally_bound(table):
    """13.6.2: "Axis units are reciprocally bound by all TAC restrictions unless otherwise specified": under
    Armistice, the Axis cannot attack a hex holding British ground units, nor place support units next to
    British lands, nor contest a British placement."""
    table.given(war=WarState.LIMITED_WAR, posture={"britain": "armistice"}, active={"italy": Faction.AXIS})
    assert refused_rule(table, c.AttackHex("axis", ("italy",), hex_in("egypt", ground_units=("britain",)))) \
        == "TK-13.6.2"
    assert refused_rule(table, c.PlaceSupportUnit("axis", ("germany",), Placement.HEX,
                                                  hex_in("cyrenaica", adjacent=("egypt",)))) == "TK-13.6.2"
    assert refused_rule(table, c.EnterHex("axis", ("italy",), hex_in("libya", zoc=("britain",)),
                                          operational=True)) == "TK-13.6.2"
    assert may_contest(table.sit, "germany", "britain").rule == "TK-13.6.2"


@pytest.mark.rule("TK-13.6.2")
def test_negotiation_is_lighter(table):
    """13.6.2.2: under Negotiation a TAC unit may attack Axis units and go On Station freely, but still
    keeps its support units away from Axis lands and out of PAC hexes, keeps out of Axis ZOCs in the
    Operational Movement Phase and out of PAC hexes. "If you want to avoid combat with a Negotiation in
    effect, you need an empty hex between your units and the enemy." """
    table.given(war=WarState.LIMITED_WAR, posture={"britain": "negotiation"}, active={"italy": Faction.AXIS})
    assert types(table.act(c.AttackHex("western", ("britain",), hex_in("libya", ground_units=("italy",))))) \
        == ["AttackDeclared"]
    assert types(table.act(c.PlaceSupportUnit("western", ("britain",), Placement.ON_STATION,
                                              zone="central_mediterranean"))) == ["SupportUnitPlaced"]
    assert refused_rule(table, c.PlaceSupportUnit("western", ("britain",), Placement.HEX,
                                                  hex_in("egypt", adjacent=("cyrenaica",)))) == "TK-13.6.2"
    assert refused_rule(table, c.EnterHex("western", ("britain",), hex_in("libya", zoc=("italy",)),
                                          operational=True)) == "TK-13.6.2"


@pytest.mark.rule("TK-13.6.2.3")
def test_the_truce_ladder(table):
    """13.6.2.3: reduce "Remove a Reassess Policy marker and place an Armistice marker ... Flip an Armistice
    marker to its Negotiation side ... Remove a Negotiation marker"; increase "Flip a Negotiation marker
    over to its Armistice side ... Remove an Armistice marker and place a Reassess Policy marker." """
    table.given(posture={"russia": "reassess_policy"})
    steps = [table.act(c.ReduceTruce("soviet", "russia", TruceVia.WAR_AND_PEACE))[0].after for _ in range(3)]
    assert steps == ["armistice", "negotiation", None]
    table.act(c.PlaceTruce("axis", "russia", "negotiation"))
    steps = [table.act(c.IncreaseTruce("axis", "russia"))[0].after for _ in range(2)]
    assert steps == ["armistice", "reassess_policy"]
    assert refused_rule(table, c.IncreaseTruce("axis", "russia")) == "TK-13.6.2.3"


@pytest.mark.rule("TK-13.6.2.3")
def test_only_truces_climb_the_ladder(table):
    """13.6.2.3: a box without a Truce marker has nothing to reduce or increase; a War & Peace Segment
    reduction is made by the faction the box is friendly to; only Political Events increase a truce."""
    table.given(posture={"britain": "appeasement", "russia": "armistice"})
    assert refused_rule(table, c.ReduceTruce("western", "britain")) == "TK-13.6.2.3"
    assert refused_rule(table, c.ReduceTruce("western", "russia", TruceVia.WAR_AND_PEACE)) == "TK-13.6.2.3"
    assert refused_rule(table, c.IncreaseTruce("axis", "russia", TruceVia.WAR_AND_PEACE)) == "TK-13.6.2.3"
    assert table.act(c.ReduceTruce("western", "russia", TruceVia.POLITICAL_EVENT))[0].after == "negotiation"
