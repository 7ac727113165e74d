"""The pages answers link to: every problem type's `type` URL names a page the service serves, and
every rule id the rulesets raise has a page with its statement, linked from rule violations."""
import re
from pathlib import Path
from urllib.parse import urlparse

import pytest

from service.http.reference import problem_types
from service.rules import all_rules
from tests.support.api import assert_problem

ROOT = Path(__file__).resolve().parents[2]
RAISED_SLUG = re.compile(r'(?:Problem\(\s*\d{3},\s*|bad_request\(\s*)"([a-z0-9-]+)"')
RULE_ID = re.compile(r'"((?:CORE|DOD3|GS|TK|AA|AAR|AAR1|AAG|AAG40)-[A-Za-z0-9][A-Za-z0-9_.-]*)"')


def _source(folder: str) -> str:
    return "\n".join(p.read_text(encoding="utf-8") for p in (ROOT / folder).rglob("*.py"))


def test_every_problem_type_the_service_raises_has_a_page(client):
    raised = set(RAISED_SLUG.findall(_source("service") + _source("events")))
    assert len(raised) >= 15
    assert raised - set(problem_types()) == set(), "problem types without a page"
    for slug, page in problem_types().items():
        assert set(page) == {"status", "title", "what", "fix"}, slug
        served = client.get(f"/problems/{slug}")
        assert served.status_code == 200, slug
        assert (served.json["status"], served.json["title"]) == (page["status"], page["title"])


def test_a_problem_s_type_url_is_a_page_of_the_service(table):
    body = assert_problem(table.command("north", "AddPoints", {"power": "N", "amount": 1}, version=7), 412,
                          "stale-version")
    page = table.client.get(urlparse(body["type"]).path)
    assert page.status_code == 200 and page.json["type"] == body["type"] and page.json["status"] == 412
    assert page.json["what"] and page.json["fix"]
    assert table.client.get("/problems/method-not-allowed").json["status"] == 405  # a type the server gives
    assert_problem(table.client.get("/problems/no-such-type"), 404, "not-found")


def test_every_rule_id_the_rulesets_raise_has_a_page(client):
    raised = set(RULE_ID.findall(_source("domain")))
    assert len(raised) >= 60
    assert raised - set(all_rules()) == set(), "rule ids without a statement in service/rules/*.yaml"
    for rule_id in sorted(raised):
        page = client.get(f"/rules/{rule_id}")
        assert page.status_code == 200 and page.json["id"] == rule_id and page.json["text"], rule_id


@pytest.mark.rule("DOD3-5")
def test_a_rule_violation_links_to_its_rule(client):
    """Given a new DoD III game (rule 5: "turn 1 skips initiative"), when a seat bids at once, then
    the 422 names the rule and links to its page, which states it."""
    created = client.post("/games", json={"ruleset": "dod3", "preset": "3"}).json
    response = client.post(f"/games/{created['game_id']}/commands",
                           json={"type": "SubmitBid", "data": {"power": "GE", "points": 1}},
                           headers={"Authorization": f"Bearer {created['tokens']['player1']}", "If-Match": '"1"'})
    body = assert_problem(response, 422, "rule-violation")
    assert body["rule_id"] == "DOD3-5" and body["rule_url"].endswith("/rules/DOD3-5")
    page = client.get(urlparse(body["rule_url"]).path).json
    assert page["rulesets"] == ["dod3"] and "initiative" in page["text"]


def test_rules_are_listed_per_ruleset(client):
    rules = client.get("/rules?ruleset=gathering-storm").json["rules"]
    assert rules and all(r["id"].startswith("GS-") for r in rules)
    aa = {r["id"] for r in client.get("/rules?ruleset=aa-global1940").json["rules"]}
    assert {"AA-battle", "AAG40-tech"} <= aa
    assert_problem(client.get("/rules/NOPE-1"), 404, "not-found")


def test_a_browser_reads_the_page_as_html(client):
    page = client.get("/rules/CORE-undo", headers={"Accept": "text/html"})
    assert page.content_type.startswith("text/html") and b"CORE-undo" in page.data
