"""Rule 1.1 of Days of Decision: keep fractions until every modifier is applied, then round."""
from __future__ import annotations

from fractions import Fraction
from numbers import Rational


def round_half_away(value: Rational | int) -> int:
    """Rule 1.1: round half away from zero (3.25 -> 3, 4.5 -> 5, -3.5 -> -4).

    Takes exact rationals (int or Fraction) so no float error can decide a half."""
    value = Fraction(value)
    magnitude = abs(value)
    whole = magnitude.numerator // magnitude.denominator
    if magnitude - whole >= Fraction(1, 2):
        whole += 1
    return whole if value >= 0 else -whole
