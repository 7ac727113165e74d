"""The ruleset as the platform sees it: registry entry, data pack, wire codec, seats, view, projection."""
import dataclasses
import json
import pickle

import pytest

from domain import registry
from domain.gathering_storm import commands as c
from domain.kernel import RuleViolation, Setup
from events.codec import Codec, DecodeError
from service.packs import PackError, default_pack, parse_pack
from tests.rules.gathering_storm.gs_driver import PACK, RULESET, Table


def test_the_ruleset_is_registered_with_its_projection_and_presets():
    rules = registry.get("gathering-storm")
    assert rules is RULESET
    assert rules.projection("war-thresholds") is not None
    assert set(rules.seat_presets) == {"one-per-power", "three-sides", "axis-vs-allies", "solitaire"}


@pytest.mark.parametrize("preset", sorted(RULESET.seat_presets))
def test_every_seat_preset_seats_each_major_power_once(preset):
    seats = RULESET.seat_presets[preset]
    held = sorted(p for powers in seats.values() for p in powers)
    assert held == sorted(["Germany", "Italy", "Britain", "France", "Russia"])
    assert Table(seats).state.turn == 1


@pytest.mark.parametrize("seats, options", [
    ({"a": ("Germany",), "b": ("Germany",)}, {}),
    ({"a": ("Prussia",)}, {}),
    ({"moderator": ("Germany",)}, {}),
    ({"a": ("Germany",)}, {"first_turn": 0}),
    ({"a": ("Germany",)}, {"variant": True}),
])
def test_bad_seating_or_options_are_refused(seats, options):
    with pytest.raises(RuleViolation):
        RULESET.make_decider(PACK).initial_state(Setup(seats, options, PACK))


def test_the_default_pack_carries_the_seed_s_numbers():
    pack = default_pack(RULESET)
    assert (pack.threshold, pack.eai_cap, pack.max_concession, pack.allied_neutrality) == (0, 5, 3, -2)
    assert pack.aggressions["Poland"].value == 4 and pack.aggressions["Rhineland"].second is False


@pytest.mark.parametrize("change, path", [
    (("eai_cap: 5", "eai_cap: five"), "eai_cap"),
    (("border_minors: [Finland,", "border_minors: [Finnland,"), "russia.border_minors.0"),
    (("Sudetenland: {aggressor: Germany", "Sudetenland: {aggressor: Japan"), "aggressions.Sudetenland"),
])
def test_a_bad_pack_names_the_field(change, path):
    text = (registry_pack_text()).replace(*change)
    with pytest.raises(PackError) as bad:
        parse_pack(RULESET, text, "bad.yaml")
    assert any(problem.startswith(path) for problem in bad.value.problems), bad.value.problems


def registry_pack_text() -> str:
    from importlib import resources

    return resources.files("domain.gathering_storm.data").joinpath("default.yaml").read_text(encoding="utf-8")


def _played() -> Table:
    table = Table(options={"first_turn": 2})  # Austria succeeded in turn 1 (32.61B)
    table.given(mobilized=["France"], unmobilized=["Britain"], successful=["Austria"],
                support={"France": 5, "Britain": 2, "Germany": 1}, aggression=("Italy", "Albania", 1, True))
    table.threaten("France", "Germany")
    table.threaten("Britain", "Germany")
    table.end_crisis()
    table.concede("Germany")
    return table


def test_every_command_and_event_round_trips_through_the_wire_codec():
    codec = Codec(RULESET.commands + RULESET.events)
    table = _played()
    for event in table.events:
        name, data = codec.encode(event)
        assert codec.decode(name, json.loads(json.dumps(data))) == event
        assert codec.decode_stored(name, json.loads(json.dumps(data)), 1) == event
    for command in (c.DeclareWar("Germany", ("Britain", "France")), c.MakeConcessions("Germany", "Britain"),
                    c.RecordAggression("Italy", None), c.EndCrisisPhase(), c.StartTurn()):
        name, data = codec.encode(command)
        assert codec.decode(name, json.loads(json.dumps(data))) == command


def test_the_wire_refuses_a_non_integer_support_level():
    """The service decodes before deciding: a fractional support level never reaches the rules."""
    with pytest.raises(DecodeError):
        Codec(RULESET.commands).decode("RecordSupportLevel", {"major_power": "Germany", "level": 2.5})


def test_state_pickles_and_replays_to_the_same_state():
    table = _played()
    replayed = table.decider.initial_state(Setup(RULESET.seat_presets["one-per-power"], {"first_turn": 2}, PACK))
    for event in table.events:
        replayed = table.decider.evolve(replayed, event)
    assert replayed == table.state
    assert pickle.loads(pickle.dumps(table.state)) == table.state


def test_every_seat_sees_the_same_public_facts():
    """Nothing in chapter 32 is secret: views differ only in who is looking."""
    table = _played()
    views = [table.decider.view(table.state, seat) for seat in ("moderator", "germany", "russia", "nobody")]
    stripped = [{k: v for k, v in view.items() if k not in ("seat", "powers")} for view in views]
    assert all(view == stripped[0] for view in stripped)
    assert json.loads(json.dumps(views[0])) == views[0]


def test_the_projection_shows_the_threat_the_concession_and_the_support_shift():
    """war-thresholds: every declaration's verdict with its breakdown, the rulings of the turn, the
    concessions made and the support levels after them."""
    projection = _played().projection("britain")
    britain = next(v for v in projection["adjudicated"] if v["verdict"]["declarer"] == "Britain")
    assert (britain["outcome"], britain["verdict"]["mode"], britain["verdict"]["concession_level"]) == (
        "concessions-demanded", "threat", 1)
    assert projection["concessions"] == [{"conceding_power": "Germany", "beneficiary": "Britain", "level": 1,
                                          "declarers": ["Britain", "France"], "targets": ["Germany"]}]
    assert projection["support_levels"]["Britain"] == {
        "recorded": 2, "concessions": 1, "level": 3, "temporary_increases": {"Germany": 0, "Italy": 0},
        "second_aggression_increases": {"Germany": 0, "Italy": 0}}
    assert projection["support_levels"]["Germany"]["level"] == 0
    assert len(projection["verdicts"]) == 14
    assert {m["rule_id"] for v in projection["verdicts"] for m in v["modifiers"]} >= {
        "GS-32.3", "GS-32.42", "GS-32.43", "GS-32.61B", "GS-32.62", "GS-32.63", "GS-32.7", "GS-32.83"}


def test_legal_commands_are_ready_bodies_for_each_declaring_seat():
    """Issue 13 item 2: choices are keyed by the body's data fields, and the example is a body to send."""
    table = Table(RULESET.seat_presets["three-sides"])
    specs = table.decider.legal_commands(table.state, "axis")
    assert [(s.type, s.power) for s in specs] == [("DeclareWar", "Germany"), ("ThreatenWar", "Germany")]
    assert specs[0].choices == {"power": ["Germany"], "targets": [["Britain", "France"], ["Russia"]]}
    assert specs[0].example == {"power": "Germany", "targets": ["Britain", "France"]}
    json.dumps([(s.choices, s.example) for s in table.decider.legal_commands(table.state, "moderator")])


def _every_example_is_accepted(table: Table) -> int:
    codec, sent = Codec(RULESET.commands), 0
    for seat in (*table.state.seats, "moderator"):
        for spec in table.decider.legal_commands(table.state, seat):
            fields = {f.name for f in dataclasses.fields(codec.decode(spec.type, dict(spec.example)))}
            assert set(spec.choices) <= fields, (spec.type, set(spec.choices) - fields)
            for name, allowed in spec.choices.items():
                value = spec.example[name]
                assert value in allowed if isinstance(allowed, list) else \
                    allowed["minimum"] <= value <= allowed["maximum"], (spec.type, name)
            trial = Table(options={"first_turn": table.state.turn}).given_state(table.state)
            trial.send(seat, codec.decode(spec.type, json.loads(json.dumps(spec.example))))
            sent += 1
    return sent


def test_every_example_is_a_body_decide_accepts_unchanged_in_every_phase():
    """Issue 13 item 2: "example is a complete data dict decide accepts unchanged in that state", with
    every choice key a data field and the example's values among the choices: in the crisis phase, with
    concessions demanded, and after the crisis phase."""
    table = Table(options={"first_turn": 2})
    table.given(mobilized=["France"], unmobilized=["Britain"], successful=["Austria"],
                support={"France": 5, "Britain": 2, "Germany": 1}, flags={"Finland": (1, 0, 0)})
    assert _every_example_is_accepted(table) > 20
    table.threaten("France", "Germany")
    table.threaten("Britain", "Germany")
    table.end_crisis()
    assert [s.example for s in table.decider.legal_commands(table.state, "germany")] == [
        {"power": "Germany", "beneficiary": "Britain"}, {"power": "Germany"}]
    assert _every_example_is_accepted(table) == 4   # the Germany seat's two, and the moderator's for Germany
    table.concede("Germany")
    assert _every_example_is_accepted(table) == 1   # StartTurn


def test_legal_commands_follow_the_phase():
    table = Table()
    table.given(rhineland=True, unmobilized=["Germany"], support={"Germany": 1}, control={"Poland": "Germany"})
    table.declare("Germany", "Russia")
    assert table.decider.legal_commands(table.state, "germany") == [
        s for s in table.decider.legal_commands(table.state, "germany") if s.power == "Germany"]
    assert table.decider.legal_commands(table.state, "germany")[0].choices["targets"] == [["Britain", "France"]]
    table.end_crisis()
    assert [s.type for s in table.decider.legal_commands(table.state, "russia")] == [
        "MakeConcessions", "DeclineConcessions"]
    table.concede("Russia")
    assert [s.type for s in table.decider.legal_commands(table.state, "moderator")] == ["StartTurn"]
    assert table.decider.legal_commands(table.state, "russia") == []
