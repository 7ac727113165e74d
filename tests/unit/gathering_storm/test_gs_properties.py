"""Properties of the Gathering Storm decider over random games: decide refuses cleanly or returns events
evolve always folds; replay equals the incremental state; verdicts are internally consistent; what
legal_commands offers, decide accepts."""
import json

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from domain.gathering_storm import commands as c
from domain.gathering_storm.powers import ALLIES, AXIS, GERMANY, MAJOR_POWERS, RUSSIA
from domain.gathering_storm.state import Phase
from domain.gathering_storm.verdict import Kind, Mode
from domain.kernel import MODERATOR, Context, NoDice, RuleViolation, Setup
from tests.rules.gathering_storm.gs_driver import PACK, RULESET, Table

POWERS = st.sampled_from(MAJOR_POWERS + ("Spain",))
SMALL = st.integers(-4, 6)
AGGRESSIONS = list(PACK.aggressions)

FACTS = st.one_of(
    st.builds(c.RecordBalanceOfPower, SMALL),
    st.builds(c.RecordSupportLevel, POWERS, SMALL),
    st.builds(c.RecordEai, st.integers(-9, 9)),
    st.builds(c.RecordTemporarySupportIncrease, st.sampled_from(ALLIES), st.sampled_from(AXIS), st.integers(0, 3)),
    st.builds(c.RecordSecondAggressionSupportIncrease, st.sampled_from(ALLIES), st.sampled_from(AXIS),
              st.integers(0, 3)),
    st.builds(c.RecordResistanceLevel, st.sampled_from(("Czechoslovakia", "Poland", "Austria")), SMALL),
    st.builds(c.RecordAggression, st.sampled_from(AXIS), st.sampled_from(AGGRESSIONS + [None]), SMALL, st.booleans()),
    st.builds(c.RecordSuccessfulAggression, st.sampled_from(AGGRESSIONS), st.booleans()),
    st.builds(c.RecordControl, st.sampled_from(PACK.tracked_control), st.sampled_from((GERMANY, RUSSIA, None))),
    st.builds(c.RecordFlags, st.sampled_from(("Russia", "Finland", "Poland", "Yugoslavia")), st.integers(0, 3),
              st.integers(0, 2), st.integers(0, 2)),
    st.builds(c.RecordTradePact, st.sampled_from(("Rumania", "Turkey", "Greece")), st.sampled_from(MAJOR_POWERS + (None,))),
    st.builds(c.RecordNaziSovietPact, st.booleans()),
    st.builds(c.RecordFactories, POWERS, st.integers(0, 1), st.integers(0, 1), st.integers(0, 5)),
    st.builds(c.RecordRussianCohesion, st.booleans()),
)
TARGETS = st.lists(POWERS, min_size=1, max_size=3, unique=True).map(tuple)
PLAYS = st.one_of(
    st.builds(c.DeclareWar, POWERS, TARGETS),
    st.builds(c.ThreatenWar, POWERS, TARGETS),
    st.builds(c.MakeConcessions, POWERS, st.sampled_from(MAJOR_POWERS + (None,))),
    st.builds(c.DeclineConcessions, POWERS),
    st.just(c.EndCrisisPhase()),
    st.just(c.StartTurn()),
)
# Declarations the 32.21 table allows, so that random games reach threats, concessions and war.
ALLOWED = st.sampled_from([("Germany", ("Britain", "France")), ("Germany", ("Russia",)), ("Britain", ("Germany",)),
                           ("France", ("Germany",)), ("Britain", ("Italy",)), ("France", ("Italy",)),
                           ("Russia", ("Germany",))])
WARLIKE = st.one_of(
    st.builds(lambda pair: c.DeclareWar(*pair), ALLOWED),
    st.builds(lambda pair: c.ThreatenWar(*pair), ALLOWED),
    st.just(c.RecordSuccessfulAggression("Rhineland")),
    st.sampled_from([c.RecordSuccessfulAggression("Poland"),
                     c.RecordSuccessfulAggression("Austria"), c.RecordRussianCohesion(True)]),
    st.builds(c.RecordSupportLevel, st.sampled_from(MAJOR_POWERS), st.integers(-2, 8)),
)
GAMES = st.tuples(
    st.tuples(st.lists(st.one_of(FACTS, WARLIKE), min_size=4, max_size=16),
              st.lists(st.one_of(FACTS, PLAYS, WARLIKE, WARLIKE), max_size=30)).map(lambda parts: parts[0] + parts[1]),
    st.lists(st.booleans(), min_size=1, max_size=3))
SETTINGS = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def _send(table: Table, command) -> None:
    before = table.state
    try:
        table.moderator(command)
    except RuleViolation as violation:
        assert violation.rule_id.startswith("GS-")
        assert table.state is before


def _play(game) -> Table:
    """Play the commands, end the crisis phase, then concede (True) or decline (False) each demand."""
    commands, answers = game
    table = Table()
    for command in commands:
        _send(table, command)
    _send(table, c.EndCrisisPhase())
    for concede in answers:
        for demand in table.state.crisis.pending[:1]:
            power = demand.conceding_powers[0]
            _send(table, c.MakeConcessions(power, demand.beneficiaries[-1]) if concede else c.DeclineConcessions(power))
    return table


@SETTINGS
@given(GAMES)
def test_replaying_the_events_rebuilds_the_state(commands):
    table = _play(commands)
    replayed = table.decider.initial_state(Setup(RULESET.seat_presets["one-per-power"], {}, PACK))
    for event in table.events:
        replayed = table.decider.evolve(replayed, event)
    assert replayed == table.state


@SETTINGS
@given(GAMES)
def test_verdicts_are_consistent(commands):
    table = _play(commands)
    for verdict in table.verdicts():
        assert verdict.net == sum(m.value for m in verdict.modifiers)
        assert verdict.margin == verdict.net - PACK.threshold
        assert verdict.exceeds == (verdict.margin >= 1)
        assert verdict.legal == (verdict.exceeds and all(k.met for k in verdict.conditions))
        assert all(-PACK.eai_cap <= m.value <= PACK.eai_cap for m in verdict.modifiers
                   if m.name == "European Aggression Index")
        if verdict.concession_level is not None:
            assert verdict.mode is Mode.THREAT and 1 <= verdict.concession_level <= PACK.max_concession
        if verdict.declarer == "Italy":
            assert (verdict.kind, verdict.legal) == (Kind.PROHIBITED, False)
        if table.state.nazi_soviet_pact and {verdict.declarer, verdict.target} == {GERMANY, RUSSIA}:
            assert verdict.legal is False


@SETTINGS
@given(GAMES)
def test_the_game_ends_exactly_when_war_breaks_out(commands):
    table = _play(commands)
    over = table.decider.is_terminal(table.state)
    assert over == (table.state.phase is Phase.OVER)
    assert over == (table.state.end_reason is not None)
    assert over == bool(table.state.wars)
    assert bool(table.state.crisis.pending) <= (table.state.phase is Phase.ADJUDICATION)


@SETTINGS
@given(GAMES)
def test_views_are_json_and_what_legal_commands_offer_is_accepted(commands):
    table = _play(commands)
    for seat in (MODERATOR, "germany", "britain", "russia", "italy"):
        view = table.decider.view(table.state, seat)
        assert json.loads(json.dumps(view)) == view
        RULESET.projection("war-thresholds").build(view)
        for spec in table.decider.legal_commands(table.state, seat):
            json.dumps(spec.choices)
            ctx = Context(seat, frozenset(table.state.seats.get(seat, ())), NoDice(), PACK)
            if spec.type in ("DeclareWar", "ThreatenWar"):
                command = getattr(c, spec.type)(spec.power, tuple(spec.choices["targets"][0]))
                assert table.decider.decide(table.state, command, ctx)
            if spec.type == "DeclineConcessions":
                assert table.decider.decide(table.state, c.DeclineConcessions(spec.power), ctx)
