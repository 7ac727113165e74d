"""Rule 3.2: setting up. The start state from a seating and the data pack: the initiative track,
PE (US and USSR face down), money, production multiples in their leftmost box, forces, resource
markers, the Japan-USA trade, France's treaties, Italy's war with Ethiopia, the CW's guarantee
to the Netherlands and the USA's Panama canal. Turn 1 skips initiative and starts at weather."""
from __future__ import annotations

from fractions import Fraction

from domain.dod3.pack import Pack
from domain.dod3.seating import game_options, seat_powers
from domain.dod3.state import ForceLedger, Initiative, InitiativePhase, PowerLedger, State, Step, Treaty
from domain.dod3.turns import FIRST_TURN
from domain.kernel import Setup


def initial_state(setup: Setup, pack: Pack) -> State:
    """Rules 3.1-3.2 (raises RuleViolation for a bad seating or option)."""
    seats = seat_powers(setup.seats, pack)
    options = game_options(setup.options)
    start = pack.start
    return State(
        pack=f"{pack.id}@{pack.version}",
        seats=seats,
        holders={power: seat for seat, powers in seats.items() for power in powers},
        bitter_end=options["bitter_end"],
        turn=FIRST_TURN,
        step=Step.WEATHER,  # rule 5: skip initiative on turn 1
        powers={p: _ledger(pack, p) for p in pack.powers},
        forces={f: ForceLedger(spec.army_points, spec.naval_points) for f, spec in pack.subordinates.items()},
        initiative=Initiative(track=pack.start_track, previous_track=pack.start_track,
                              phase=InitiativePhase.SETTLED, sealed={}, last_card=pack.start_track[-1]),
        treaties=tuple(Treaty(t.powers, t.level, FIRST_TURN - t.age, t.trade) for t in start.treaties),
        trade=start.trade,
        resource_markers=start.resource_markers,
        territory_control={**{o.territory: o.controller for o in pack.objectives if o.controller is not None},
                           **{t.territory: t.controller for t in start.territories}},
        non_home_territories=frozenset(t.territory for t in start.territories if not t.home_country),
        minor_control={m.minor: m.controller for m in start.minor_control},
        directed_minors=frozenset(m.minor for m in start.minor_control if m.directs),
        minor_wars=start.wars_with_minors,
        guarantees=start.guarantees,
        panama_canal_owner=start.panama_canal.controller,
        central_america=start.panama_canal.central_america,
        us_entry={p: Fraction(spec.us_entry) for p, spec in pack.powers.items()},
        positions=start_positions(pack),
        minor_alliances={m.name: frozenset(m.allies) for m in pack.minors.values() if m.allies},
        option_8_6=options["option_8_6"],
        america_in_flames=options["america_in_flames"],
    )


def start_positions(pack: Pack) -> dict[str, str]:
    """Rules 3.2 and 8.1: the major powers' and minors' political markers at their at-start
    positions; every other minor with a political marker in the neutral hex in the middle."""
    display = pack.display
    minors = {m.name: display.start_minors.get(m.name, display.neutral_hex)
              for m in pack.minors.values() if m.political_marker}
    return {**display.start_powers, **minors}


def _ledger(pack: Pack, power: str) -> PowerLedger:
    """Rule 3.2b-c: the power's chart at start; the production multiple in its leftmost box."""
    spec = pack.powers[power]
    return PowerLedger(
        political_effectiveness=spec.political_effectiveness, pe_modifier=0, pe_hidden=spec.pe_hidden,
        money=spec.money, credit_limit=spec.credit_limit, bid_points=spec.bid_points, production_multiple=0,
        army_points=spec.army_points, naval_points=spec.naval_points,
    )
