"""Properties of the chapter 13 decider over random games: decide refuses with a TK rule id and changes
nothing, or returns events; evolve always folds; replay equals the incremental state; the state keeps
its invariants; the Situation survives its JSON form (projections depend on it)."""
import json
import pickle
from functools import reduce

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from domain.kernel import MODERATOR, Context, RuleViolation, ScriptedDice
from domain.totaler_krieg import commands as c
from domain.totaler_krieg.situation import Situation, situation
from domain.totaler_krieg.verdicts import Hex
from domain.totaler_krieg.vocabulary import (
    ActivateAs,
    CountryMarker,
    CreateVia,
    EndCause,
    Entry,
    Faction,
    PacificWar,
    Placement,
    ReactivateVia,
    Status,
    Trigger,
    TruceVia,
    VichyVia,
    WarState,
)
from tests.rules.totaler_krieg.tk_driver import PACK, Table

POWERS = st.sampled_from([f.value for f in Faction])
FACTIONS = st.sampled_from(list(Faction))
COUNTRIES = st.sampled_from(sorted(PACK.countries) + ["gibraltar", "atlantis"])
PLACES = st.sampled_from(sorted(PACK.places))
BOXES = st.sampled_from(sorted(PACK.boxes))
POLICIES = st.sampled_from(sorted(PACK.policies))
TRUCES = st.sampled_from(list(PACK.truce_ladder))
EVENTS = st.sampled_from(sorted(PACK.events))
UNIT = st.one_of(COUNTRIES.map(lambda x: (x,)), st.tuples(COUNTRIES, COUNTRIES))
HEXES = st.builds(Hex, PLACES, st.lists(PLACES, max_size=2).map(tuple), st.lists(COUNTRIES, max_size=2).map(tuple),
                  st.lists(COUNTRIES, max_size=1).map(tuple), st.just(()), st.lists(COUNTRIES, max_size=1).map(tuple))

COMMANDS = st.one_of(
    st.builds(c.ActivateNeutral, POWERS, COUNTRIES, st.sampled_from(list(Trigger)), st.sampled_from(list(ActivateAs)),
              st.one_of(st.none(), EVENTS), st.sampled_from([None, Faction.WESTERN, Faction.SOVIET]), st.booleans(),
              st.just("adriatic"), st.just("supply")),
    st.builds(c.ConquerCountry, POWERS, COUNTRIES),
    st.builds(c.ReactivateCountry, POWERS, COUNTRIES, st.sampled_from(list(ReactivateVia))),
    st.builds(c.CedeLand, POWERS, st.sampled_from(sorted(PACK.markers))),
    st.builds(c.CedeCountry, POWERS, COUNTRIES),
    st.builds(c.ReturnCededLand, POWERS, st.sampled_from(sorted(PACK.markers))),
    st.builds(c.CreateMinor, POWERS, COUNTRIES, st.sampled_from(list(CreateVia)), st.booleans()),
    st.builds(c.CreatePartnership, POWERS, COUNTRIES),
    st.builds(c.FormVichy, POWERS, st.sampled_from(list(VichyVia))),
    st.builds(c.PlacePolicy, POWERS, BOXES, POLICIES),
    st.builds(c.EndPolicy, POWERS, st.sampled_from(list(EndCause)), st.one_of(st.none(), POLICIES),
              st.one_of(st.none(), BOXES)),
    st.builds(c.ReplacePolicyWithTruce, POWERS, POLICIES, TRUCES),
    st.builds(c.PlaceTruce, POWERS, BOXES, TRUCES),
    st.builds(c.ReduceTruce, POWERS, BOXES, st.sampled_from(list(TruceVia))),
    st.builds(c.IncreaseTruce, POWERS, BOXES),
    st.builds(c.EnterHex, POWERS, UNIT, HEXES, st.sampled_from(list(Entry)), st.booleans()),
    st.builds(c.AttackHex, POWERS, UNIT, HEXES),
    st.builds(c.PlaceSupportUnit, POWERS, UNIT, st.sampled_from(list(Placement)), HEXES,
              st.sampled_from(sorted(PACK.naval_zones))),
    st.builds(c.ResolvePolicyInternment, POWERS, UNIT, PLACES, st.booleans(), st.just(Faction.WESTERN)),
    st.builds(c.ApplyPoliticalEvent, POWERS, EVENTS, st.one_of(st.none(), COUNTRIES), st.one_of(st.none(), POLICIES),
              st.booleans(), st.booleans()),
    st.builds(c.SwitchAlignment, POWERS, COUNTRIES, FACTIONS),
    st.builds(c.PlaceCountryMarker, POWERS, COUNTRIES, st.sampled_from(list(CountryMarker))),
    st.builds(c.RemoveCountryMarker, POWERS, COUNTRIES, st.sampled_from(list(CountryMarker))),
    st.builds(c.SetWarState, st.sampled_from(list(WarState))),
    st.builds(c.SetEnforcedPeace, st.booleans()),
    st.builds(c.SetPacificWarStatus, POWERS, st.sampled_from(list(PacificWar))),
    st.builds(c.DetermineAlignment, POWERS, COUNTRIES),
    st.builds(c.SelectCountry, POWERS, COUNTRIES),
)
ROLLS = st.lists(st.integers(1, 6), min_size=3, max_size=3)


def check_invariants(table: Table) -> None:
    state = table.state
    sit = situation(state, PACK)
    for country, faction in state.alignment.items():
        assert state.status[country] is not Status.NEUTRAL, country
    assert not set(state.status) & set(state.gone)
    assert all(sit.countries[p.country].exists for p in sit.places.values())
    assert Situation.from_json(json.loads(json.dumps(sit.to_json()))) == sit
    json.dumps(table.view())


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(["blank", "1939"]), st.lists(st.tuples(COMMANDS, ROLLS), min_size=1, max_size=25))
def test_random_games_keep_the_decider_honest(scenario, plays):
    table = Table(scenario)
    start = table.state
    for command, rolls in plays:
        before = pickle.dumps(table.state)
        try:
            events = table.send(MODERATOR, command, rolls)
        except RuleViolation as refused:
            assert refused.rule_id.startswith("TK-13")
            assert pickle.dumps(table.state) == before
            continue
        assert events
        check_invariants(table)
    assert reduce(table.decider.evolve, table.events, start) == table.state


def test_a_refused_command_leaves_the_state_untouched():
    table = Table("1939")
    before = pickle.dumps(table.state)
    ctx = Context(MODERATOR, frozenset(), ScriptedDice([1]), PACK)
    for command in (c.ActivateNeutral("axis", "libya", Trigger.DECLARE_WAR), c.CedeCountry("axis", "spain")):
        try:
            table.decider.decide(table.state, command, ctx)
        except RuleViolation:
            pass
    assert pickle.dumps(table.state) == before
