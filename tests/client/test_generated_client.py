"""A client generated from openapi.yaml alone (openapi-python-client, into a temporary folder)
plays two turns of a 3-player Days of Decision III game against a running service, building
the new game and every command as a typed body and reading the turn projection and the events
as typed answers: the document is enough to write a client."""
import importlib
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
TURNS = 2


@pytest.fixture(scope="module")
def casus_client(tmp_path_factory):
    """The generated package, importable as ``casus_client``."""
    generator = shutil.which("openapi-python-client", path=str(Path(sys.executable).parent)) \
        or shutil.which("openapi-python-client")
    if generator is None:
        if os.environ.get("REQUIRE_CLIENTGEN") == "1":
            pytest.fail("openapi-python-client is not installed (pip install -e '.[test]')")
        pytest.skip("openapi-python-client is not installed; set REQUIRE_CLIENTGEN=1 to require it")
    folder = tmp_path_factory.mktemp("generated")
    done = subprocess.run([generator, "generate", "--path", str(ROOT / "openapi.yaml"), "--meta", "none",
                           "--output-path", str(folder / "casus_client")],
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stdout + done.stderr
    sys.path.insert(0, str(folder))
    try:
        yield importlib.import_module("casus_client")
    finally:
        sys.path.remove(str(folder))
        for name in [m for m in sys.modules if m == "casus_client" or m.startswith("casus_client.")]:
            del sys.modules[name]


def test_a_generated_client_plays_two_turns_of_dod3(casus_client, served):
    from casus_client import AuthenticatedClient, Client
    from casus_client.api.games import create_game, get_game, get_projection, submit_command
    from casus_client import models as m

    anonymous = Client(base_url=served, raise_on_unexpected_status=True)
    created = create_game.sync(client=anonymous, body=m.Dod3PresetGame(ruleset=m.Dod3PresetGameRuleset("dod3"),
                                                                       preset=m.Dod3PresetGamePreset("3")))
    assert isinstance(created, m.CreatedGame), created
    game_id = created.game_id
    tokens = {**created.tokens.additional_properties, "moderator": created.moderator_token}
    seats = {seat: AuthenticatedClient(base_url=served, token=token, raise_on_unexpected_status=True)
             for seat, token in tokens.items()}

    def turn():
        projection = get_projection.sync(game_id, m.GetProjectionName("turn"), client=seats["moderator"])
        assert isinstance(projection, m.Dod3TurnProjection) and isinstance(projection.data, m.Dod3TurnProjectionData)
        return projection.data

    def send(seat: str, body, if_match: str | None = None):
        version = get_game.sync(game_id, client=anonymous).version
        result = submit_command.sync(game_id, client=seats[seat], body=body, if_match=if_match or f'"{version}"')
        assert isinstance(result, m.CommandResult), (seat, body.to_dict(), result)
        answered.extend(result.events)
        return result

    played, answered = [], []
    for _ in range(200):  # two turns of eight powers take about 60 commands
        now = turn()
        if now.number > TURNS:
            break
        step, awaiting = now.step, now.awaiting
        first = awaiting[0] if awaiting else None
        if step == "A" and now.phase == "bidding":
            # Sealed bids commute: each goes with If-Match: * (no version to race for).
            body = m.Dod3SubmitBid(type_=m.Dod3SubmitBidType("SubmitBid"),
                                   data=m.Dod3SubmitBidData(power=m.Dod3SubmitBidDataPower(first.power), points=0))
            send(first.seat, body, if_match="*")
        elif step == "A":
            power = m.Dod3KeepInitiativePositionDataPower(first.power)
            send(first.seat, m.Dod3KeepInitiativePosition(type_=m.Dod3KeepInitiativePositionType("KeepInitiativePosition"),
                                                             data=m.Dod3KeepInitiativePositionData(power=power)))
        elif step == "B":
            send(first.seat, m.Dod3RollWeather(type_=m.Dod3RollWeatherType("RollWeather"),
                                                  data=m.Dod3RollWeatherData()))
        elif step == "C":
            power = m.Dod3PassOptionDataPower(first.power)
            send(first.seat, m.Dod3PassOption(type_=m.Dod3PassOptionType("PassOption"),
                                                 data=m.Dod3PassOptionData(power=power)))
        elif step == "E":
            send("moderator", m.Dod3EndMilitaryAffairs(type_=m.Dod3EndMilitaryAffairsType("EndMilitaryAffairs"),
                                                       data=m.Dod3EndMilitaryAffairsData()))
        elif step == "F":
            power = m.Dod3EndProductionDataPower(first.power)
            send(first.seat, m.Dod3EndProduction(type_=m.Dod3EndProductionType("EndProduction"),
                                                    data=m.Dod3EndProductionData(power=power)))
        elif step == "H":
            send("moderator", m.Dod3EndConquest(type_=m.Dod3EndConquestType("EndConquest"),
                                                data=m.Dod3EndConquestData()))
        else:
            pytest.fail(f"the script does not know step {step}: {now}")
        played.append((now.number, step))
    assert turn().number == TURNS + 1, played
    assert {(2, "A"), (2, "B"), (2, "F")} <= set(played)
    # Each event of the answers is read as its own class, its data typed (or empty: sealed from the seat).
    kinds = {type(event) for event in answered}
    assert {m.PlatformDiceRolledEvent, m.Dod3WeatherDeterminedEvent, m.Dod3BidSubmittedEvent} <= kinds, kinds
    weather = next(event for event in answered if isinstance(event, m.Dod3WeatherDeterminedEvent))
    assert isinstance(weather.data, m.Dod3WeatherDeterminedEventData) and weather.ruleset == "dod3"
