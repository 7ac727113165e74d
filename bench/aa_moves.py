"""Axis & Allies movement on the Revised and the Global 1940 boards: where-may-it-go and the move
validator, each against a plain breadth-first search of the board graph for the same units.

Where-may-it-go: every unit type in every space of each power at the start, in the combat move
(``where_may_they_go``: one survey of the position, one search per unit stack).
Validation: a turn's worth of legal moves (--moves, drawn from those answers) checked by
``check_move``. The baseline for both is a BFS bounded by the unit's movement over bare adjacency
(no owners, units, canals, relations, bases or landing), measured in this run, on this machine.
On the Global board the position carries the starting relations (politics, neutrals, sea bans) and
the bases. Target: <= 5x. ``--board revised|global|both`` (default both)."""
from __future__ import annotations

import argparse
import statistics
import time
from collections import deque
from functools import partial
from importlib import resources

import yaml

from domain.aa.board import (
    BOARD_FILE,
    GLOBAL_BOARD_FILE,
    Board,
    Move,
    check_move,
    load_board,
    starting_position,
    where_may_it_go,
    where_may_they_go,
)
from domain.aa.board.terrain import movement_left


def plain_bfs(board: Board, start: str, budget: int) -> dict[str, int]:
    """The baseline: spaces within ``budget`` steps of ``start`` by adjacency alone."""
    seen = {start: 0}
    todo = deque([start])
    while todo:
        here = todo.popleft()
        if seen[here] >= budget:
            continue
        for there in board.spaces[here].neighbours:
            if there not in seen:
                seen[there] = seen[here] + 1
                todo.append(there)
    return seen


def unit_stacks(board: Board, position, power: str) -> list[tuple[str, str]]:
    return sorted({(space, p.unit) for space, pieces in position.units.items() for p in pieces
                   if p.power == power and board.units[p.unit].movable})


def bonus(board: Board, position, power: str, space: str, unit: str) -> int:
    """What a base adds to the baseline's bound (the unit's movement) for the stack: 0 on the Revised board."""
    return max(movement_left(board, position, power, p, space) for p in position.pieces(space)
               if p.power == power and p.unit == unit) - board.movement(unit)


def turn_moves(board: Board, position, power: str, count: int) -> list[Move]:
    """``count`` legal combat moves of ``power``: the longest answer for each of its unit stacks, in turn."""
    moves: list[Move] = []
    for space, unit in unit_stacks(board, position, power):
        reach = where_may_it_go(board, position, "combat", unit, space, power)
        moves += [Move({unit: 1}, route) for route in sorted(reach.values(), key=len, reverse=True)[:3]]
    return (moves * (count // max(len(moves), 1) + 1))[:count]


def timed(work, repeat: int, at_least: float = 0.02) -> float:
    """Seconds per call of ``work``: at least ``repeat`` calls and ``at_least`` seconds of them."""
    calls, started = 0, time.perf_counter()
    while True:
        for _ in range(repeat):
            work()
        calls += repeat
        elapsed = time.perf_counter() - started
        if elapsed >= at_least:
            return elapsed / calls


BOARDS = {"revised": BOARD_FILE, "global": GLOBAL_BOARD_FILE}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=7)
    parser.add_argument("--repeat", type=int, default=20)
    parser.add_argument("--moves", type=int, default=30)
    parser.add_argument("--board", choices=[*BOARDS, "both"], default="both")
    args = parser.parse_args()
    for name, where in BOARDS.items():
        if args.board in (name, "both"):
            print(f"-- {name} board")
            bench_board(where, args)


def bench_board(where: tuple[str, str], args) -> None:
    text = resources.files(where[0]).joinpath(where[1]).read_text(encoding="utf-8")
    board = load_board(yaml.safe_load(text))
    start = starting_position(board)
    stacks = {p: [(space, unit, bonus(board, start, p, space, unit)) for space, unit in unit_stacks(board, start, p)]
              for p in board.powers}
    moves = {p: turn_moves(board, start, p, args.moves) for p in board.powers}
    moves_bonus = {p: [bonus(board, start, p, m.start, next(iter(m.units))) for m in moves[p]] for p in board.powers}
    assert all(check_move(board, start, p, "combat", m) is None for p in board.powers for m in moves[p])

    def reach_all(power):
        where_may_they_go(board, start, "combat", power)

    def reach_plain(power):
        for space, unit, extra in stacks[power]:
            plain_bfs(board, space, board.movement(unit) + extra)

    def validate_all(power):
        for move in moves[power]:
            check_move(board, start, power, "combat", move)

    def validate_plain(power):
        for move, extra in zip(moves[power], moves_bonus[power]):
            unit = next(iter(move.units))
            assert move.destination in plain_bfs(board, move.start, board.movement(unit) + extra)

    for power in board.powers:
        reach_ratios, check_ratios = [], []
        for _ in range(args.rounds):  # interleaved, so load on the machine hits both alike
            base = timed(partial(reach_plain, power), args.repeat)
            reach_ratios.append(timed(partial(reach_all, power), args.repeat) / base)
            base_check = timed(partial(validate_plain, power), args.repeat)
            check_ratios.append(timed(partial(validate_all, power), args.repeat) / base_check)
        reach_ms = timed(partial(reach_all, power), args.repeat) * 1000
        check_ms = timed(partial(validate_all, power), args.repeat) * 1000
        print(f"{power:8} where-may-it-go {len(stacks[power]):3} stacks {reach_ms:6.2f} ms  ratio "
              f"{statistics.median(reach_ratios):4.2f}   validate {len(moves[power])} moves {check_ms:6.2f} ms  "
              f"ratio {statistics.median(check_ratios):4.2f}  (median of {args.rounds}; target <= 5)")


if __name__ == "__main__":
    main()
