"""The options in a seat's view. Nothing here is secret: options are played openly."""
from __future__ import annotations

from domain.dod3.state import State


def options_view(state: State) -> dict:
    """Rules 8.2b-8.2f: options played successfully (once-only), forced options still owed,
    embargoes in force and this turn's offers to pay past a credit limit."""
    return {
        "succeeded": sorted(state.options_succeeded),
        "forced": {power: list(queue) for power, queue in state.forced_options.items() if queue},
        "embargoes": [{"nationality": a, "target": b} for a, b in sorted(state.embargoes)],
        "credit_offers": [{"payer": o.payer, "beneficiary": o.beneficiary, "up_to": o.up_to}
                          for o in state.credit_offers if o.turn == state.turn],
    }
