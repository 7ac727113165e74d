"""Rule 8.2: option selection. From the international card or the power's own card; each option
at most once per turn; once-only options not again after succeeding; prerequisites met; a valid
target; the cost within the credit limit (8.2b); forced options first, in the order acquired."""
from __future__ import annotations

from domain.dod3.pack import Pack
from domain.dod3.political_affairs.options.messages import OptionRequest
from domain.dod3.political_affairs.options.pack import OptionCard, PrerequisiteKind, TargetKind
from domain.dod3.state import State
from domain.dod3.treaties import treaty_level
from domain.kernel import RuleViolation


INTERNATIONAL = "IPO"


def card_of(pack: Pack, option: str) -> OptionCard:
    card = pack.options.get(option)
    if card is None:
        raise RuleViolation("DOD3-8.2c", f"{option!r} is not an option of this game's cards")
    return card


def own_or_international(card: OptionCard, power: str) -> bool:
    """Rule 8.2c: "You can't pick an option from another major power's card." """
    return card.card in (INTERNATIONAL, power)


def prerequisite_failure(state: State, pack: Pack, power: str, card: OptionCard, target: str | None) -> str | None:
    """Rule 8.2c: the first prerequisite not satisfied, or None."""
    for need in card.prerequisites:
        match need.kind:
            case PrerequisiteKind.PRODUCTION_MULTIPLE_BELOW if state.powers[power].production_multiple >= state.powers[need.power].production_multiple:
                return f"{need.power}'s production multiple must be higher than {power}'s"
            case PrerequisiteKind.TREATY_LEVEL_AT_LEAST if target is None or treaty_level(state, power, target) < need.level:
                return f"needs at least a level {need.level} treaty with the target"
            case PrerequisiteKind.NOT_AT_WAR_WITH_TARGET if target is not None and target in state.powers and state.at_war(power, target):
                return f"{power} is at war with {target}"
            case PrerequisiteKind.OPTION_SUCCEEDED if need.option not in state.options_succeeded:
                return f"needs {need.option} played successfully first"
    return None


def _check_target(state: State, pack: Pack, power: str, card: OptionCard, target: str | None) -> None:
    """Rules 8.2e and 8.1b: a valid target of the right kind; never a colony."""
    if card.target is TargetKind.NONE:
        if target is not None:
            raise RuleViolation("DOD3-8.2e", f"{card.id} names no target")
        return
    if target is None:
        raise RuleViolation("DOD3-8.2e", f"{card.id} needs a target ({card.target})")
    if card.targets is not None and target not in card.targets:
        raise RuleViolation("DOD3-8.2e", f"{card.id} may only target {', '.join(card.targets)}")
    if card.target is TargetKind.MINOR:
        spec = pack.minors.get(target)
        if spec is None or (spec.america_in_flames and not state.america_in_flames):
            raise RuleViolation("DOD3-8.2e", f"{target!r} is not a minor country of this game")
        if spec.colony_of is not None:
            raise RuleViolation("DOD3-8.1b", f"political options may not directly target a colony ({target})")
    if card.target is TargetKind.POWER and (target not in state.powers or target == power or state.powers[target].conquered):
        raise RuleViolation("DOD3-8.2e", f"{target!r} is not another major power still in the game")


def check_selection(state: State, pack: Pack, power: str, request: OptionRequest) -> OptionCard:
    """Rules 8.2c-8.2f (the order of play, 8.2a, is checked by political affairs). The cost (8.2b)
    and the principal effect's own conditions are checked by resolution."""
    card = card_of(pack, request.option)
    if not own_or_international(card, power):
        raise RuleViolation("DOD3-8.2c", f"{card.id} is on the {card.card} card, not {power}'s or the international card")
    forced = state.forced_options.get(power, ())
    if forced and request.option != forced[0]:
        raise RuleViolation("DOD3-8.2f", f"{power} must play {forced[0]} first (forced options in the order acquired)")
    if state.political is not None and card.number in state.political.chosen:
        raise RuleViolation("DOD3-8.2d", f"{card.number} has already been chosen this turn")
    if card.once_only and card.id in state.options_succeeded:
        raise RuleViolation("DOD3-8.2c", f"{card.id} can be played successfully only once")
    failure = prerequisite_failure(state, pack, power, card, request.target)
    if failure is not None:
        raise RuleViolation("DOD3-8.2c", f"{card.id}: {failure}")
    _check_target(state, pack, power, card, request.target)
    if request.levels < 1:
        raise RuleViolation("DOD3-8.2e", "levels must be at least 1")
    return card
