"""Rule 7: weather. Roll a d10, cross-index it with the turn on the weather chart; the result
applies across the entire map."""
from __future__ import annotations

from domain.dod3.commands import RollWeather
from domain.dod3.events import WeatherDetermined
from domain.dod3.pack import Pack
from domain.dod3.state import State, Step
from domain.dod3.turns import period
from domain.kernel import MODERATOR, Context, Event, RuleViolation, d10


def weather_result(pack: Pack, period: str, roll: int) -> str:
    """Rule 7: the chart's result for a d10 roll in a period (Sep/Oct, 4 -> fine)."""
    return pack.weather_chart[period][roll - 1]


def roll_weather(state: State, command: RollWeather, ctx: Context) -> list[Event]:
    """Rule 7 (rule 1.2: a d10). The first power on the initiative track or the moderator rolls;
    the roll and the result are recorded."""
    if state.step is not Step.WEATHER:
        raise RuleViolation("DOD3-7", "the weather is rolled in step B, after initiative")
    first = state.first_on_track()
    if ctx.seat not in (state.holders.get(first), MODERATOR):
        raise RuleViolation("DOD3-7", f"the {first} player (first on the initiative track) rolls for the weather")
    roll = d10(ctx.dice)
    turn_period = period(ctx.pack, state.turn)
    return [WeatherDetermined(state.turn, turn_period, roll, weather_result(ctx.pack, turn_period, roll))]
