"""Rules 13.8.1 and 13.8.2: ceding lands (the Baltic States and Memelland, the countries gone for good)
and creating minor countries."""
import pytest

from domain.kernel import RuleViolation
from domain.totaler_krieg import commands as c
from domain.totaler_krieg.vocabulary import CreateVia, Faction, Status, WarState
from tests.rules.totaler_krieg.tk_driver import types


@pytest.mark.rule("TK-13.8.1")
def test_ceded_to_makes_the_area_part_of_the_country(table):
    """13.8.1 example: "If the Russian Eastern Poland Ceded Land marker is in the Ceded Lands Box, then
    Eastern Poland is part of Russia." Taking the marker out returns it at once."""
    table.act(c.CedeLand("soviet", "russian_eastern_poland"))
    assert table.sit.places["eastern_poland"].country == "russia" and "eastern_poland" in table.sit.home("russia")
    table.act(c.ReturnCededLand("soviet", "russian_eastern_poland"))
    assert table.owner("eastern_poland") == "poland"


@pytest.mark.rule("TK-13.8.1")
def test_a_dependent_marker_makes_the_area_a_dependent(table):
    """13.8.1 example: "If the German Denmark Ceded Land marker is in the Ceded Lands Box, then Denmark is a
    German Dependent." """
    table.act(c.CedeLand("axis", "german_denmark"))
    denmark = table.sit.places["denmark"]
    assert (denmark.country, denmark.dependent) == ("germany", "denmark")
    assert "denmark" in table.sit.dependents("germany") and "denmark" not in table.sit.home("germany")


@pytest.mark.rule("TK-13.8.1")
@pytest.mark.parametrize("before, placed", [
    ((), ("german_memelland", "russian_northern_baltics")),
    (("russian_eastern_poland",), ("russian_baltic_states",)),
    (("russian_eastern_poland", "german_memelland"), ("russian_northern_baltics",)),
])
def test_the_fate_of_memelland(table, before, placed):
    """13.8.1.1: "If Eastern Poland has not been ceded to Russia, Memelland is ceded to Germany. Place the
    German Memelland and Russian Northern Baltics Ceded Land markers." "If Eastern Poland has been ceded to
    Russia, Memelland is ceded to Russia if it has not already been ceded to Germany ... place the Russian
    Baltic States Ceded Land marker ... If Memelland has already been ceded to Germany, place the Russian
    Northern Baltics Ceded Land marker." """
    table.given(ceded=before)
    events = table.act(c.CedeCountry("soviet", "baltic_states"))
    assert types(events) == ["LandCeded", "CountryCeased"] and events[0].markers == placed
    assert table.owner("northern_baltics") == "russia"
    assert table.owner("memelland") == ("russia" if placed == ("russian_baltic_states",) else "germany")


@pytest.mark.rule("TK-13.8.1")
def test_a_country_ceded_to_russia_whole_is_set_aside_and_may_return(table):
    """13.8.1.1: "its units are set aside and it ceases to exist as a Country. The removed Country can be
    're-created' when the Ostland Accord Conditional Event (16.2.2) is performed or by the Minor Country
    Created Political Event (15.25)." """
    table.given(active={"poland": Faction.WESTERN})
    table.act(c.CedeCountry("soviet", "poland"))
    assert not table.country("poland").exists and set(table.units("poland").values()) == {"set_aside"}
    with pytest.raises(RuleViolation) as gone:
        table.act(c.SelectCountry("axis", "poland"))
    assert gone.value.rule_id == "TK-13.2"
    events = table.act(c.CreateMinor("axis", "poland", CreateVia.MINOR_COUNTRY_CREATED))
    assert events[0].returned_markers == ("russian_poland",)
    assert (table.country("poland").status, table.country("poland").alignment) == (Status.ACTIVE, Faction.AXIS)
    assert table.owner("eastern_poland") == "poland"


@pytest.mark.rule("TK-13.8.1")
@pytest.mark.parametrize("country", ["austria", "czechoslovakia", "switzerland"])
def test_austria_czechoslovakia_switzerland_are_gone_for_good(table, country):
    """13.8.1.2: "If one of these Countries is ceded to Germany, its units are immediately removed from play
    and it ceases to exist as a Country. Once removed from play, these Countries cannot be re-created with
    the Minor Country Created Political Event." """
    table.act(c.CedeCountry("axis", country))
    assert set(table.units(country).values()) == {"removed"}
    assert table.owner(country) == "germany"
    with pytest.raises(RuleViolation) as refused:
        table.act(c.CreateMinor("axis", country, CreateVia.MINOR_COUNTRY_CREATED))
    assert refused.value.rule_id == "TK-13.8.1"


@pytest.mark.rule("TK-13.8.1")
def test_a_marker_cannot_hand_land_back_to_a_country_that_no_longer_exists(table):
    """13.8.1: removing the Russian Poland marker would return land to a Poland that no longer exists."""
    table.act(c.CedeCountry("soviet", "poland"))
    with pytest.raises(RuleViolation) as refused:
        table.act(c.ReturnCededLand("soviet", "russian_poland"))
    assert refused.value.rule_id == "TK-13.8.1"


@pytest.mark.rule("TK-13.8.2")
def test_only_the_listed_dependents_and_regions_may_become_minors(table):
    """13.8.2: "The following Dependents and Regions are eligible to become Minor Countries: Algeria,
    Baltic States, Basque, ... Ukraine." Gibraltar is not among them."""
    assert sorted(c["id"] for c in table.projection("countries")["countries"]
                  if table.view()["reference"]["countries"][c["id"]]["creatable"]) == [
        "algeria", "baltic_states", "basque", "byelorussia", "catalonia", "caucasus", "crimea", "denmark", "donbass",
        "egypt", "finland", "libya", "morocco", "palestine", "poland", "rumania", "syria", "trans_jordan", "tunisia",
        "ukraine"]
    with pytest.raises(RuleViolation) as refused:
        table.act(c.CreateMinor("axis", "gibraltar", CreateVia.PUPPET_GOVERNMENT, cities_under_axis_control=True))
    assert refused.value.rule_id == "TK-13.8.2"


@pytest.mark.rule("TK-13.8.2")
def test_puppet_government_on_a_conquered_country(table):
    """13.8.2: "all Conquered Countries, are eligible to be created as Axis Minor Countries by play of Axis
    cards 28b and 29b Puppet Government." """
    table.given(war=WarState.LIMITED_WAR, conquered={"greece": Faction.WESTERN})
    events = table.act(c.CreateMinor("axis", "greece", CreateVia.PUPPET_GOVERNMENT, cities_under_axis_control=True))
    assert types(events) == ["CountryReactivated"]
    assert table.country("greece").alignment is Faction.AXIS


@pytest.mark.rule("TK-13.8.2")
def test_puppet_government_needs_the_cities(table):
    """13.3 example: Puppet Government applies to Libya "because it is a Dependent and all of its Cities
    are under Axis control at the moment." """
    with pytest.raises(RuleViolation) as refused:
        table.act(c.CreateMinor("axis", "libya", CreateVia.PUPPET_GOVERNMENT))
    assert refused.value.rule_id == "TK-13.8.2"


@pytest.mark.rule("TK-13.8.2")
def test_provincial_independence_makes_a_neutral_minor_of_a_region(table):
    """13.8.2: "Certain Regions may also be created as Neutral Minor Countries by the Provincial
    Independence Political Event (15.34)." Ukraine leaves Russia; a Dependent is not a Region."""
    events = table.act(c.CreateMinor("axis", "ukraine", CreateVia.PROVINCIAL_INDEPENDENCE))
    assert (events[0].status, events[0].faction) == (Status.NEUTRAL, None)
    assert table.owner("ukraine") == "ukraine" and "ukraine" not in table.sit.home("russia")
    with pytest.raises(RuleViolation) as refused:
        table.act(c.CreateMinor("western", "egypt", CreateVia.PROVINCIAL_INDEPENDENCE))
    assert refused.value.rule_id == "TK-13.8.2"


@pytest.mark.rule("TK-13.8.2")
def test_a_created_minor_cannot_be_created_twice(table):
    """13.8.2: a Dependent that has become a Minor Country is no longer a Dependent."""
    table.act(c.CreateMinor("axis", "algeria", CreateVia.MINOR_COUNTRY_CREATED))
    with pytest.raises(RuleViolation) as refused:
        table.act(c.CreateMinor("axis", "algeria", CreateVia.MINOR_COUNTRY_CREATED))
    assert refused.value.rule_id == "TK-13.8.2"
