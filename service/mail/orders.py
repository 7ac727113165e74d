"""Text orders for play by email: the order lines of a mail body, each read into a command body
the service takes, and HELP, every command legal now written as a line the seat could mail.

Two syntaxes. The generic one, ``SubmitBid power=GE points=9 options=2``, is derived from the
command schemas, so it reads every command of every ruleset. Short forms (``BID GE 9 x2``) are data:
``shortforms/<ruleset-id>.yaml``, read by ``form_files`` and ``forms_aa`` (whose readers type a form's words where a
pattern alone cannot: ``MOVE 2 INF 1 ARM Karelia S.S.R. -> Archangel``). Either way a line is read
against what legal-commands offers the seat now: its values are typed by the command's schema and
matched (case and spacing aside) to the choices offered, and the fields it leaves out that the offer
pins to one value are filled in, so ``PASS`` is enough when exactly one pass is offered. A line that
names no legal order raises ``OrderError`` with one sentence saying why and the legal lines the seat
may write instead.

The module's parts: ``order_syntax`` reads a line, ``order_offers`` judges it against the offers,
``order_values`` types its values, ``order_help`` writes HELP and the hints of a refused line."""
from __future__ import annotations

from service.mail.form_files import short_forms
from service.mail.order_help import (
    MAX_HINTS,
    NOTE_GAP,
    REMINDED,
    REMINDER,
    help_lines,
    hints,
)
from service.mail.order_syntax import MAX_LINE, Order, read_line
from service.mail.order_values import FALSY, NULLS, TRUTHY, BadLine, Raw

MAX_LINES = 100  # order lines read from one mail


class OrderError(ValueError):
    """A line that names no legal order: ``reason`` says why in one sentence, ``hint`` what the
    seat may write instead (lines in the same syntax), or a syntax reminder."""

    def __init__(self, line: str, reason: str, hint: list[str]):
        super().__init__(reason)
        self.line, self.reason, self.hint = line, reason, hint


# ---- the mail body ------------------------------------------------------------------------------

def order_lines(body: str) -> list[str]:
    """The order lines of a plain-text mail body: no quoted reply, nothing after the signature
    separator or an END line, no blank lines or ``#`` comments; at most ``MAX_LINES``."""
    lines = []
    for raw in body.splitlines():
        line = raw.strip()
        if raw.rstrip() == "--" or line.upper() == "END":
            break
        if line and not line.startswith((">", "#")):
            lines.append(line)
        if len(lines) == MAX_LINES:
            break
    return lines


# ---- reading a line -----------------------------------------------------------------------------

def parse_order(line: str, ruleset, legal: list[dict]) -> Order:
    """The order ``line`` gives, judged against ``legal`` (the seat's legal-commands bodies now)."""
    try:
        return read_line(line, ruleset, legal)
    except BadLine as bad:
        raise OrderError(line, bad.reason, hints(ruleset, legal, bad.kind)) from None


# Its public names as before its parts moved out: code and tests import them from here.
__all__ = ["FALSY", "MAX_HINTS", "MAX_LINE", "MAX_LINES", "NOTE_GAP", "NULLS", "REMINDED", "REMINDER", "TRUTHY",
           "Order", "OrderError", "Raw", "help_lines", "order_lines", "parse_order", "short_forms"]
