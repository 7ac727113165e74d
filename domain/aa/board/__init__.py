"""The Axis & Allies boards as data, the position on them, and movement (AAR-board, AAR-move-land,
AAR-blitz, AAR-move-sea, AAR-canal, AAR-transport, AAR-air, AAR-ncm; for Global 1940 AAG-board,
AAG-move, AAG-politics, AAG-neutral, AAG-facilities, AAG40-china).

Board (``model``, ``schema``)
    ``load_board(raw) -> Board`` validates the parsed ``revised_phase_one/data/board.yaml``. The
    domain reads no files: the edge parses it, e.g. ``yaml.safe_load(resources.files(BOARD_FILE[0])
    .joinpath(BOARD_FILE[1]).read_text())``. Failures raise ``marshmallow.ValidationError`` whose
    messages map each field path to its problems (``territories.Karelia S.S.R..neighbours[2]:
    unknown territory 'Foo'``; asymmetric adjacency names the pair). ``BoardSchema`` is the schema.
    ``Board``: ``powers`` (turn order), ``side_of``, ``spaces`` (name -> ``Space``: sea, neighbours,
    ipc, original_owner, capital, impassable, original_factory), ``canals`` (``Canal``),
    ``victory_cities`` (``VictoryCity``: city, rank, vcp, territory, power), ``units`` (name ->
    ``UnitProfile``: the combat ``UnitType`` as ``.type`` plus transport_cost/capacity,
    carrier_cost/capacity, combat_move; cost, move, attack, defence, blitz, can_bombard, is_sub,
    is_air ... as properties), ``treasuries``, ``starting_units``, ``movement_techs``; and
    ``friendly``/``enemies``, ``capital_of``, ``income(owners, power)``, ``movement(unit, techs)``,
    ``canal(a, b)``, ``vc(city)``, ``vcs_in(territory)``, ``starting_owners()``.

Position (``position``): plain frozen data a decider state holds (it round-trips the state codec)
    ``Position(owners, units, factories, conquered, techs)``: owners = land territory -> power;
    units = space -> ``Piece``s; factories = territories with an industrial complex; conquered =
    territories that changed hands this turn; techs = power -> advances. A ``Piece`` is ``count``
    units of one power and type sharing one state: ``moved`` (movement spent this turn),
    ``combat_moved``, ``done`` (came ashore / unloaded: moves no more), ``cargo`` (pieces aboard a
    transport; a loaded transport is a piece of one). ``starting_position(board)``;
    ``Position.start_turn()`` clears movement and conquests for the next power's turn.

Moves (``moves``, ``checks``, ``transport``, ``air``)
    ``Move(units, route, cargo={}, load_from=None, unload_to=None)``: the mover's units by type go
    from ``route[0]`` to ``route[-1]``; transports carry ``cargo`` (aboard, or boarding from
    ``load_from``) and put all of it ashore in ``unload_to``. ``Phase.COMBAT`` / ``NONCOMBAT``
    (or "combat" / "noncombat").
    ``check_move(board, position, power, phase, move) -> RuleViolation | None`` is the one
    validator for both phases; ``require_move`` raises instead; ``plan_move`` raises or returns
    ``Taken`` (the pieces the move takes). ``apply_move(board, position, power, phase, move) ->
    Position`` is what an ``evolve`` does with an accepted move (blitzed territories change hands;
    battles, the destination's conquest and stranded aircraft stay with the turn's rules).
    ``aa_overflown(board, position, power, move)``: territories whose enemy AA guns fire at the
    move's aircraft (AAR1-aa).

Where may it go (``reach``)
    ``where_may_it_go(board, position, phase, unit, start, owner, movement_left=None) -> {destination:
    route}``; ``where_may_they_go(board, position, phase, power) -> {(space, unit): {destination:
    route}}`` for every unit of a power from one ``Survey`` of the position. Every route answered is
    a move ``check_move`` accepts for that unit alone.

Global 1940 (``global1940/data/board.yaml``, ``GLOBAL_BOARD_FILE``), loaded by the same
``load_board``; every section a Revised file leaves out reads as "none" (``declarations``,
``schema_global``):
    ``Board`` adds ``holders`` (``Holder``: the Dutch; the true, pro-Axis and pro-Allied neutrals and
    Mongolia), ``economies`` (the UK's two treasuries: ``treasury_owners``, ``economy_of``,
    ``economy_income``), ``capitals_of``, ``politics`` (``PoliticsRules``), ``canal_rule``,
    ``blocking`` (enemy submarines and transports do not stop ships), ``sea_bans``,
    ``movement_areas`` (China), ``bases`` (``Base``: +1 movement), ``convoy_zones``,
    ``kamikaze_zones``, ``no_factory``, ``blitz_techs``; ``Space.map`` (europe/pacific; ``vcs_on``)
    and ``original_owner`` vs ``starting_owner``; ``Canal.exempt`` (submarines at Gibraltar);
    ``UnitProfile.blitz_with`` (mech infantry with armour), ``produces``, ``max_damage``.
    ``starting_position`` of such a board is a ``GlobalPosition``: ``relations`` (``Relations``:
    wars, neutrals' leanings, bonds; ``starting_relations``) and ``damage`` (facility damage), with
    ``GlobalPiece``s remembering a base's bonus. The validator and reach read the relations through
    ``stances(board, position, power)`` (``Stance``: allied, at war, welcoming, at peace; a plain
    ``Position`` reads the sides alone, as before) and the board's data, never the edition:
    ``borders`` refuses land of powers at peace, closed neutrals, friendly neutrals outside the
    non-combat move, spaces outside a movement area and banned sea zones.

Not modelled here: which transport a player means when several carry the same cargo (the validator
picks), unloading part of a transport's cargo, allied transports and carriers moving the mover's
units, "a transport that fought may not both load and unload" (needs the battle record).
"""
from domain.aa.board.apply import apply_move
from domain.aa.board.checks import Move, Phase, Taken
from domain.aa.board.declarations import Base, Economy, Holder, PoliticsRules, SeaBan
from domain.aa.board.model import Board, Canal, Space, UnitProfile, VictoryCity
from domain.aa.board.moves import aa_overflown, check_move, plan_move, require_move
from domain.aa.board.position import (
    GlobalPiece,
    GlobalPosition,
    Piece,
    Position,
    merge_pieces,
    starting_position,
)
from domain.aa.board.reach import Survey, where_may_it_go, where_may_they_go
from domain.aa.board.relations import (
    Relations,
    Stance,
    Stances,
    stances,
    stances_under,
    starting_relations,
)
from domain.aa.board.schema import BoardSchema, load_board

# Where the board files ship (package, file name), for the edge that reads them.
BOARD_FILE = ("domain.aa.revised_phase_one.data", "board.yaml")
GLOBAL_BOARD_FILE = ("domain.aa.global1940.data", "board.yaml")

__all__ = [
    "BOARD_FILE",
    "GLOBAL_BOARD_FILE",
    "Base",
    "Board",
    "BoardSchema",
    "Canal",
    "Economy",
    "GlobalPiece",
    "GlobalPosition",
    "Holder",
    "Move",
    "Phase",
    "Piece",
    "PoliticsRules",
    "Position",
    "Relations",
    "SeaBan",
    "Space",
    "Stance",
    "Stances",
    "Survey",
    "Taken",
    "UnitProfile",
    "VictoryCity",
    "aa_overflown",
    "apply_move",
    "check_move",
    "load_board",
    "merge_pieces",
    "plan_move",
    "require_move",
    "stances",
    "stances_under",
    "starting_position",
    "starting_relations",
    "where_may_it_go",
    "where_may_they_go",
]
