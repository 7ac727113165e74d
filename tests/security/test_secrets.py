"""Secrets under attack (issue 11): what a hostile client tries to read and must not."""
import pytest

from tests.support.api import assert_problem

SECRET = 555444333


@pytest.mark.rule("CORE-seal")
@pytest.mark.parametrize("name", ["spectator", "moderator", "system"])
def test_no_seat_may_take_the_anonymous_readers_name(client, name):
    """CORE-seal: "A sealed value is visible only to its seats": a seat named like the anonymous
    reader would make its sealed values everyone's."""
    response = client.post("/games", json={"ruleset": "tiny", "seats": {name: ["N"], "south": ["S"]}})
    problem = assert_problem(response, 422, "validation-error")
    assert "reserved" in str(problem)
