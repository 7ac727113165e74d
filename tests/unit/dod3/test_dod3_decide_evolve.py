"""The decider as the write path plays it: ``decide_evolve`` gives the events and the state after
them, each new event evolved exactly once (the service does not fold them again), and that state
is the one a fold of the events gives."""
from domain.dod3 import RULESET
from domain.dod3.commands import ActivateMinor, PassOption, PlayOption, RollWeather
from domain.dod3.decider import Dod3Decider
from domain.dod3.political_affairs.activation.messages import MarkerMove
from domain.kernel import Context, ScriptedDice, Setup
from service.packs import default_pack

AXIS, ALLIES = "player1", "player2"  # preset "3": GE/JA/IT, CW/FR/CH/US, CC/RU
TURN_ONE = [  # an option (IPO 19), the activation after it (then the end roll), a pass
    (AXIS, PlayOption("GE", "IPO 19", target="FR")),
    (AXIS, ActivateMinor("GE", "Poland", moves=(MarkerMove("GE", ()),))),
    (AXIS, PassOption("IT")),
]


def test_each_new_event_is_evolved_exactly_once(monkeypatch):
    pack = default_pack(RULESET)
    decider = RULESET.make_decider(pack)
    state = decider.initial_state(Setup(RULESET.seat_presets["3"], {}, pack))
    evolved = []
    evolve = Dod3Decider.evolve
    monkeypatch.setattr(Dod3Decider, "evolve", lambda self, s, e: evolved.append(e) or evolve(self, s, e))

    for seat, command in [(AXIS, RollWeather()), *TURN_ONE]:
        evolved.clear()
        ctx = Context(seat, frozenset(state.seats[seat]), ScriptedDice([9]), None)
        events, after = decider.decide_evolve(state, command, ctx)

        assert evolved == events
        folded = state
        for event in events:
            folded = evolve(decider, folded, event)
        assert folded == after
        state = after
