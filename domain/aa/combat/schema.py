"""The odds request as a marshmallow schema, so ``POST /combat/odds`` and the domain share it.

``OddsRequestSchema(pack=...)`` loads a JSON body into an ``OddsRequest``; with a pack it also
checks units, counts and combinations against the edition, so errors name the field
(``{"attacker": {"zeppelin": ["unknown unit ..."]}}``). ``parse_odds_request`` does the same and
raises ``InvalidBattleInput`` (a ValueError carrying the field path) instead.
"""
from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from marshmallow import (
    RAISE,
    Schema,
    ValidationError,
    fields,
    post_load,
    validate,
    validates_schema,
)

from domain.aa.combat.forces import (
    AaRule,
    BattleKind,
    BattleOptions,
    Forces,
    InvalidBattleInput,
    validate_battle,
)
from domain.aa.combat.model import BattleModel
from domain.aa.combat.montecarlo import monte_carlo
from domain.aa.combat.odds import battle_odds
from domain.aa.combat.results import OddsResult
from domain.aa.units import EditionPack
from domain.kernel.errors import error_paths

MAX_RUNS = 1_000_000


@dataclass(frozen=True)
class MonteCarlo:
    runs: int
    seed: int = 0


@dataclass(frozen=True)
class OddsRequest:
    forces: Forces
    options: BattleOptions = BattleOptions()
    rounds: int | None = None
    exact: bool = False
    monte_carlo: MonteCarlo | None = None

    @property
    def size(self) -> int:
        """Units on both sides: the service's measure of how big (slow) a battle is."""
        f = self.forces
        return sum(f.attacker.values()) + sum(f.defender.values()) + sum(len(c) for c in f.amphibious)


class UnitCounts(fields.Field):
    """{unit: count}; errors are keyed by the unit so the path reads ``attacker.infantry``."""

    def _deserialize(self, value, attr, data, **kwargs):
        if not isinstance(value, dict):
            raise ValidationError("must be an object of unit -> count")
        errors = {}
        for name, count in value.items():
            if not isinstance(count, int) or isinstance(count, bool):
                errors[str(name)] = ["must be an integer"]
            elif count < 0:
                errors[str(name)] = ["must be >= 0"]
        if errors:
            raise ValidationError(errors)
        return {str(k): v for k, v in value.items()}


class Probability(fields.Field):
    """A probability as a number or an exact fraction string ("2/5"), kept as a Fraction."""

    def _deserialize(self, value, attr, data, **kwargs):
        if isinstance(value, bool) or not isinstance(value, (int, float, str)):
            raise ValidationError("must be a number or a fraction like '2/5'")
        try:
            result = Fraction(str(value))
        except (ValueError, ZeroDivisionError) as error:
            raise ValidationError("must be a number or a fraction like '2/5'") from error
        if not 0 <= result <= 1:
            raise ValidationError("must be between 0 and 1")
        return result


class _Strict(Schema):
    class Meta:
        unknown = RAISE


class BattleOptionsSchema(_Strict):
    aa_rule = fields.String(load_default=None, allow_none=True, validate=validate.OneOf([r.value for r in AaRule]))
    attacker_techs = fields.List(fields.String(), load_default=list)
    defender_techs = fields.List(fields.String(), load_default=list)
    attacker_order = fields.List(fields.String(), load_default=list)
    defender_order = fields.List(fields.String(), load_default=list)
    take_territory = fields.Boolean(load_default=True)
    sea_combat = fields.Boolean(load_default=False)
    attacker_submerge = fields.Boolean(load_default=False)
    defender_submerge = fields.Boolean(load_default=False)
    retreat_after_round = fields.Integer(strict=True, load_default=None, allow_none=True,
                                         validate=validate.Range(min=1))
    retreat_below = Probability(load_default=None, allow_none=True)

    @post_load
    def _make(self, data, **kwargs) -> BattleOptions:
        return BattleOptions(
            aa_rule=None if data["aa_rule"] is None else AaRule(data["aa_rule"]),
            attacker_techs=frozenset(data["attacker_techs"]), defender_techs=frozenset(data["defender_techs"]),
            attacker_order=tuple(data["attacker_order"]), defender_order=tuple(data["defender_order"]),
            take_territory=data["take_territory"], sea_combat=data["sea_combat"],
            attacker_submerge=data["attacker_submerge"], defender_submerge=data["defender_submerge"],
            retreat_after_round=data["retreat_after_round"], retreat_below=data["retreat_below"])


class MonteCarloSchema(_Strict):
    runs = fields.Integer(strict=True, required=True, validate=validate.Range(min=1, max=MAX_RUNS))
    seed = fields.Integer(strict=True, load_default=0, validate=validate.Range(min=0))

    @post_load
    def _make(self, data, **kwargs) -> MonteCarlo:
        return MonteCarlo(**data)


class OddsRequestSchema(_Strict):
    """Body of ``POST /combat/odds``. Pass ``pack`` to check units against the edition."""

    kind = fields.String(required=True, validate=validate.OneOf([k.value for k in BattleKind]))
    attacker = UnitCounts(required=True)
    defender = UnitCounts(load_default=dict)
    amphibious = fields.List(fields.List(fields.String()), load_default=list)
    bombard = UnitCounts(load_default=dict)
    options = fields.Nested(BattleOptionsSchema, load_default=lambda: BattleOptions())
    rounds = fields.Integer(strict=True, load_default=None, allow_none=True, validate=validate.Range(min=1))
    exact = fields.Boolean(load_default=False)
    monte_carlo = fields.Nested(MonteCarloSchema, load_default=None, allow_none=True)

    def __init__(self, *, pack: EditionPack | None = None, **kwargs):
        super().__init__(**kwargs)
        self.pack = pack

    @staticmethod
    def _forces(data) -> Forces:
        return Forces(BattleKind(data["kind"]), data["attacker"], data["defender"],
                      tuple(tuple(c) for c in data["amphibious"]), data["bombard"])

    @validates_schema
    def _against_pack(self, data, **kwargs):
        """Unknown units, facilities, land units at sea... named by field (needs the pack)."""
        if self.pack is None:
            return
        try:
            validate_battle(self.pack, self._forces(data), data["options"])
        except InvalidBattleInput as error:
            raise ValidationError(_nest(error.errors)) from error

    @post_load
    def _make(self, data, **kwargs) -> OddsRequest:
        return OddsRequest(self._forces(data), data["options"], data["rounds"], data["exact"], data["monte_carlo"])


def _nest(errors: dict[str, str]) -> dict:
    """{"attacker.zeppelin": msg} -> {"attacker": {"zeppelin": [msg]}} (marshmallow's error shape)."""
    out: dict = {}
    for path, message in errors.items():
        node = out
        *parents, leaf = path.split(".")
        for part in parents:
            node = node.setdefault(part, {})
            if not isinstance(node, dict):
                break
        else:
            node.setdefault(leaf, []).append(message)
    return out


def parse_odds_request(pack: EditionPack, data) -> OddsRequest:
    """JSON body -> OddsRequest, or InvalidBattleInput naming the first bad field."""
    try:
        return OddsRequestSchema(pack=pack).load(data)
    except ValidationError as error:
        raise InvalidBattleInput(error_paths(error.messages)) from error


def run_odds(pack: EditionPack, request: OddsRequest) -> OddsResult:
    """Exact (Fraction), float or seeded Monte Carlo odds, as the request asks."""
    model = BattleModel(pack, request.forces, request.options)
    if request.monte_carlo is not None:
        return monte_carlo(model, request.monte_carlo.runs, request.monte_carlo.seed, request.rounds)
    return battle_odds(model, rounds=request.rounds, exact=request.exact)
