"""A ruleset's mail desk read against a rules-test table (tests/unit/mail): each order line read
against what the decider's legal-commands offer the seat now, as the API serves them, into the
real command, which the decider then accepts; refusals; HELP's lines read back to their offers."""
from __future__ import annotations

import json

import pytest

from domain import registry
from domain.kernel.plain import to_plain
from events.codec import Codec
from service.http.command_schemas import ready_body, ruleset_docs
from service.mail.orders import Order, OrderError, help_lines, parse_order


class Desk:
    def __init__(self, ruleset_id: str):
        self.ruleset = registry.get(ruleset_id)
        self.codec = Codec(self.ruleset.commands)

    def offers(self, table, seat: str) -> list[dict]:
        """The seat's legal-commands now, as the API serves them."""
        docs = ruleset_docs(self.ruleset)
        return json.loads(json.dumps(to_plain([ready_body(spec, docs) for spec in table.legal(seat)])))

    def read(self, table, seat: str, line: str) -> Order:
        return parse_order(line, self.ruleset, self.offers(table, seat))

    def mail(self, table, seat: str, line: str, rolls=()) -> Order:
        """The line read now and sent: the decider must accept it."""
        order = self.read(table, seat, line)
        table.send(seat, self.codec.decode(order.type, order.data), rolls)
        return order

    def refusal(self, table, seat: str, line: str) -> OrderError:
        with pytest.raises(OrderError) as raised:
            self.read(table, seat, line)
        return raised.value

    def reads_back(self, legal: list[dict]) -> list[str]:
        """HELP's lines for ``legal``, each reading back to its offer's example."""
        lines = help_lines(self.ruleset, legal)
        assert len(lines) == len(legal)
        for line, body in zip(lines, legal, strict=True):
            order = parse_order(line, self.ruleset, legal)
            data = body["example"]["data"]
            assert order.type == body["type"] and {k: order.data[k] for k in data} == data, line
        return [line.split("   (")[0] for line in lines]

    def help_reads_back(self, table, seat: str) -> list[str]:
        return self.reads_back(self.offers(table, seat))
