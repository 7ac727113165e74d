"""GET /games/{game_id}/battles/{battle_id}/odds: the exact odds of a battle still to be fought,
one request away (issue 23 item 6).

The battle is read from the game as it stands: in the whole Revised game a battle of this combat
phase that is not over (waiting for choices, being fought, or still to come), with the forces on
the board, or those left after the rounds already fought; in a battles-only game a battle declared
and not yet fought. The odds are the battle engine's (domain/aa/combat), every round pressed on to
the end, with each side's order of losses (and its choice to submerge submarines):

- a seat reads them with its own standing orders and the other side's default order: another
  seat's sealed standing orders are never applied, so the answer cannot reveal them;
- the moderator, who reads every seat's orders, with both sides' standing orders;
- a spectator with both defaults.

A small battle is answered at once; a large one, as ``POST /combat/odds`` does, is a ``combat`` job
(202 and its Location), whose id is derived from the game, its version, the battle, the reader and
its token, so asking twice starts one computation and no other reader can name the job."""
from __future__ import annotations

import hashlib
from dataclasses import dataclass, replace

import orjson
from flask import Response, g, url_for
from flask.views import MethodView
from marshmallow import Schema, fields

from domain.aa.battles.state import AAState, BattleStatus
from domain.aa.combat.forces import (
    BattleKind,
    BattleOptions,
    Forces,
    InvalidBattleInput,
)
from domain.aa.combat.model import BattleModel
from domain.aa.combat.odds import _Tally, _until_decided
from domain.aa.combat.odds import battle_odds as engine_odds
from domain.aa.combat.programme import Programme
from domain.aa.combat.results import OddsResult, summarise
from domain.aa.combat.sequence import BattleState
from domain.aa.revised_phase_one.game import combat as game_combat
from domain.aa.revised_phase_one.game.fighting import resume
from domain.aa.revised_phase_one.game.state import StandingOrders
from domain.kernel import MODERATOR, RuleViolation
from events.envelope import canonical_json
from service import jobs
from service.http import schemas as s
from service.http.combat import SYNC_UNITS
from service.http.problems import not_found, validation
from service.http.request_parsing import Blueprint
from service.http.seats import bearer_token, current_seat, game_state

battle_odds = Blueprint("battle_odds", __name__, url_prefix="/games", description="Battle odds")
ENDPOINT = "battle_odds.BattleOdds"  # a per-seat read (Vary: Authorization, Cache-Control: private)
PATH = "/games/{game_id}/battles/{battle_id}/odds"
OWN, DEFAULT, REQUESTED = "own standing orders", "default", "as requested"


@dataclass(frozen=True)
class Assumed:
    """One side's orders the odds are computed with, and whose they are."""

    power: str
    order_of_losses: tuple[str, ...]
    submerge: bool
    orders: str  # OWN, DEFAULT or REQUESTED (a battles-only game: the request's own, public)


@dataclass(frozen=True)
class PendingBattle:
    """A battle to compute: its model (forces and the assumed orders) and where it stands."""

    battle_id: str
    space: str
    kind: str
    status: str
    round: int
    attacker: Assumed
    defender: Assumed
    model: BattleModel
    now: BattleState | None  # None: before the first round

    @property
    def units(self) -> int:
        """Units left on both sides: how big (slow) the computation is."""
        if self.now is not None:
            return sum(self.now.attacker) + sum(self.now.defender)
        forces = self.model.forces
        return sum(forces.attacker.values()) + sum(forces.defender.values()) + sum(len(c) for c in forces.amphibious)


# ---- the battle, as the reader may see it --------------------------------------------------------

def _assumed(domain, power: str, seat: str) -> Assumed:
    """``power``'s standing orders when ``seat`` may read them (its own, or the moderator), else the
    default order (unlisted units are lost cheapest first; no submerging)."""
    game = domain.game
    mine = seat == MODERATOR or domain.owners.get(power) == seat
    orders = game.orders_of(power) if mine else StandingOrders()
    return Assumed(power, tuple(orders.order_of_losses), orders.submerge,
                   OWN if mine and power in game.standing else DEFAULT)


def _with_orders(options: BattleOptions, attacker: Assumed, defender: Assumed) -> BattleOptions:
    """The battle's options with the assumed orders, and no retreat: every round is pressed on."""
    return replace(options, attacker_order=attacker.order_of_losses, defender_order=defender.order_of_losses,
                   attacker_submerge=attacker.submerge, defender_submerge=defender.submerge,
                   retreat_after_round=None, retreat_below=None)


def _model(pack, forces: Forces, options: BattleOptions, rule: str) -> BattleModel:
    try:
        return BattleModel(pack, forces, options)
    except InvalidBattleInput as error:  # e.g. nobody left on one side: nothing to fight
        raise RuleViolation(rule, f"battle cannot be fought as it stands: {error}") from error


# ruleset id -> how its whole game builds a battle that has not started from the board: (forces,
# engine options). A ruleset whose whole game is not here serves the odds of its requested battles.
FROM_THE_BOARD = {"aa-revised-phase-one": (game_combat.forces, game_combat.battle_options)}


def game_battle(pack, ruleset: str, domain, battle_id: str, seat: str) -> PendingBattle:
    """AAR-battle: a battle of the whole game's combat phase that is not over."""
    game = domain.game
    battle = game.battles.get(battle_id)
    if battle is None:
        raise not_found(f"battle {battle_id!r} of this combat phase")
    if battle.status in ("ended", "done"):
        raise RuleViolation("AAR-battle", f"battle {battle_id} is over ({battle.outcome or 'nobody fought'})")
    if battle.kind == "bombing":
        raise RuleViolation("AAR-sbr", f"battle {battle_id} is a bombing raid: it is not fought to a win")
    attacker, defender = _assumed(domain, battle.attacker, seat), _assumed(domain, battle.defender, seat)
    entry = domain.battles.get(battle_id)
    if entry is not None:  # requested: the forces it was requested with
        forces, options = entry.forces, entry.options
    elif ruleset in FROM_THE_BOARD:  # still to start: the forces on the board now
        board_forces, board_options = FROM_THE_BOARD[ruleset]
        forces, options = board_forces(pack, game, battle), board_options(pack, domain.aa_rule, game, battle)
    else:
        raise RuleViolation("AAR-battle", f"battle {battle_id} has not started: its odds are served once it has")
    model = _model(pack, forces, _with_orders(options, attacker, defender), "AAR-battle")
    now = resume(model, entry, battle) if entry is not None and battle.round else None
    return PendingBattle(battle_id, battle.space, battle.kind, battle.status, battle.round, attacker, defender,
                         model, now)


def declared_battle(pack, domain: AAState, battle_id: str) -> PendingBattle:
    """A battles-only game's battle not yet fought: its orders are the request's own (public)."""
    entry = domain.battles.get(battle_id)
    if entry is None:
        raise not_found(f"battle {battle_id!r}")
    if entry.status is BattleStatus.FOUGHT:
        raise RuleViolation("AA-battle", f"battle {battle_id} is over ({entry.outcome.value})")
    options = entry.options
    attacker = Assumed(entry.attacker, tuple(options.attacker_order), options.attacker_submerge, REQUESTED)
    defender = Assumed(entry.defender, tuple(options.defender_order), options.defender_submerge, REQUESTED)
    model = _model(pack, entry.forces, replace(options, retreat_after_round=None, retreat_below=None), "AA-battle")
    kind = "sea" if entry.forces.kind is BattleKind.SEA else "land"
    return PendingBattle(battle_id, entry.territory, kind, entry.status.value, 0, attacker, defender, model, None)


def pending_battle(pack, state, battle_id: str, seat: str) -> PendingBattle:
    """The battle ``battle_id`` of the game (``state``: the platform's ``GameState``) as ``seat`` may
    compute it."""
    domain = state.domain
    if not isinstance(domain, AAState):
        raise not_found(f"battle {battle_id!r}: this game's ruleset fights no battles")
    if getattr(domain, "game", None) is not None:
        return game_battle(pack, state.ruleset, domain, battle_id, seat)
    return declared_battle(pack, domain, battle_id)


# ---- the odds ---------------------------------------------------------------------------------------

def odds_of(battle: PendingBattle, exact: bool) -> OddsResult:
    """The engine's exact odds: from the start, or on from the rounds fought (the engine's own
    programme started at the state the battle is in: opening fire is over)."""
    if battle.now is None:
        return engine_odds(battle.model, exact=exact)
    prog = Programme(battle.model, exact)
    tally = _Tally(prog.f.zero)
    _until_decided(prog, {prog.key(battle.now.attacker, battle.now.defender): prog.f.one}, tally, None)
    terminal = tally.terminal(prog)
    return summarise(battle.model, terminal, mode="exact" if exact else "float", zero=prog.f.zero,
                     states=prog.expanded + len(terminal), rounds=None, transports_lost=0)


def _side(assumed: Assumed) -> dict:
    return {"power": assumed.power, "order_of_losses": list(assumed.order_of_losses), "submerge": assumed.submerge,
            "orders": assumed.orders}


def answer(game_id: str, version: int, battle: PendingBattle, exact: bool) -> dict:
    return {"game_id": game_id, "version": version, "battle_id": battle.battle_id, "space": battle.space,
            "kind": battle.kind, "status": battle.status, "round": battle.round, "units": battle.units,
            "attacker": _side(battle.attacker), "defender": _side(battle.defender),
            "result": odds_of(battle, exact).to_json()}


def compute_battle_odds(game_id: str, battle_id: str, version: int, seat: str, exact: bool,
                        services=None) -> dict:
    """The ``combat`` job of a large battle: its odds as ``seat`` reads them at ``version``."""
    games = jobs._services(services).games
    state = games.load(game_id, version)
    battle = pending_battle(games.rules(game_id).pack, state, battle_id, seat)
    return answer(game_id, version, battle, exact)


# ---- the endpoint -------------------------------------------------------------------------------------

class OddsQuerySchema(Schema):
    exact = fields.Boolean(load_default=False, metadata={
        "description": "probabilities as exact fractions 'a/b' (a battle answered at once only)"})


class AssumedSchema(Schema):
    power = fields.String(required=True)
    order_of_losses = fields.List(fields.String(), required=True)
    submerge = fields.Boolean(required=True)
    orders = fields.String(required=True, metadata={"description": f"'{OWN}', '{DEFAULT}' or '{REQUESTED}'"})


class BattleOddsSchema(Schema):
    game_id = fields.String(required=True)
    version = fields.Integer(required=True, metadata={"description": "the game version the odds were computed at"})
    battle_id = fields.String(required=True)
    space = fields.String(required=True)
    kind = fields.String(required=True)
    status = fields.String(required=True)
    round = fields.Integer(required=True, metadata={"description": "rounds fought so far"})
    units = fields.Integer(required=True, metadata={"description": "units left on both sides"})
    attacker = fields.Nested(AssumedSchema, required=True)
    defender = fields.Nested(AssumedSchema, required=True)
    result = fields.Dict(required=True, metadata={"description": "as POST /combat/odds answers"})


PROBLEM = {"description": "Problem details (RFC 9457)", "content": {"application/problem+json": {
    "schema": s.ProblemSchema}}}


@battle_odds.route("/<game_id>/battles/<battle_id>/odds")
class BattleOdds(MethodView):
    @battle_odds.arguments(OddsQuerySchema, location="query")
    @battle_odds.response(200, BattleOddsSchema)
    @battle_odds.doc(operationId="getBattleOdds", responses={
        "202": {"description": "A large battle: computed by a combat job (see Location)",
                "content": {"application/json": {"schema": s.JobSchema}}},
        **{str(code): PROBLEM for code in (401, 404, 422)}})
    def get(self, query, game_id, battle_id):
        """Exact odds of a battle still to be fought, with the reader's own standing orders.

        The reader's own order of losses (and submerging), the other side's default order:
        another seat's sealed orders never enter the answer. Every round is pressed on. A large
        battle answers 202 and runs as a combat job."""
        seat = current_seat(game_id)
        state = game_state(game_id)
        battle = pending_battle(g.services.games.rules(game_id).pack, state, battle_id, seat)
        exact = query["exact"]
        limit = SYNC_UNITS["sea" if battle.kind == "sea" else "land"]
        if battle.units <= limit:
            response = answer(game_id, state.version, battle, exact)
            return response, 200, {"Vary": "Authorization"}
        if exact:
            raise validation({"exact": f"exact fractions are for battles answered at once: at most {limit} units "
                                       f"in a {battle.kind} battle; this one has {battle.units}"})
        key = canonical_json({"game": game_id, "version": state.version, "battle": battle_id, "seat": seat,
                              "token": bearer_token() or ""})
        job_id = f"battle-odds-{hashlib.sha256(key).hexdigest()[:32]}"
        g.services.jobs.enqueue("combat", compute_battle_odds, game_id, battle_id, state.version, seat, exact,
                                job_id=job_id)
        status = g.services.jobs.status(job_id) or {"id": job_id, "status": "queued"}
        return Response(orjson.dumps(status), status=202, mimetype="application/json",
                        headers={"Location": url_for("meta.Job", job_id=job_id), "Vary": "Authorization"})
