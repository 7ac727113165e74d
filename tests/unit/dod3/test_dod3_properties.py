"""Properties of the initiative ranking, rounding, objectives and scoring (hypothesis)."""
from dataclasses import replace
from fractions import Fraction

from hypothesis import given, settings
from hypothesis import strategies as st

from domain.dod3 import RULESET
from domain.dod3.initiative import entries_for, last_card, move_down_positions, moved_down, rank
from domain.dod3.powers import MAJOR_POWERS
from domain.dod3.state import Bid
from domain.dod3.victory import holdings, score
from domain.kernel import Setup, round_half_away
from service.packs import default_pack

PACK = default_pack(RULESET)
START = RULESET.make_decider(PACK).initial_state(Setup(RULESET.seat_presets["8"], {}, PACK))

tracks = st.permutations(MAJOR_POWERS).map(tuple)
bids = st.fixed_dictionaries({p: st.tuples(st.integers(0, 20), st.integers(1, 4)) for p in MAJOR_POWERS})
pes = st.fixed_dictionaries({p: st.integers(-5, 12) for p in MAJOR_POWERS})


def ranked(track, bid_table, pe):
    entries = entries_for({p: Bid(p, pts, opts if pts else 0) for p, (pts, opts) in bid_table.items()}, track, PACK)
    return entries, rank(entries, pe)


@given(tracks, bids, pes)
def test_ranking_is_a_permutation_with_every_bidder_first(track, bid_table, pe):
    entries, order = ranked(track, bid_table, pe)

    assert sorted(order) == sorted(MAJOR_POWERS)
    bidders = [p for p in order if bid_table[p][0] > 0]
    assert list(order[:len(bidders)]) == bidders


@given(tracks, bids, pes)
def test_ranking_never_puts_a_lower_final_bid_above_a_higher_one_among_bidders(track, bid_table, pe):
    entries, order = ranked(track, bid_table, pe)
    final = {e.power: e.final_bid for e in entries if e.made_bid}

    ranked_bids = [final[p] for p in order if p in final]
    assert ranked_bids == sorted(ranked_bids, reverse=True)


@given(tracks, bids, pes)
def test_final_bids_are_exact_and_unrounded(track, bid_table, pe):
    entries, _ = ranked(track, bid_table, pe)

    for entry in entries:
        points, options = bid_table[entry.power]
        expected = Fraction(points + entry.modifier, options) if points else Fraction(entry.modifier)
        assert entry.final_bid == expected


@given(tracks, bids, pes, st.data())
def test_moving_a_democrat_down_keeps_bidders_above_non_bidders(track, bid_table, pe, data):
    _, order = ranked(track, bid_table, pe)
    bidders = frozenset(p for p in order if bid_table[p][0] > 0)
    democrats = [p for p in ("CH", "CW", "FR", "US") if move_down_positions(order, p, bidders)]
    if not democrats:
        return
    power = data.draw(st.sampled_from(democrats))
    position = data.draw(st.sampled_from(move_down_positions(order, power, bidders)))

    after = moved_down(order, power, position)

    assert sorted(after) == sorted(order) and after.index(power) + 1 == position
    assert all(after.index(b) < after.index(n) for b in bidders for n in set(after) - bidders)
    assert last_card(after, bidders) in bidders | {None}


@given(st.fractions(max_denominator=64).filter(lambda f: abs(f) < 10 ** 6))
def test_rounding_is_nearest_with_halves_away_from_zero(value):
    rounded = round_half_away(value)

    assert abs(rounded - value) <= Fraction(1, 2)
    assert round_half_away(-value) == -rounded
    if abs(rounded - value) == Fraction(1, 2):
        assert abs(rounded) > abs(value)


controllers = st.sampled_from(MAJOR_POWERS + ("CC",))


@settings(max_examples=50)
@given(st.dictionaries(st.sampled_from([o.territory for o in PACK.objectives]), controllers))
def test_every_objective_is_counted_exactly_once(captures):
    state = replace(START, territory_control={**START.territory_control, **captures})

    assert sum(holdings(state, PACK).values()) == 67


@given(st.fixed_dictionaries({p: st.integers(0, 30).map(Fraction) for p in MAJOR_POWERS}),
       st.sampled_from(sorted(RULESET.seat_presets)))
def test_the_winners_have_the_highest_net_and_play_in_a_winning_ideology(held, preset):
    result = score(PACK, held, RULESET.seat_presets[preset])

    best = max(result.ideology_nets.values())
    assert result.winning_ideologies and all(result.ideology_nets[i] == best for i in result.winning_ideologies)
    assert set(result.winning_players) <= set(result.player_totals)
    assert all(result.player_totals[w] == max(result.player_totals.values()) for w in result.winning_players)
