"""Rules 8.2b and 8.4b: paying for an option. Savings fall, then debt grows, never past the credit
limit, unless the option is MP 5 or a treaty partner at level 2 or more is willing and able to pay
what passes it."""
from __future__ import annotations

from domain.dod3.economy import pay, within_credit_limit
from domain.dod3.pack import Pack
from domain.dod3.political_affairs.ipo.messages import FACTORY
from domain.dod3.political_affairs.options.messages import OptionRequest
from domain.dod3.political_affairs.options.pack import OptionCard
from domain.dod3.state import State
from domain.dod3.treaties import treaty_level
from domain.kernel import RuleViolation


def option_cost(card: OptionCard, request: OptionRequest) -> int:
    """Rule 8.4b (and 8.7.2: "If you place markers on two resources, the cost to play this option
    is doubled")."""
    if card.effect.cost_per_resource:
        resources = sum(1 for item in request.items if item.kind != FACTORY)
        return card.cost * max(resources, 1)
    return card.cost


def payment(state: State, pack: Pack, power: str, card: OptionCard, request: OptionRequest) -> dict[str, int]:
    """Rules 8.2b/8.4b: who pays what. Raises DOD3-8.2b when the option may not be selected."""
    cost = option_cost(card, request)
    ledger = state.powers[power]
    if cost == 0:
        return {}
    if card.may_pass_credit_limit or within_credit_limit(ledger, cost):
        pay(ledger, cost, "DOD3-8.4b", may_pass_credit_limit=card.may_pass_credit_limit)
        return {power: cost}
    payer = request.excess_paid_by
    excess = cost - max(ledger.money + ledger.credit_limit, 0)
    if payer is None:
        raise RuleViolation("DOD3-8.2b", f"{card.id} costs {cost}: {power} would pass its credit limit by "
                                         f"{excess} and no treaty partner pays the excess")
    needed = pack.politics.credit_partner_treaty_level
    if payer not in state.powers or treaty_level(state, power, payer) < needed:
        raise RuleViolation("DOD3-8.2b", f"only a power with at least a level {needed} treaty with {power} may "
                                         f"pay the excess")
    willing = any(o.turn == state.turn and o.payer == payer and o.beneficiary == power and o.up_to >= excess
                  for o in state.credit_offers)
    if not willing:
        raise RuleViolation("DOD3-8.2b", f"{payer} has not offered to pay {excess} for {power} this turn")
    pay(state.powers[payer], excess, "DOD3-8.2b")
    return {power: cost - excess, payer: excess}


