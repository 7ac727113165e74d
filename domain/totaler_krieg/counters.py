"""Where a country's counters go when its status changes (13.4, 13.8.1, 13.8.2, 13.8.5, 13.8.6)."""
from __future__ import annotations

from domain.totaler_krieg.events import Placed
from domain.totaler_krieg.pack import Pack
from domain.totaler_krieg.state import TKState
from domain.totaler_krieg.vocabulary import Location


def relocate(state: TKState, pack: Pack, country: str, sources, to: Location, keep=None) -> tuple[Placed, ...]:
    """Every counter of ``country`` now in one of ``sources`` (and passing ``keep``) goes ``to``."""
    return tuple(Placed(u, to) for u in pack.units_of.get(country, ())
                 if state.units[u].location in sources and (keep is None or keep(u)))


NOT_REMOVED = frozenset(Location) - {Location.REMOVED}
