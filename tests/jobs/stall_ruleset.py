"""Test double: the tiny ruleset whose follow-up job (``ResolveRoll``) waits until a gate file
exists, so a test can kill its worker while the job is ``started``. Loaded only through
CASUS_EXTRA_RULESETS, with the gate's path in CASUS_TEST_GATE (no gate: no wait)."""
from __future__ import annotations

import dataclasses
import os
import time
from pathlib import Path

from tests.support.tiny_ruleset import RULESET as TINY_RULESET
from tests.support.tiny_ruleset import ResolveRoll, TinyDecider

GATE_WAIT_SECONDS = 60  # bounded: a forgotten gate fails the job instead of hanging a worker


class StallingDecider(TinyDecider):
    def decide(self, state, command, ctx):
        gate = os.environ.get("CASUS_TEST_GATE")
        if gate and isinstance(command, ResolveRoll):
            deadline = time.monotonic() + GATE_WAIT_SECONDS
            while not Path(gate).exists():
                if time.monotonic() > deadline:
                    raise TimeoutError(f"gate {gate} never opened")
                time.sleep(0.05)
        return super().decide(state, command, ctx)


RULESET = dataclasses.replace(TINY_RULESET, id="tiny-stall", title="Tiny ruleset, stalling follow-up",
                              make_decider=StallingDecider)
