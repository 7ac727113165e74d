"""Text orders for play by email (issue 16): a mail body's order lines, each read against what
/legal-commands offers the seat now (the generic ``Type field=value`` syntax for every command, the
short forms of ``service/mail/shortforms``), and HELP, which writes every offer as a line that reads
back to the offer's example. Real games through Flask's test client on SQLite: every line read is
posted and must be accepted (201). No input gives anything but an Order or an OrderError."""
from __future__ import annotations

import dataclasses
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from domain import registry
from domain.kernel.plain import to_plain
from domain.kernel.platform import PLATFORM_COMMANDS
from service.http.app import create_app
from service.config import Config
from service.mail.orders import Order, OrderError, help_lines, order_lines, parse_order, short_forms
from tests.support.api import MODERATOR, TINY, Table, create_game_table
from tests.support.dod3_api import ALLIES, AXIS, SOVIET, create_dod3_table, projection, turn

DOD3, GS, TK = registry.get("dod3"), registry.get("gathering-storm"), registry.get("totaler-krieg")
AA = [registry.get("aa-revised-phase-one"), registry.get("aa-global1940")]


@pytest.fixture(scope="module")
def app(tmp_path_factory):
    return create_app(Config(database=str(tmp_path_factory.mktemp("orders") / "orders.db"),
                             extra_rulesets=(TINY,), snapshot_every=5))


@pytest.fixture
def client(app):
    return app.test_client()


# ---- what a mail processor does -------------------------------------------------------------------

def read(table: Table, ruleset, seat: str, line: str) -> Order:
    return parse_order(line, ruleset, table.legal_commands(seat))


def mail(table: Table, ruleset, seat: str, line: str) -> dict:
    """The line read against the seat's legal commands now and posted: it must be accepted."""
    order = read(table, ruleset, seat, line)
    response = table.command(seat, order.type, order.data)
    assert response.status_code == 201, (line, order, response.get_data(as_text=True))
    jobs = table.client.application.extensions["casus_services"].jobs
    if jobs.kind == "in-process":  # a battle's fight follows as a job: let it land before the next If-Match
        jobs.wait()
    return response.json


def refusal(table: Table, ruleset, seat: str, line: str) -> OrderError:
    with pytest.raises(OrderError) as raised:
        read(table, ruleset, seat, line)
    return raised.value


def complete(ruleset, body: dict) -> dict:
    """The offer's example with the command's defaults: every field, as a parsed order states it."""
    cls = next(c for c in (*ruleset.commands, *PLATFORM_COMMANDS) if c.__name__ == body["type"])
    defaults = {f.name: to_plain(f.default if f.default is not dataclasses.MISSING else f.default_factory())
                for f in dataclasses.fields(cls)
                if f.default is not dataclasses.MISSING or f.default_factory is not dataclasses.MISSING}
    return {**defaults, **body["example"]["data"]}


def assert_help_reads_back(table: Table, ruleset) -> int:
    """Every seat's HELP: one line per offer, each reading back to the offer's example."""
    checked = 0
    for seat in [*table.tokens, MODERATOR]:
        legal = table.legal_commands(seat)
        lines = help_lines(ruleset, legal)
        assert len(lines) == len(legal)
        for line, body in zip(lines, legal):
            if body["example"] is not None:
                order = parse_order(line, ruleset, legal)
                assert (order.type, order.data) == (body["type"], complete(ruleset, body)), line
                checked += 1
    return checked


def mailable(table: Table, ruleset, seat: str) -> list[tuple[str, str]]:
    legal = table.legal_commands(seat)
    return [(seat, line) for line, body in zip(help_lines(ruleset, legal), legal) if body["example"] is not None]


def play_by_help(table: Table, ruleset, steps: int, seed: int = 7) -> list[str]:
    """Each step: every seat's HELP reads back; a random player's offer (the moderator's when no
    player has one) is mailed as HELP wrote it and accepted."""
    rng, mailed = random.Random(seed), []
    for _ in range(steps):
        assert assert_help_reads_back(table, ruleset) > 0
        offers = [offer for seat in table.tokens for offer in mailable(table, ruleset, seat)]
        offers = offers or mailable(table, ruleset, MODERATOR)
        if not offers:
            break
        seat, line = rng.choice(offers)
        mail(table, ruleset, seat, line.split("   (")[0])
        mailed.append(line)
    return mailed


# ---- the mail body ----------------------------------------------------------------------------------

def test_order_lines_drop_quotes_comments_and_blanks_and_stop_at_the_signature():
    body = "BID GE 9 x2\n\n  # my bid\n> PASS\n   NO BID IT  \n-- \nJohn\nKEEP\n"
    assert order_lines(body) == ["BID GE 9 x2", "NO BID IT"]


def test_order_lines_stop_at_end_and_take_at_most_a_hundred():
    assert order_lines("PASS\nend\nKEEP") == ["PASS"]
    assert len(order_lines("\n".join(f"PASS {i}" for i in range(150)))) == 100


# ---- Days of Decision III -----------------------------------------------------------------------------

def pass_by_mail(table) -> None:
    """Step C: whoever is awaited mails PASS until political affairs end."""
    while turn(table)["step"] == "C":
        (awaited,) = turn(table)["awaiting"]
        mail(table, DOD3, awaited["seat"], "PASS")


def end_turn_by_mail(table, buys: dict[str, list[str]]) -> None:
    """Steps E-H: END MILITARY, each seat's buys and END PRODUCTION per power, END CONQUEST."""
    mail(table, DOD3, MODERATOR, "END MILITARY")
    for awaited in turn(table)["awaiting"]:
        for line in buys.get(awaited["power"], []):
            mail(table, DOD3, awaited["seat"], line)
        mail(table, DOD3, awaited["seat"], f"END PRODUCTION {awaited['power']}")
    mail(table, DOD3, MODERATOR, "END CONQUEST")


def test_dod3_two_turns_played_by_mail_in_short_forms(client):
    """Turn 1: the weather, Germany's option and activation, everyone else passes, production
    buys; turn 2: sealed bids, the Democrats' moves, the weather, Germany's option."""
    table = create_dod3_table(client)
    mail(table, DOD3, AXIS, "ROLL WEATHER")
    mail(table, DOD3, AXIS, "OPTION IPO19 FR")
    activated = mail(table, DOD3, AXIS, "ACTIVATE Belgium VIA E9")
    assert [e["data"]["moves"][0]["path"] for e in activated["events"] if e["type"] == "MinorActivated"] == [["E9"]]
    pass_by_mail(table)
    assert_help_reads_back(table, DOD3)
    end_turn_by_mail(table, {"GE": ["BUY GE BID 4", "BUY GE ARMY 3"], "CW": ["buy cw naval points 2"]})

    for seat, line in ((AXIS, "BID GE 4 x1"), (AXIS, "NO BID IT"), (AXIS, "BID JA 0"), (ALLIES, "NO BID CW"),
                       (ALLIES, "NO BID FR"), (ALLIES, "NO BID US"), (ALLIES, "NO BID CH"), (SOVIET, "BID 1 x1")):
        assert_help_reads_back(table, DOD3)
        mail(table, DOD3, seat, line)
    assert projection(table, "initiative-track")["democrat_queue"] == ["US", "FR", "CW"]
    mail(table, DOD3, ALLIES, "KEEP")
    position = table.legal_command(ALLIES, "MoveDownInitiative", "FR")["choices"]["position"][-1]
    assert_help_reads_back(table, DOD3)
    mail(table, DOD3, ALLIES, f"MOVE DOWN TO {position}")
    while turn(table)["phase"] == "democrat_moves":
        mail(table, DOD3, ALLIES, "KEEP")
    mail(table, DOD3, turn(table)["awaiting"][0]["seat"], "WEATHER")
    mail(table, DOD3, AXIS, "option ge4 czechoslovakia")
    assert_help_reads_back(table, DOD3)


def test_dod3_an_approval_by_mail(client):
    """Rule 8.4a: the Commonwealth's treaty waits for France, whose APPROVE is its 0(f) option.

    The end roll after each pass is the server's die (rule 8.6): a fresh game is dealt until
    political affairs last to France's approval (most games do)."""
    for _ in range(60):
        table = create_dod3_table(client)
        for line in ("WEATHER", "PASS", "PASS"):
            mail(table, DOD3, AXIS, line)
        if not any(c["type"] == "PlayOption" for c in table.legal_commands(ALLIES)):
            continue
        mail(table, DOD3, ALLIES, "OPTION CW 3 FR")
        if any(c["type"] == "PlayOption" and c["power"] == "FR" for c in table.legal_commands(ALLIES)):
            break
    else:
        pytest.fail("no game in 60 lasted to France's approval")
    assert read(table, DOD3, ALLIES, "APPROVE").data["option"] == "FR 0(f)"
    approved = mail(table, DOD3, ALLIES, "APPROVE CW")
    assert "OptionApproved" in [e["type"] for e in approved["events"]]


def test_dod3_the_generic_syntax_fills_what_the_offer_pins(client):
    table = create_dod3_table(client)
    mail(table, DOD3, AXIS, "RollWeather")
    order = read(table, DOD3, AXIS, "passoption")
    assert (order.type, order.data) == ("PassOption", {"power": "GE"})
    order = read(table, DOD3, AXIS, 'PlayOption option="IPO 19" target=fr')
    assert (order.data["option"], order.data["target"], order.data["power"]) == ("IPO 19", "FR", "GE")
    mail(table, DOD3, AXIS, "PlayOption option=IPO 19 target=FR")
    mail(table, DOD3, AXIS, 'ActivateMinor minor=Belgium moves=[{"nationality": "GE", "path": ["D10"]}]')


@pytest.mark.parametrize("line,reason", [
    ("BID GE", "BID needs the points: BID GE 9 x2"),
    ("BID GE 9", "SubmitBid is not open to you now."),
    ("FROBNICATE now", "'FROBNICATE' is no order I know; open to you now: RollWeather."),
    ("PASS", "PassOption is not open to you now."),
    ("RollWeather dice=6", "RollWeather has no field dice; its fields are none."),
])
def test_dod3_lines_naming_no_legal_order_say_why_and_what_to_write(client, line, reason):
    table = create_dod3_table(client)
    error = refusal(table, DOD3, AXIS, line)
    assert (error.line, error.reason) == (line, reason)
    assert error.hint == ["WEATHER   (RollWeather)"]


def test_dod3_a_value_not_offered_or_not_typed_names_the_choices(client):
    table = create_dod3_table(client)
    mail(table, DOD3, AXIS, "WEATHER")
    assert refusal(table, DOD3, AXIS, "OPTION GE 4 Atlantis").reason.startswith(
        "OPTION: target Atlantis is not open to you now (one of Argentina, Austria")
    assert refusal(table, DOD3, AXIS, "PlayOption option=GE 4").reason.startswith(
        "PlayOption needs the target (one of Argentina, Austria")
    assert refusal(table, DOD3, AXIS, "PlayOption option=GE 4 levels=two").reason == \
        "PlayOption: levels must be a whole number, not two."
    error = refusal(table, DOD3, AXIS, "PlayOption option=[1")
    assert error.reason.startswith("PlayOption: option is not valid JSON")
    assert error.hint[0] == ("OPTION IPO 1   "
                             "(PlayOption power=GE carry=none option=IPO 1 path=C2|D1|D3|E1|E2|A4|B2|B3|...)")


def test_dod3_a_short_form_without_its_power_asks_for_it_when_several_are_offered(client):
    table = create_dod3_table(client)
    mail(table, DOD3, AXIS, "WEATHER")
    pass_by_mail(table)
    mail(table, DOD3, MODERATOR, "END MILITARY")
    error = refusal(table, DOD3, AXIS, "END PRODUCTION")
    assert error.reason == "END needs the power (one of GE, IT, JA)."
    assert error.hint == [f"END PRODUCTION {p}   (EndProduction power={p})" for p in ("GE", "IT", "JA")]
    assert read(table, DOD3, ALLIES, "BUY CH ARMY 2").data == {
        "power": "CH", "kind": "army_points", "amount": 2, "recipient": None}
    assert read(table, DOD3, ALLIES, "BUY CH ARMY 2 FOR CC").data["recipient"] == "CC"


# ---- Gathering Storm ------------------------------------------------------------------------------------

def test_gathering_storm_crisis_phase_by_mail(client):
    """32.83C: France and Britain threaten Germany, the moderator ends the crisis phase, Germany
    concedes to Britain (the seed's facts mailed in the generic syntax)."""
    table = create_game_table(client, "gathering-storm", "one-per-power", {"first_turn": 2})
    for line in ("RecordFactories major_power=France idle=0 civilian=0 military=10",
                 "RecordFactories major_power=Britain idle=1 civilian=2 military=5",
                 "RecordSuccessfulAggression aggression=Austria turn=1",
                 "RecordSupportLevel major_power=France level=5", "RecordSupportLevel major_power=Britain level=2",
                 "RecordSupportLevel major_power=Germany level=1"):
        mail(table, GS, MODERATOR, line)
    mail(table, GS, "france", "THREATEN WAR ON Germany")
    mail(table, GS, "britain", "threaten britain on germany")
    assert_help_reads_back(table, GS)
    mail(table, GS, MODERATOR, "END CRISIS")
    assert_help_reads_back(table, GS)
    assert help_lines(GS, table.legal_commands("germany"))[0] == \
        "CONCEDE TO Britain   (MakeConcessions power=Germany beneficiary=Britain|none)"
    conceded = mail(table, GS, "germany", "CONCEDE TO Britain")
    assert conceded["events"][0]["type"] == "ConcessionsMade"


def test_gathering_storm_declarations_name_the_offered_targets(client):
    table = create_game_table(client, "gathering-storm", "one-per-power")
    assert read(table, GS, "germany", "DECLARE WAR ON France and Britain").data == {
        "power": "Germany", "targets": ["Britain", "France"]}
    error = refusal(table, GS, "germany", "DECLARE WAR Germany ON Poland")
    assert error.reason == "DECLARE: targets Poland is not open to you now (one of Britain, France, Russia)."
    assert error.hint == ["DECLARE WAR ON Britain, France   (DeclareWar power=Germany targets=Britain,France|Russia)"]
    mail(table, GS, "germany", "DECLARE WAR ON Russia")
    mail(table, GS, MODERATOR, "END CRISIS")


def test_gathering_storm_played_by_help(client):
    table = create_game_table(client, "gathering-storm", "one-per-power")
    assert len(play_by_help(table, GS, 12)) == 12


# ---- Totaler Krieg! ---------------------------------------------------------------------------------------

def test_totaler_krieg_policies_and_truces_by_mail(client):
    """13.6: policies and truces written as the rules print their names."""
    table = create_game_table(client, "totaler-krieg", "three-player", {"scenario": "1939"})
    mail(table, TK, "western", "END POLICY Isolationism")
    mail(table, TK, "axis", "REPLACE Guarantees WITH Armistice")
    mail(table, TK, "axis", "PLACE POLICY Nazi-Soviet Pact IN Russia")
    mail(table, TK, "soviet", "PLACE TRUCE Negotiation IN Soviet Minors")
    assert_help_reads_back(table, TK)
    assert read(table, TK, MODERATOR, "END POLICY Nazi-Soviet Pact AS axis").data["power"] == "axis"
    error = refusal(table, TK, MODERATOR, "PLACE POLICY Appeasement IN United States")
    assert error.reason == "PLACE needs the power (one of axis, western, soviet)."


def test_totaler_krieg_played_by_help(client):
    table = create_game_table(client, "totaler-krieg", "three-player", {"scenario": "1939"})
    assert len(play_by_help(table, TK, 12)) == 12


# ---- Axis & Allies ------------------------------------------------------------------------------------------

@pytest.mark.parametrize("ruleset", AA, ids=lambda r: r.id)
def test_axis_and_allies_battle_declared_and_defence_confirmed_by_mail(client, ruleset):
    battles_only = {"mode": "battles"}  # the battle calculator (a new game is the whole game)
    table = create_game_table(client, ruleset.id, "one-per-power", battles_only)
    attacker, defender = ("germany", "russia") if ruleset.id == "aa-revised-phase-one" else ("germany", "ussr")
    mail(table, ruleset, attacker, f"ResolveBattle battle_id=b1 territory=Karelia attacker=Germany "
                                   f"defender={defender.upper() if defender == 'ussr' else 'Russia'} "
                                   'forces={"kind": "land", "attacker": {"infantry": 3}, "defender": {"infantry": 2}}')
    assert_help_reads_back(table, ruleset)
    mail(table, ruleset, defender, 'CONFIRM DEFENCE WITH {"infantry": 2}')


@pytest.mark.parametrize("ruleset", AA, ids=lambda r: r.id)
def test_axis_and_allies_played_by_help(client, ruleset):
    table = create_game_table(client, ruleset.id, "one-per-power")
    assert len(play_by_help(table, ruleset, 8)) == 8


# ---- the short forms, and any text at all ----------------------------------------------------------------

@pytest.mark.parametrize("ruleset", registry.all_rulesets(builtin_only=True), ids=lambda r: r.id)
def test_every_ruleset_has_short_forms_each_naming_its_commands(ruleset):
    forms = short_forms(ruleset)
    assert forms and all(form.match.fullmatch(form.usage) for form in forms)


@pytest.fixture(scope="module")
def offers(app) -> list[tuple[object, list[dict]]]:
    """Legal lists with many choices: DoD III's options step, Gathering Storm's moderator."""
    client = app.test_client()
    dod3 = create_dod3_table(client)
    mail(dod3, DOD3, AXIS, "WEATHER")
    gs = create_game_table(client, "gathering-storm", "one-per-power")
    return [(DOD3, dod3.legal_commands(AXIS)), (GS, gs.legal_commands(MODERATOR))]


WORDS = ["BID", "GE", "9", "x2", "PASS", "OPTION", "IPO", "19", "FR", "ACTIVATE", "Belgium", "VIA", "E9",
         "PlayOption", "option=", "target=", "power=", "levels=", "[", "]", "{", "}", '"', "none", "=", ",",
         "SubmitBid", "points=-1", "1e9", "99999999999999999999", "RecordBalanceOfPower", "axis_advantage=",
         "DECLARE", "WAR", "ON", "CONCEDE", "APPROVE", "   (PassOption)", "0(f)", "nan", "and"]


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.one_of(st.text(max_size=120), st.lists(st.sampled_from(WORDS), max_size=10).map(" ".join),
                 st.lists(st.sampled_from(WORDS), max_size=10).map("".join)), st.integers(0, 1))
def test_any_line_gives_an_order_or_an_order_error(offers, line, which):
    ruleset, legal = offers[which]
    try:
        order = parse_order(line, ruleset, legal)
    except OrderError as error:
        assert error.reason and isinstance(error.reason, str) and all(isinstance(h, str) for h in error.hint)
    else:
        assert order.type in {b["type"] for b in legal} and isinstance(order.data, dict)


@settings(max_examples=100, deadline=None)
@given(st.text(max_size=400))
def test_any_mail_body_gives_order_lines(body):
    lines = order_lines(body)
    assert len(lines) <= 100 and all(line and line == line.strip() for line in lines)
