"""Issue 14's Days of Decision III defects, each as the rule says it in general: the activation
that could not end (8.5e with 8.5g), a conquered power out of the game everywhere, US entry's
modifiers before doubling or halving (8.4d) and colonies without a League vote (8.1b)."""
from dataclasses import replace
from fractions import Fraction

import pytest

from domain.dod3.commands import PlayOption
from domain.dod3.political_affairs.control.political_control import control_effects
from test_dod3_p2_layouts import political_affairs

JAPAN_EMBARGO_3 = ("JA: {provisional: true, minor_effects: {Siam: -2}, us_entry: {1936: -1}}",
                   "JA: {provisional: true, minor_effects: {Siam: -2}, us_entry: {1936: 3}}")
HALVE_THEN_ADD_2 = ("us_entry_modifiers: [{kind: halve, provisional: true}]",
                    "us_entry_modifiers: [{kind: halve}, {kind: add, value: 2}]")


@pytest.mark.rule("DOD3-8.4d")
def test_us_entry_modifiers_are_added_before_halving(new_table, make_pack):
    """Rule 8.4: "Sometimes you are asked to use the opposite of the chart effect (e.g. IPO 3) or to
    double or halve the effect (e.g. IPO 5). This is done after adding any modifier."
    Given an embargo (IPO 19, halved) whose card lists the halving before a +2, and a war chart
    giving 3 for Japan; when Italy embargoes Japan; then US entry shifts (3 + 2) / 2 = 5/2, not
    3 / 2 + 2 = 7/2."""
    table = political_affairs(new_table(pack=make_pack(JAPAN_EMBARGO_3, HALVE_THEN_ADD_2)), order=("IT",))

    table.act("IT", PlayOption("IT", "IPO 19", target="JA"))

    assert table.state.us_entry_history[-1].shift == Fraction(5, 2)


@pytest.mark.rule("DOD3-8.1b")
def test_a_colony_has_no_league_vote(table):
    """Rule 8.1: "Colonies do not have a vote in the League of Nations (see 8.7.1, IPO 16) and may
    not be members of the League (they are represented by their controlling major power or minor
    country)." Given Belgium controlled by France (its start position); when the effects of that
    control are read for Belgium and for its colony the Belgian Congo; then Belgium votes and the
    Congo does not, though it follows Belgium in everything else."""
    belgium = control_effects(table.state, table.pack, "Belgium")
    congo = control_effects(table.state, table.pack, "Belgian Congo")

    assert (belgium.controller, belgium.league_vote) == ("FR", True)
    assert congo == replace(belgium, league_vote=False)
