"""Rule 32.4: German declarations of war on the Allies and on Russia, and German threats."""
import pytest

from domain.gathering_storm.verdict import Mode, Outcome
from domain.kernel import RuleViolation


@pytest.mark.rule("GS-32.41")
def test_germany_fully_mobilized_declares_war(table):
    """32.41C: Germany may declare pre-emptive war only if it "is fully mobilized"."""
    table.given(rhineland=True, mobilized=["Germany"], support={"Germany": 3})
    assert table.verdict("Germany", "Britain").mode is Mode.DECLARATION
    assert table.verdict("Germany", "Britain").concession_level is None


@pytest.mark.rule("GS-32.41")
def test_germany_not_fully_mobilized_may_only_threaten(table):
    """32.41C: "If Germany is not fully mobilized, it may threaten to declare war on a major power, but that
    major power has the option of preventing the declaration of war by making concessions (32.83)." A
    single idle or civilian factory is enough to leave Germany short of full mobilization."""
    table.given(rhineland=True, unmobilized=["Germany"], support={"Germany": 3})
    assert table.verdict("Germany", "Britain").mode is Mode.THREAT
    assert table.verdict("Germany", "Britain").concession_level == 3


@pytest.mark.rule("GS-32.41")
def test_germany_s_factories_unrecorded_count_as_not_mobilized(table):
    """32.41C: "fully mobilized" means every idle and civilian factory converted; until the moderator
    records Germany's factories it is not taken to be (every power starts the game short of it)."""
    table.given(rhineland=True, support={"Germany": 3})
    assert table.verdict("Germany", "Russia").mode is Mode.THREAT


@pytest.mark.rule("GS-32.41")
def test_germany_needs_the_rhineland_and_no_allied_response(table):
    """32.41A/B: the Rhineland remilitarized, and "the Allies did not declare war on Germany or Italy in
    response to an Axis aggression"."""
    table.given(mobilized=["Germany"], support={"Germany": 3})
    assert table.verdict("Germany", "Britain").legal is False
    table.given(rhineland=True)
    assert table.verdict("Germany", "Britain").legal is True


@pytest.mark.rule("GS-32.42")
def test_germany_must_declare_war_on_both_allies_or_neither(table):
    """32.42: "Germany may not declare war on only one of Britain or France; it must declare war on both or
    neither." """
    with pytest.raises(RuleViolation) as refused:
        table.declare("Germany", "Britain")
    assert refused.value.rule_id == "GS-32.42"
    with pytest.raises(RuleViolation):
        table.threaten("Germany", "France")
    assert table.state.crisis.intentions == ()


@pytest.mark.rule("GS-32.42")
def test_a_legal_german_declaration_on_the_allies_means_war_with_both(table):
    """32.42: the net total must be at least +1 "with respect to both countries"; Germany is then at war
    with Britain and France."""
    table.given(rhineland=True, mobilized=["Germany"], support={"Germany": 4, "Britain": 3, "France": 1})
    table.declare("Germany", "Britain", "France")
    table.end_crisis()
    assert table.wars == {("Germany", "Britain"), ("Germany", "France")}


@pytest.mark.rule("GS-32.42")
def test_germany_measures_its_support_against_the_greater_allied_level(table):
    """32.42B: "The German support level and the greater of the French or British support levels." With
    Britain at 4 Germany (support 4) fails against both, though it out-supports France."""
    table.given(rhineland=True, mobilized=["Germany"], support={"Germany": 4, "Britain": 4, "France": 1})
    table.declare("Germany", "Britain", "France")
    table.end_crisis()
    assert table.modifier("Germany", "France", "support levels") == 0
    assert [table.ruling("Germany", a).outcome for a in ("Britain", "France")] == [Outcome.NO_WAR] * 2
    assert table.wars == set()


@pytest.mark.rule("GS-32.42")
def test_german_modifiers_a_to_d(table):
    """32.42 A-D: balance of power +2; support Germany 4 vs the greater Allied level 3, +1; EAI +2;
    Czechoslovakia's resistance 1 and Poland's 2 against Germany; Russia's war readiness (support 1, one
    Allied flag in Russia +1, Axis flags in Finland -1 = 1) against Germany. Net +1: Germany may declare."""
    table.given(rhineland=True, mobilized=["Germany"], balance_of_power=2, eai=2,
                support={"Germany": 4, "Britain": 3, "France": 2, "Russia": 1},
                resistance={"Czechoslovakia": 1, "Poland": 2}, flags={"Russia": (0, 1, 0), "Finland": (2, 0, 0)})
    verdict = table.verdict("Germany", "Britain")
    assert [(m.name, m.value) for m in verdict.modifiers] == [
        ("balance of power", 2), ("support levels", 1), ("European Aggression Index", 2),
        ("Czechoslovakia resistance", -1), ("Poland resistance", -2), ("Russia's war readiness", -1)]
    assert (verdict.net, verdict.legal) == (1, True)


@pytest.mark.rule("GS-32.42")
def test_a_conquered_eastern_neighbour_no_longer_resists(table):
    """32.42D: "The resistance levels of Czechoslovakia and Poland, if unconquered"."""
    table.given(resistance={"Czechoslovakia": 3, "Poland": 2}, successful=["Czechoslovakia"])
    assert table.modifier("Germany", "France", "Czechoslovakia resistance") == 0
    assert table.modifier("Germany", "France", "Poland resistance") == -2


@pytest.mark.rule("GS-32.42")
def test_russia_s_war_readiness_counts_only_without_the_pact(table):
    """32.42D: Russia's war readiness counts "if no Nazi-Soviet Pact has been signed"."""
    table.given(support={"Russia": 3})
    assert table.modifier("Germany", "Britain", "Russia's war readiness") == -3
    table.given(pact=True)
    assert table.modifier("Germany", "Britain", "Russia's war readiness") == 0


@pytest.mark.rule("GS-32.42")
def test_war_readiness_treats_poland_like_the_other_bordering_minors(table):
    """32.42D: bordering minor results are counted "treating Poland the same as the other three bordering
    minor countries" - even while Poland is Germany's target (Russia's own total drops it, 32.72D). A Russian trade pact with Poland (+2) and an
    Axis trade pact with Rumania (-2) cancel out; Turkey's Russian flag adds 1."""
    table.given(aggression=("Germany", "Danzig and the Corridor", 1), trade_pacts={"Poland": "Russia",
                "Rumania": "Germany"}, flags={"Turkey": (0, 0, 1)})
    assert table.modifier("Germany", "Britain", "Russia's war readiness") == -1
    assert table.modifier("Russia", "Germany", "Poland diplomatic result") == 0


@pytest.mark.rule("GS-32.43")
def test_germany_may_declare_war_on_russia_only_controlling_poland_or_the_baltic_states(table):
    """32.43: "provided the Nazi-Soviet Pact is not in effect and Germany controls either Poland or the
    Baltic States"."""
    table.given(rhineland=True, mobilized=["Germany"], support={"Germany": 2})
    assert table.verdict("Germany", "Russia").legal is False
    table.given(successful=["Baltic States"])
    assert table.verdict("Germany", "Russia").legal is True


@pytest.mark.rule("GS-32.43")
def test_german_modifiers_on_russia(table):
    """32.43 A-D: balance of power, German against Russian support, EAI, Czech and Polish resistance.
    Russia's war readiness is not among them."""
    table.given(rhineland=True, mobilized=["Germany"], control={"Poland": "Germany"}, balance_of_power=1,
                support={"Germany": 2, "Russia": 3}, eai=1, resistance={"Czechoslovakia": 2, "Poland": 4})
    verdict = table.verdict("Germany", "Russia")
    assert [(m.name, m.value) for m in verdict.modifiers] == [
        ("balance of power", 1), ("support levels", -1), ("European Aggression Index", 1),
        ("Czechoslovakia resistance", -2), ("Poland resistance", 0)]
    assert (verdict.net, verdict.legal) == (-1, False)


@pytest.mark.rule("GS-32.43")
def test_the_pact_blocks_germany_s_declaration_on_russia(table):
    """32.43: Germany may declare war on Russia "provided the Nazi-Soviet Pact is not in effect"."""
    table.given(rhineland=True, mobilized=["Germany"], support={"Germany": 5}, control={"Poland": "Germany"},
                pact=True)
    assert table.verdict("Germany", "Russia").exceeds is True
    assert table.verdict("Germany", "Russia").legal is False


@pytest.mark.rule("GS-32.44")
def test_a_german_threat_on_the_allies_demands_concessions_of_the_ally_with_the_higher_support(table):
    """32.44, 32.83C: "If Germany is not fully mobilized, but otherwise meets the requirements for
    declaring war on the Allies or Russia, it may threaten to declare war." The Ally with the higher
    support level makes the concessions."""
    table.given(rhineland=True, unmobilized=["Germany"], support={"Germany": 4, "Britain": 1, "France": 2})
    table.threaten("Germany", "Britain", "France")
    table.end_crisis()
    demand = table.state.crisis.pending[0]
    assert (demand.conceding_powers, demand.beneficiaries, demand.level) == (("France",), ("Germany",), 2)


@pytest.mark.rule("GS-32.44")
def test_declining_the_concessions_means_war_and_the_game_ends(table):
    """32.44: the threatened power may avoid war by concessions "or allowing the declaration of war,
    ending the game"."""
    table.given(rhineland=True, unmobilized=["Germany"], support={"Germany": 2}, control={"Poland": "Germany"})
    table.threaten("Germany", "Russia")
    table.end_crisis()
    table.decline("Russia")
    assert table.wars == {("Germany", "Russia")}
    assert table.decider.is_terminal(table.state) is True
    assert "Germany declared war on Russia" in table.state.end_reason
    assert table.projection()["game_over"]["reason"] == table.state.end_reason


@pytest.mark.rule("GS-32.44")
def test_a_german_declaration_made_without_full_mobilization_is_only_a_threat(table):
    """32.44: not fully mobilized, Germany "may threaten to declare war" - a declaration it makes is judged
    as a threat, which Russia may buy off."""
    table.given(rhineland=True, unmobilized=["Germany"], support={"Germany": 1}, control={"Poland": "Germany"})
    table.declare("Germany", "Russia")
    table.end_crisis()
    assert table.ruling("Germany", "Russia").outcome is Outcome.CONCESSIONS_DEMANDED
    table.concede("Russia")
    assert table.wars == set()
    assert table.decider.is_terminal(table.state) is False
