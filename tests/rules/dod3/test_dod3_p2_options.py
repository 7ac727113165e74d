"""Rules 8.2 and 8.4: selecting and resolving options, with the seed's worked examples (GE 3 and
Finland, GE 4 and Czechoslovakia, IPO 11, GE 4 and Poland in 1939)."""
from fractions import Fraction

import pytest

from domain.dod3.commands import OfferCredit, PlayOption
from domain.dod3.events import (
    GuaranteeGiven, MinorWarDeclared, OptionFailed, OptionPlayed, OptionResolved, PoliticalEffectivenessRevealed,
    TreatyLevelChanged,
)
from domain.dod3.political_affairs.options.messages import MarkerChange
from domain.dod3.state import Treaty
from domain.dod3.treaties import treaty_level
from test_dod3_p2_layouts import markers, political_affairs

EXTRA_CARDS = """    - {id: GE 5, name: War Economy, card: GE, cost: 30, may_pass_credit_limit: true, no_activation: true, effect: {kind: none}}
    - {id: FR 7, name: Gear Up, card: FR, cost: 1, prerequisites: [{kind: production_multiple_below, power: GE}], effect: {kind: none}}
    - {id: GE 0(e), name: Respond, card: GE, cost: 0, effect: {kind: none}}
    - {id: CW 8, name: Costly, card: CW, cost: 30, effect: {kind: none}}
    - {id: GE 9, name: Demand, card: GE, cost: 0, target: power, effect: {kind: force_option, option: IPO 12, on_target: true}}
"""
FIRST_APPROVAL = "    - {id: CH 0(f), "


@pytest.fixture
def cards(new_table, make_pack):
    """The default pack with a few cards of the kinds the seed names (MP 5, a prerequisite, a
    lettered MP 0, a forced option)."""
    return new_table(pack=make_pack((FIRST_APPROVAL, EXTRA_CARDS + FIRST_APPROVAL)))


def resolved(events) -> OptionResolved:
    return next(e for e in events if isinstance(e, OptionResolved))


@pytest.mark.rule("DOD3-8.2a")
def test_bidders_play_in_initiative_order_and_non_bidders_cannot(table):
    """Rule 8.2: "In initiative order (1st to 8th), each major power selects a political option ...
    Major powers who did not bid cannot play an option." Germany and the CW bid; Italy did not."""
    political_affairs(table, order=("GE", "CW"))

    out_of_turn = table.refused(table.seat("CW"), PlayOption("CW", "IPO 12", target="Netherlands"))
    non_bidder = table.refused(table.seat("IT"), PlayOption("IT", "IPO 12", target="Netherlands"))

    assert (out_of_turn.rule_id, non_bidder.rule_id) == ("DOD3-8.2a", "DOD3-8.2a")


@pytest.mark.rule("DOD3-8.2b")
def test_no_option_past_the_credit_limit(cards):
    """Rule 8.2: "You may not select an option if the cost of that option would send you below your
    credit limit". The CW (12 money, credit limit 15) cannot pay 30."""
    political_affairs(cards, order=("CW",))

    assert cards.refused(cards.seat("CW"), PlayOption("CW", "CW 8")).rule_id == "DOD3-8.2b"


@pytest.mark.rule("DOD3-8.2b")
def test_a_level_2_treaty_partner_may_pay_the_excess(cards):
    """Rule 8.2: "unless you have at least a level 2 treaty with another major power(s) who is
    willing and able to pay the portion that goes beyond your credit limit". The USA (level 2
    treaty) offers; the CW pays 27 (to its limit), the USA 3."""
    cards.given(treaties=cards.state.treaties + (Treaty(("CW", "US"), 2, 1, False),))
    political_affairs(cards, order=("CW", "US"))
    cards.act("US", OfferCredit("US", "CW", 5))

    events = cards.act("CW", PlayOption("CW", "CW 8", excess_paid_by="US"), rolls=[10])

    assert resolved(events).paid_by == {"CW": 27, "US": 3}
    assert (cards.state.powers["CW"].money, cards.state.powers["US"].money) == (-15, 17)


@pytest.mark.rule("DOD3-8.2b")
def test_mp_5_may_pass_the_credit_limit(cards):
    """Rule 8.4: "If the cost ... would take you beyond your credit limit, you can't pick that
    option, except MP 5". Germany (10 money, credit limit 12) pays 30."""
    political_affairs(cards, order=("GE",))

    cards.act("GE", PlayOption("GE", "GE 5"))

    assert cards.state.powers["GE"].money == -20


@pytest.mark.rule("DOD3-8.2c")
def test_only_the_international_card_or_the_powers_own(table):
    """Rule 8.2: "You can select an option either from the international option card ... or from
    your own major power card. You can't pick an option from another major power's card." """
    political_affairs(table)

    assert table.refused(table.seat("GE"), PlayOption("GE", "FR 3", target="IT")).rule_id == "DOD3-8.2c"


@pytest.mark.rule("DOD3-8.2c")
def test_a_once_only_option_cannot_be_played_again_after_succeeding(table):
    """Rule 8.2: "Some options on your own card can't be selected if they have been successfully
    played already (e.g. Germany can only reoccupy the Rhineland once)." """
    political_affairs(table)
    table.given(options_succeeded=frozenset({"GE 3"}))

    assert table.refused(table.seat("GE"), PlayOption("GE", "GE 3", target="RU")).rule_id == "DOD3-8.2c"


@pytest.mark.rule("DOD3-8.2c")
def test_prerequisites_are_checked(cards):
    """Rule 8.2: "Some options can only be selected if one or more prerequisites are satisfied (e.g.
    France can gear up its production if Germany's production multiple level (PML) is higher than
    hers is)." """
    political_affairs(cards, order=("FR",))

    refused = cards.refused(cards.seat("FR"), PlayOption("FR", "FR 7"))
    cards.given_power("GE", production_multiple=1)
    cards.act("FR", PlayOption("FR", "FR 7"))

    assert refused.rule_id == "DOD3-8.2c" and cards.state.political.ended


@pytest.mark.rule("DOD3-8.2d")
def test_each_option_once_per_turn(table):
    """Rule 8.2: "Each option may only be chosen once per turn (e.g. only one player may play IPO 2
    this turn". Germany guarantees the Netherlands; Italy may not play IPO 12 too."""
    political_affairs(table)
    table.act("GE", PlayOption("GE", "IPO 12", target="Netherlands"), rolls=[10])

    assert table.refused(table.seat("IT"), PlayOption("IT", "IPO 12", target="Greece")).rule_id == "DOD3-8.2d"


@pytest.mark.rule("DOD3-8.2d")
def test_lettered_variants_are_one_option(cards):
    """Rule 8.2: "a player playing two options could not choose 0(e) and 0(f) as those two options
    this turn"."""
    political_affairs(cards, order=("GE", "RU"), options={"GE": 2, "RU": 1})
    cards.act("GE", PlayOption("GE", "GE 0(e)"), rolls=[10])

    assert cards.refused(cards.seat("GE"), PlayOption("GE", "GE 0(f)", target="RU")).rule_id == "DOD3-8.2d"


@pytest.mark.rule("DOD3-8.2e")
@pytest.mark.parametrize("command, rule_id", [
    (PlayOption("GE", "GE 4"), "DOD3-8.2e"),
    (PlayOption("GE", "GE 4", target="Belgian Congo"), "DOD3-8.1b"),
    (PlayOption("GE", "IPO 15", target="FR"), "DOD3-8.2e"),
    (PlayOption("GE", "IPO 11", target="FR"), "DOD3-8.2e"),
])
def test_a_targeted_option_needs_a_valid_target(table, command, rule_id):
    """Rule 8.2: "Some options will require you to name a target minor country ... You may not play
    an option if you are unable to name a valid target country when it is your turn to play the
    option." (8.1: "Political options may not directly target a colony"; France's PE is face up;
    Germany has no treaty with France to cancel.)"""
    political_affairs(table)

    assert table.refused(table.seat("GE"), command).rule_id == rule_id


@pytest.mark.rule("DOD3-8.2f")
def test_forced_options_are_played_first_in_the_order_acquired(cards):
    """Rule 8.2: "If you are required to play more than one option as your next choice ... you must
    play the required options in the order that you acquired them." Germany's demand forces IPO 12
    on Italy, which already owed IPO 15."""
    political_affairs(cards, order=("GE", "IT"), options={"GE": 1, "IT": 2})
    cards.given(forced_options={"IT": ("IPO 15",)})
    cards.act("GE", PlayOption("GE", "GE 9", target="IT"), rolls=[10])

    refused = cards.refused(cards.seat("IT"), PlayOption("IT", "IPO 12", target="Austria"))
    cards.act("IT", PlayOption("IT", "IPO 15", target="RU"), rolls=[10])

    assert refused.rule_id == "DOD3-8.2f"
    assert cards.state.forced_options["IT"] == ("IPO 12",)


@pytest.mark.rule("DOD3-8.4a")
def test_an_option_needing_approval_waits_for_it(table):
    """Rule 8.4: "you play an option that is not immediately successful because it requires the
    approval of another major power later on ... the cost is only paid, and the minor country and US
    entry effects are only applied if the option succeeds." Germany offers the pact (GE 3); the
    Soviet Union accepts with its 0(f)."""
    political_affairs(table, order=("GE", "RU"))
    money = table.state.powers["GE"].money
    table.act("GE", PlayOption("GE", "GE 3", target="RU"), rolls=[10])
    waiting = (table.state.powers["GE"].money, table.state.markers.get("Finland"))

    events = table.act("RU", PlayOption("RU", "RU 0(f)", target="GE"))

    assert waiting == (money, None)
    assert resolved(events).option == "GE 3" and table.state.powers["GE"].money == money - 2
    assert treaty_level(table.state, "GE", "RU") == 2


@pytest.mark.rule("DOD3-8.4a")
def test_an_option_not_approved_this_turn_fails_and_costs_nothing(table):
    """Rule 8.4: "The option is unsuccessful if the other major power fails to play the appropriate
    option for approval." Political affairs end after Germany's pact offer."""
    political_affairs(table)
    money = table.state.powers["GE"].money

    events = table.act("GE", PlayOption("GE", "GE 3", target="RU"), rolls=[1])

    assert [e for e in events if isinstance(e, OptionFailed)] == [OptionFailed(1, "GE", "GE 3", "not approved by RU this turn")]
    assert table.state.powers["GE"].money == money and treaty_level(table.state, "GE", "RU") == 0


@pytest.mark.rule("DOD3-8.4b")
def test_paying_spends_savings_then_runs_up_debt(table):
    """Rule 8.4: "You spend money by reducing your major power's savings, or increasing its debt, or
    a bit of both." Germany with 1 in savings pays 2 for IPO 12."""
    political_affairs(table)
    table.given_power("GE", money=1)

    table.act("GE", PlayOption("GE", "IPO 12", target="Netherlands"), rolls=[10])

    assert (table.view("player1")["powers"]["GE"]["savings"], table.view("player1")["powers"]["GE"]["debt"]) == (0, 1)


@pytest.mark.rule("DOD3-8.4c")
def test_ge_3_and_finland(table):
    """Rule 8.4 example: "Germany plays GE 3, offering a major power pact to the Soviet Union ... The
    option lists a +1 for Finland. The treaty chart effect on Finland of a treaty with the Soviet
    Union is a -2. Therefore, if the Soviet Union accepts, the net effect of Germany playing this
    option is to place a German -1 marker in Finland." """
    political_affairs(table, order=("GE", "RU"))
    table.act("GE", PlayOption("GE", "GE 3", target="RU"), rolls=[10])

    events = table.act("RU", PlayOption("RU", "RU 0(f)", target="GE"))

    assert MarkerChange("Finland", "GE", -1, -1) in resolved(events).markers
    assert table.state.markers["Finland"] == {"GE": -1}


@pytest.mark.rule("DOD3-8.4c")
def test_ge_4_and_czechoslovakia(table):
    """Rule 8.4 example: "Germany plays GE 4, declaring war on Czechoslovakia. GE 4 has a -2 for
    Germany declaring war on Czechoslovakia. The war chart lists a -9 modifier. So, there is a -11
    net modifier for this. If there is already a -3 German marker in Czechoslovakia, the total
    modifier is -14. Germany could place a -9 and a -5". """
    political_affairs(table)
    markers(table, Czechoslovakia={"GE": -3})

    events = table.act("GE", PlayOption("GE", "GE 4", target="Czechoslovakia"), rolls=[10])

    assert MarkerChange("Czechoslovakia", "GE", -11, -14) in resolved(events).markers
    assert table.view("player1")["minors"]["Czechoslovakia"]["marker_counters"]["GE"] == [-9, -5]


@pytest.mark.rule("DOD3-8.4c")
def test_ipo_11_cancelling_three_levels(table):
    """Rule 8.4 example: "You are playing IPO 11 to cancel 3 levels of treaty with Italy. Assume you
    are allied to Austria. The treaty chart effect is the opposite of that given and there is to be
    a -1 for each ally. So, for Austria, the listed effect is +2. The opposite effect is -2.
    Subtracting 1 because Austria is an ally gives a result of -3. This is applied three times for a
    final modifier of -9. For Czechoslovakia, the listed effect is +1. The opposite effect is -1.
    This is applied once for each treaty level for a total modifier of -3." Germany plays it; the
    markers are Germany's ("You must place one of your markers")."""
    political_affairs(table)
    table.given(treaties=table.state.treaties + (Treaty(("GE", "IT"), 3, 1, False),),
                minor_alliances={**table.state.minor_alliances, "Austria": frozenset({"IT", "GE"})})

    events = table.act("GE", PlayOption("GE", "IPO 11", target="IT", levels=3))

    placed = {m.minor: m.change for m in resolved(events).markers}
    assert (placed["Austria"], placed["Czechoslovakia"]) == (-9, -3)
    assert all(m.nationality == "GE" for m in resolved(events).markers)


@pytest.mark.rule("DOD3-8.4c")
@pytest.mark.rule("DOD3-1.1")
def test_halved_effects_round_once_at_the_end(table):
    """Rule 8.4: "it might halve the result (e.g. IPO 19 - when you embargo a major power, minors
    will react half as dramatically as if you had declared war)"; rule 1.1 rounds -1/2 to -1.
    Italy embargoes Germany: the war chart's German column has -1 for Austria, Hungary and Sweden."""
    political_affairs(table, order=("IT",))

    events = table.act("IT", PlayOption("IT", "IPO 19", target="GE"))

    assert {m.minor: m.change for m in resolved(events).markers} == {"Austria": -1, "Hungary": -1, "Sweden": -1}


@pytest.mark.rule("DOD3-8.4d")
def test_ge_4_and_poland_in_1939(table):
    """Rule 8.4 example: "Germany successfully plays GE 4, declaring war on Poland in 1939. The US
    Entry effect on GE 4 in 1939 is +6 which is added to the effect of declaring war on Poland as
    stated in the war chart, +10 to give a total US Entry effect of +16." """
    political_affairs(table, turn=19)
    before = table.state.us_entry["GE"]

    events = table.act("GE", PlayOption("GE", "GE 4", target="Poland"), rolls=[10])

    assert (resolved(events).year, resolved(events).us_entry_shift) == (1939, 16)
    assert table.state.us_entry["GE"] - before == 16


@pytest.mark.rule("DOD3-8.4d")
def test_us_entry_keeps_fractions(table):
    """Rule 8.4: "double or halve the effect ... the US player must record this turn's shifts ...
    (retaining fractions)". Italy embargoes Japan: the war chart's -1, halved, is -1/2."""
    political_affairs(table, order=("IT",))

    table.act("IT", PlayOption("IT", "IPO 19", target="JA"))

    assert table.state.us_entry_history[-1].shift == Fraction(-1, 2)
    assert table.view("player1")["us_entry"]["totals"]["IT"] == "-1/2"


@pytest.mark.rule("DOD3-8.4e")
def test_principal_effects_come_last(table):
    """Rule 8.4: "Finally, apply the principal effects listed on the option": after the cost, the
    markers and US entry, Germany is at war with Czechoslovakia."""
    political_affairs(table)

    events = table.act("GE", PlayOption("GE", "GE 4", target="Czechoslovakia"), rolls=[10])

    kinds = [type(e) for e in events]
    assert kinds.index(OptionPlayed) < kinds.index(OptionResolved) < kinds.index(MinorWarDeclared)
    assert "GE" in table.view("player1")["minors"]["Czechoslovakia"]["at_war_with"]


@pytest.mark.rule("DOD3-8.4e")
@pytest.mark.parametrize("command, effect", [
    (PlayOption("GE", "IPO 12", target="Netherlands"), GuaranteeGiven),
    (PlayOption("GE", "IPO 15", target="RU"), PoliticalEffectivenessRevealed),
])
def test_guarantees_and_revealed_pe(table, command, effect):
    """Principal effects named by the seed: a guarantee (IPO 12, 3.2h) and turning a face-down PE
    up (IPO 15, 3.2)."""
    political_affairs(table)

    events = table.act("GE", command, rolls=[10])

    assert any(isinstance(e, effect) for e in events)


@pytest.mark.rule("DOD3-8.4e")
def test_revealed_pe_shows_to_every_seat(table):
    """Rule 3.2: "Turn the USA & USSR political effectiveness (PE) markers face down (see IPO 15)"."""
    political_affairs(table)
    hidden = table.view(table.seat("GE"))["powers"]["RU"]["political_effectiveness"]

    table.act("GE", PlayOption("GE", "IPO 15", target="RU"), rolls=[10])

    assert hidden is None and table.view(table.seat("GE"))["powers"]["RU"]["political_effectiveness"] == 3


@pytest.mark.rule("DOD3-8.4e")
def test_ipo_11_cancels_the_treaty_levels(table):
    """IPO 11 (rule 8.4 example): the three levels of the treaty with Italy are cancelled."""
    political_affairs(table)
    table.given(treaties=table.state.treaties + (Treaty(("GE", "IT"), 3, 1, False),))

    events = table.act("GE", PlayOption("GE", "IPO 11", target="IT", levels=3))

    assert TreatyLevelChanged(1, ("GE", "IT"), 0, 3, "IPO 11") in events
    assert treaty_level(table.state, "GE", "IT") == 0
