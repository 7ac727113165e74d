"""What a seat may do with options (rules 8.2-8.4, 8.7): the options the current player may play with
their valid targets and costs (and, for IPO 1 and IPO 2, the moves and agreements on offer), and the
treaty partners a power may offer to pay for (8.2b)."""
from __future__ import annotations

from domain.dod3.pack import Pack
from domain.dod3.political_affairs.ipo import economic_agreements, new_world_order
from domain.dod3.political_affairs.ipo.messages import AgreementAction, AgreementItem
from domain.dod3.political_affairs.options import principal
from domain.dod3.political_affairs.options.messages import OptionRequest
from domain.dod3.political_affairs.options.pack import EffectKind, OptionCard, TargetKind
from domain.dod3.political_affairs.options.payment import option_cost, payment
from domain.dod3.political_affairs.options.selection import check_selection, own_or_international
from domain.dod3.state import State
from domain.dod3.treaties import treaty_level
from domain.kernel import CommandSpec, RuleViolation
from domain.kernel.plain import to_plain


def legal_options(state: State, pack: Pack, power: str) -> list[CommandSpec]:
    """Rules 8.2c-e: every option of the power's card and the international card it may play now,
    with its valid targets and cost."""
    specs = []
    for card in pack.options.values():
        if own_or_international(card, power):
            spec = _option(state, pack, power, card)
            if spec is not None:
                specs.append(spec)
    return specs


def credit_offers(state: State, pack: Pack, power: str) -> list[CommandSpec]:
    """Rule 8.2b: the partners this power may offer to pay for."""
    needed = pack.politics.credit_partner_treaty_level
    linked = {p for t in state.treaties if power in t.powers and t.level >= needed for p in t.powers}
    partners = [p for p in state.active_powers() if p != power and p in linked]
    if not partners:
        return []
    return [CommandSpec("OfferCredit", power, {"beneficiary": partners}, "DOD3-8.2b",
                        {"power": power, "beneficiary": partners[0], "up_to": 1})]


def _candidates(state: State, pack: Pack, power: str, card: OptionCard) -> list[str | None]:
    match card.target:
        case TargetKind.NONE:
            return [None]
        case TargetKind.POWER:
            return [p for p in card.targets or state.active_powers() if p != power]
    return [m for m, spec in pack.minors.items() if spec.colony_of is None
            and (not spec.america_in_flames or state.america_in_flames)]


def _request(state: State, pack: Pack, card: OptionCard, target: str | None) -> OptionRequest:
    """A request that shows whether the option can be played at this target at all."""
    if card.effect.kind is EffectKind.ECONOMIC_AGREEMENT and target is not None:
        free = economic_agreements.available(state, pack, target)
        items = (AgreementItem(*next(iter(free))),) if free else (AgreementItem(target, "resource"),)
        return OptionRequest(card.id, target, items=items)
    return OptionRequest(card.id, target)


def _playable(state: State, pack: Pack, power: str, card: OptionCard, target: str | None) -> bool:
    request = _request(state, pack, card, target)
    try:
        check_selection(state, pack, power, request)
        principal.check(state, pack, power, card, request)
        payment(state, pack, power, card, request)
    except RuleViolation:
        return False
    return True


def _option(state: State, pack: Pack, power: str, card: OptionCard) -> CommandSpec | None:
    """The option with the values each of its fields may take now; the example plays it at its
    first valid target as ``_playable`` checked it."""
    targets = [t for t in _candidates(state, pack, power, card) if _playable(state, pack, power, card, t)]
    if not targets:
        return None
    choices: dict = {"option": [card.id]}
    if card.target is not TargetKind.NONE:
        choices["target"] = targets
    match card.effect.kind:
        case EffectKind.NEW_WORLD_ORDER:
            hexes = new_world_order.reachable(state, pack, power)
            choices["path"] = sorted(hexes, key=lambda h: (hexes[h], h))  # the hexes a path may enter
            choices["carry"] = [m for m in pack.minors if state.positions.get(m) == state.positions[power]]
        case EffectKind.ECONOMIC_AGREEMENT:
            choices["agreement"] = [a.value for a in AgreementAction]
            choices["items"] = [{"location": loc, "kind": kind} for t in targets
                                for (loc, kind) in economic_agreements.available(state, pack, t)]
        case EffectKind.TREATY_LEVEL if card.effect.change is None:
            choices["levels"] = {"minimum": 1, "maximum": max(treaty_level(state, power, t) for t in targets)}
    request = _request(state, pack, card, targets[0])
    example = {"power": power, **to_plain(request)}
    return CommandSpec("PlayOption", power, choices, "DOD3-8.2c", example)
