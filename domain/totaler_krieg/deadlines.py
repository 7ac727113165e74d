"""Totaler Krieg! chapter 13 under deadlines (CORE-deadline): explicitly no timed step.

A deadline times a step a seat owes an order in. This ruleset models chapter 13 only (factions,
countries, status, alignment, posture, policies, truces), not the turn sequence (the War & Peace,
Option Card and Conditional Events Segments belong to other chapters). Each command records a
choice a faction makes when a card, event or move outside the ruleset calls for it: a selection
(13.2), an alignment roll or the Axis choice of priority 5 (13.5), ending or replacing a policy
(13.6), a truce (13.6.2), an internment at the end of a Conditional Events Segment (13.6.1). The
state never waits for one: the view names no seat it waits for and ``legal_commands`` offers only
optional choices. So there is nothing a deadline could time nor a missed order to apply, and
``SetSchedule`` refuses with that reason instead of accepting a schedule that never runs."""
from __future__ import annotations

from domain.kernel.schedule import MissedOrders

REASON = ("Totaler Krieg! chapter 13 has no turn sequence: every command records a choice a faction makes "
          "when a card, event or move outside this ruleset calls for it (13.2, 13.5, 13.6), so the game never "
          "waits for a seat's order and there is no step to time")

DEADLINES = MissedOrders.none_because(REASON)
