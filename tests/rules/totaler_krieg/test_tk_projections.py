"""The read models a client uses to show chapter 13: every country's status, alignment, posture and what
affects it; which policies an Axis action would end; the unit queries."""
import pytest

from domain.totaler_krieg import commands as c
from domain.totaler_krieg.vocabulary import Faction, WarState


@pytest.mark.rule("TK-13.6")
def test_the_countries_projection_shows_every_country(table_1939):
    """13.2: "Status, Alignment and Posture are checked for a Country at the moment such a determination is
    needed." The projection lists every country, existing or not, with all three and their causes."""
    countries = {c["id"]: c for c in table_1939.projection("countries")["countries"]}
    assert len(countries) == 43
    france = countries["france"]
    assert (france["status"], france["alignment"], france["posture"], france["posture_box"]) == \
        ("active", "western", "guarantees", "france")
    assert {"rule": "TK-13.6.1", "effect": "Axis Strategic Hexes under Allied control in it do not count towards "
                                           "the Current Strategic Value"} in france["affected_by"]
    poland = countries["poland"]
    assert (poland["alignment"], poland["alignment_priority"], poland["posture"]) == (None, 5, None)
    assert countries["vichy"]["affected_by"] == [{"rule": "TK-13.2", "effect": "Vichy has not been created (13.8.2)"}]


@pytest.mark.rule("TK-13.6.2")
def test_a_tac_is_shown_with_its_truce_effects(table):
    """13.6.2: "If an Allied Country's Posture Box contains a Truce marker, that Allied Country is said to be
    a Truce Affected Country (TAC)." """
    table.given(posture={"russia": "armistice"})
    russia = next(c for c in table.projection("countries")["countries"] if c["id"] == "russia")
    assert (russia["tac"], russia["posture_kind"]) == (True, "truce")
    assert [e["rule"] for e in russia["affected_by"]].count("TK-13.6.2") == 4


@pytest.mark.rule("TK-13.6.1.2")
def test_policy_triggers_say_which_policies_an_axis_action_would_end(table):
    """13.6.1.2: which policies each Axis action ends now, and whether it may."""
    table.given(war=WarState.LIMITED_WAR, active={"france": Faction.WESTERN},
                posture={"britain": "appeasement", "russia": "ostland_accord"})
    table.moderator(c.SetEnforcedPeace(True))
    triggers = table.projection("policy-triggers")
    assert triggers["axis_ground_entry"]["egypt"] == ["appeasement"]
    assert triggers["axis_on_station"]["north_sea"] == {"allowed": True}
    assert triggers["axis_support_in_hex"]["russia"]["rule"] == "TK-13.6.1.2"
    assert triggers["policies"]["ostland_accord"]["voluntary_end_blocked"].startswith("the Axis may not")
