"""Rule 13.6: country posture and the Posture Display."""
import pytest

from domain.kernel import RuleViolation
from domain.totaler_krieg import commands as c
from domain.totaler_krieg.vocabulary import Faction, PostureKind, Status, VichyVia, WarState


@pytest.mark.rule("TK-13.6")
def test_an_axis_country_is_always_at_war(table):
    """13.6: "An Axis Country always has a Posture of War." """
    table.given(active={"hungary": Faction.AXIS})
    assert [table.country(x).posture for x in ("germany", "hungary")] == ["war", "war"]


@pytest.mark.rule("TK-13.6")
def test_the_posture_box_marker_is_the_posture(table):
    """13.6 examples: "If the United States Posture Box has an Isolationism marker in it, the US Posture is
    Isolationism. If Russia's Posture Box has no marker in it, Russia's Posture is War." """
    table.given(posture={"united_states": "isolationism"})
    us, russia = table.country("united_states"), table.country("russia")
    assert (us.posture, us.posture_kind, us.posture_box) == ("isolationism", PostureKind.POLICY, "united_states")
    assert (russia.posture, russia.posture_kind) == ("war", PostureKind.WAR)


@pytest.mark.rule("TK-13.6")
def test_a_posture_box_holds_one_marker_at_most(table):
    """13.6: "A Posture Box may not have both a Truce marker and a Policy marker in it - just one of
    either, or none at all." """
    table.given(posture={"britain": "appeasement"})
    before = table.state
    for command in (c.PlacePolicy("western", "britain", "guarantees"), c.PlaceTruce("western", "britain", "armistice")):
        with pytest.raises(RuleViolation) as refused:
            table.act(command)
        assert refused.value.rule_id == "TK-13.6"
    assert table.state is before


@pytest.mark.rule("TK-13.6")
def test_minors_boxes_track_every_allied_minor_but_france(table):
    """13.6: "The Western Minors Box tracks the Posture for all Western Minor Countries except France."
    "The Soviet Minors Box tracks the Posture for all Soviet Minor Countries." """
    table.given(posture={"western_minors": "guarantees", "soviet_minors": "armistice", "france": "appeasement"},
                active={"greece": Faction.WESTERN, "rumania": Faction.SOVIET, "france": Faction.WESTERN})
    assert [table.country(x).posture for x in ("greece", "rumania", "france")] == \
        ["guarantees", "armistice", "appeasement"]


@pytest.mark.rule("TK-13.6")
def test_box_friendliness(table):
    """13.6: the US, Britain, France and Western Minors boxes are friendly to the Western faction; the
    Russia and Soviet Minors boxes to the Soviet faction."""
    boxes = table.projection("posture-display")["boxes"]
    assert {b: boxes[b]["friendly_to"] for b in boxes} == {
        "united_states": "western", "britain": "western", "france": "western", "western_minors": "western",
        "russia": "soviet", "soviet_minors": "soviet"}


@pytest.mark.rule("TK-13.6")
def test_status_alignment_and_posture_are_independent(table):
    """13.6: "It is possible, for example, for a Neutral Country to have a Western Alignment and a Posture
    of War." Neutral Sweden (priority 4: Western) with an empty Western Minors box."""
    sweden = table.country("sweden")
    assert (sweden.status, sweden.alignment, sweden.posture) == (Status.NEUTRAL, Faction.WESTERN, "war")


@pytest.mark.rule("TK-13.6")
def test_vichy_uses_the_minors_box_not_the_france_box(table):
    """13.6: "If Vichy has been formed, its Posture is dictated by the Western Minors Box." 13.8.6: "After
    creation, Vichy uses the Western or Soviet Minors Posture Box (as appropriate)." """
    table.given(war=WarState.LIMITED_WAR, active={"france": Faction.WESTERN},
                posture={"france": "appeasement", "western_minors": "negotiation"})
    table.act(c.FormVichy("axis", VichyVia.ALLIED_MINOR_COUNTRY_CONQUEST), 1)
    vichy = table.country("vichy")
    assert (vichy.posture_box, vichy.posture) == ("western_minors", "negotiation")
