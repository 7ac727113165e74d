"""The golden games of the newest events (issue 22 item 13; tests/golden/make_golden.py): every
event type of every ruleset and of the platform that the first golden set does not hold. Each
game plays what its players would (scripted moves, each checked by the server as it comes),
then, for the event types still missing, lets the explorer (golden_explore.py) choose among the
bodies /legal-commands offers until the game has written them.

- ``dod3-deadlines``: Days of Decision III with a house pack (a card forcing an option, a level 2
  treaty to start with) under a schedule on a test clock (reminder, extension, vacation, pause and
  resume, grace period, missed orders, a seat ready, deadlines closed), moved to another store
  mid-game (``casus export`` / ``casus import``: the next roll commits a fresh seed,
  ``DiceSeedCommitted``), then explored: civil wars, forces in minors, economic agreements made
  and broken, credit offered, options failed and forced, power markers moved; conquests, the
  USSR's ending the game.
- ``gathering-storm-records``: the moderator's records the first game did not make.
- ``totaler-krieg-blank``: the blank scenario through chapter 13's commands no legal-commands
  offers (markers, civil war, alignment switch, multinational units, internment, attacks, Vichy and
  its fleet), then explored.
- ``aa-revised-declared`` / ``aa-global1940-declared``: battles declared by the attacker and
  confirmed by the defender (``BattleDeclared``, ``ConfirmDefence``), fought by the combat job;
  advances recorded; War Bonds collected (the Revised game with a house pack that has them)."""
from __future__ import annotations

import copy
import os
import tempfile
from importlib import resources
from pathlib import Path

import orjson
import yaml

from golden_client import MODERATOR, Game, cli
from golden_explore import Explorer, HttpTable

HOUR = 3600
START = 4_000_000_000  # the test clock's first instant (Unix seconds): far from the wall clock


def explore(game: Game, table: HttpTable, wanted: set[str], steps: int, seed: int = 0, **options) -> None:
    """The explorer on this game until ``wanted`` is written (or ``steps`` bodies are sent)."""
    explorer = Explorer(table, set(wanted) - game.written(), seed=seed, **options)
    explorer.run(steps)
    game.log.extend(f"explorer: {line}" for line in explorer.log)
    still = set(wanted) - game.written()
    if still:
        raise RuntimeError(f"{game.ruleset}: the explorer did not write {sorted(still)} in {steps} steps; "
                           f"it sent:\n" + "\n".join(line[:240] for line in explorer.log))


def validated(ruleset: str, pack: dict) -> dict:
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "pack.yaml"
        path.write_text(yaml.safe_dump(pack), encoding="utf-8")
        code, out, err = cli(["data", "validate", str(path), "--ruleset", ruleset])
        if code != 0:
            raise RuntimeError(f"the house pack is not valid: {out}{err}")
    return pack


def shipped_pack(package: str) -> dict:
    return yaml.safe_load(resources.files(package).joinpath("default.yaml").read_text())


# ---- the schedule's clock -----------------------------------------------------------------------

class Clock:
    """The scheduler's clock in these games: it moves only when the game says so."""

    def __init__(self, now: int = START):
        self.now = now

    def __call__(self) -> int:
        return self.now


def scheduled(game: Game, clock: Clock) -> None:
    """The app's scheduler on ``clock`` (as tests/api/test_schedule_api.py does)."""
    from service.notify.scheduler import InProcessScheduler

    services = game.services
    old = getattr(services, "scheduler", None)
    if old is not None and hasattr(old, "stop"):
        old.stop()
    services.scheduler = InProcessScheduler(services.games, clock)


def later(game: Game, clock: Clock, hours: float) -> int:
    """Time passes; the scheduler sends what fell due (through the write path, as the system)."""
    clock.now += int(hours * HOUR)
    fired = game.services.scheduler.run_due()
    game.jobs.wait(60)
    return fired


# ---- moving a game to another store -----------------------------------------------------------

def forget_cli_services() -> None:
    from service import bootstrap

    clear = getattr(getattr(bootstrap, "from_env", None), "cache_clear", None)
    if clear is not None:
        clear()


def moved_to_a_new_store(game: Game, folder: str, clock: Clock) -> None:
    """``casus export`` here, ``casus import`` into a new SQLite store (which never held the seed),
    and the game goes on there with the tokens the import printed."""
    from service.config import Config
    from service.http.app import create_app

    exported = Path(folder) / f"{game.game_id}.jsonl"
    forget_cli_services()
    code, _, err = cli(["export", game.game_id, "-o", str(exported)])
    if code != 0:
        raise RuntimeError(f"casus export failed: {err}")
    database = str(Path(folder) / f"{game.game_id}-imported.db")
    before, os.environ["CASUS_DB"] = os.environ.get("CASUS_DB"), database
    forget_cli_services()
    try:
        code, out, err = cli(["import", str(exported)])
    finally:
        os.environ["CASUS_DB"] = before or ""
        forget_cli_services()
    if code != 0:
        raise RuntimeError(f"casus import failed: {err}")
    imported = orjson.loads(out)
    app = create_app(Config(database=database))
    game.client, game.services = app.test_client(), app.extensions["casus_services"]
    game.jobs, game.tokens, game.database = game.services.jobs, dict(imported["tokens"]), database
    scheduled(game, clock)


# ---- Days of Decision III ----------------------------------------------------------------------

FORCING_CARD = {"id": "GE 9", "name": "Demand", "card": "GE", "cost": 0, "target": "power",
                "effect": {"kind": "force_option", "option": "IPO 12", "on_target": True}}
DOD3_WANTED = {"MajorPowerConquered", "OptionFailed", "OptionForced", "PowerMarkerMoved", "EconomicAgreementMade",
               "EconomicAgreementBroken", "CreditOffered", "ForcesInMinorRecorded", "CivilWarRecorded"}


def dod3_house_pack() -> dict:
    """The shipped pack, with a card forcing an option on its target (rule 8.2f; the seed names
    such cards, the shipped pack has none) and a level 2 treaty between the Commonwealth and the
    USA from the start (rule 8.2b: a partner who may pay the excess)."""
    pack = shipped_pack("domain.dod3.data")
    pack["pack"] = "golden-house-cards"
    cards = pack["options"]["cards"]
    at = next((i for i, card in enumerate(cards) if card["id"] == "CH 0(f)"), len(cards))
    cards.insert(at, copy.deepcopy(FORCING_CARD))
    pack["start"]["treaties"].append({"powers": ["CW", "US"], "level": 2, "age": 1, "trade": False})
    return validated("dod3", pack)


def dod3_breaking_own(game: Game):
    """Hints for the explorer (rule 8.7.2, "a major power may always break one of its own economic
    agreements"): an offered economic agreement option, played to break one the power holds."""
    def hints(actor: str, spec: dict) -> list[dict]:
        if spec["type"] != "PlayOption" or spec["example"] is None or spec["example"].get("option") != "IPO 2":
            return []
        state = game.services.games.load(game.game_id).domain
        power = spec["example"]["power"]
        return [{**spec["example"], "target": m.location, "agreement": "break", "break_power": None,
                 "items": [{"location": m.location, "kind": m.kind}]}
                for m in state.resource_markers if m.power == power][:3]
    return hints


def play_dod3_deadlines(game: Game) -> None:
    """Preset "3" with the house pack. The moderator sets a schedule (grace 6 h, a reminder 12 h
    before); the weather deadline opens, reminds, is extended, a seat goes on vacation, the
    schedule is paused and resumed (a fresh deadline), the deadline passes into its grace period
    and then the roll is made for the power (rule 7); the next step's seat marks itself ready.
    The game moves to another store, where its next roll commits a fresh seed. Then the explorer
    plays it on to the events the first golden games lack; conquests last: the USSR's ends the
    game (rule 4.1) and reveals the seed."""
    m = MODERATOR
    clock = Clock()
    scheduled(game, clock)
    game.command(m, "SetSchedule", grace_hours=6, reminders=[12], civil_disorder="pass")
    assert later(game, clock, 12) == 1  # the reminder
    game.command(m, "ExtendDeadline", hours=6)
    game.command("player2", "SetVacation", seat="player2", start=clock.now, end=clock.now + 48 * HOUR)
    game.command(m, "PauseSchedule")
    game.command(m, "ResumeSchedule")
    assert later(game, clock, 24) >= 1  # the deadline: its grace period starts
    assert later(game, clock, 6) >= 1  # the grace period ends: the roll is made for the power
    awaited = game.projection("schedule")["deadline"]
    assert awaited is not None and awaited["owing"], awaited
    for seat in awaited["owing"]:
        game.command(seat, "MarkReady")
    game.command(m, "PauseSchedule")
    moved_to_a_new_store(game, str(Path(os.environ["CASUS_DB"]).parent), clock)
    table = HttpTable(game, extra=dod3_breaking_own(game))
    # The explorer plays the seats' moves before the moderator's records, and never closes the
    # bidding or political affairs for the powers (they would never play an option).
    explore(game, table, DOD3_WANTED - {"MajorPowerConquered"} | {"DiceSeedCommitted"}, 400, seed=3,
            leave_out=frozenset({"RecordConquest", "CloseBidding", "EndPoliticalAffairs"}),
            prefer=lambda actor, type_, data: actor != m)
    explore(game, table, {"MajorPowerConquered"}, 200, seed=4)  # on to step H, where a power is conquered
    # Rule 4.1: communism's one power conquered ends the game at the end of the turn (the end
    # reveals the seed).
    game.command(m, "RecordConquest", major_power="RU")
    game.command(m, "EndConquest")
    assert game.get("").json["terminal"], "the conquest of the USSR did not end the game"


# ---- Gathering Storm ---------------------------------------------------------------------------

GS_WANTED = {"TemporarySupportIncreaseRecorded", "SecondAggressionSupportIncreaseRecorded", "ResistanceLevelRecorded",
             "AggressionRecorded", "ConcessionsDeclined"}


def play_gathering_storm_records(game: Game, table: HttpTable | None = None) -> None:
    """Turn 1: Germany's two successful aggressions and the facts of the first Gathering Storm game,
    then the moderator's records that game did not make (an aggression, a resistance level,
    temporary and second-aggression support increases), found by the explorer among the offered
    bodies. Turn 2: the support levels again; France and Britain threaten war, Germany declines
    the concessions demanded (32.83): war breaks out, the game ends and the seed is revealed."""
    m = MODERATOR

    def support_levels():
        for power, level in (("France", 5), ("Britain", 2), ("Germany", 1), ("Italy", 1), ("Russia", 0)):
            game.command(m, "RecordSupportLevel", major_power=power, level=level)

    game.command(m, "RecordFactories", major_power="France", idle=0, civilian=0, military=10)
    game.command(m, "RecordFactories", major_power="Britain", idle=1, civilian=2, military=5)
    game.command(m, "RecordFactories", major_power="Germany", idle=1, civilian=2, military=5)
    game.command(m, "RecordSuccessfulAggression", aggression="Rhineland", turn=1)
    game.command(m, "RecordSuccessfulAggression", aggression="Austria")
    support_levels()
    game.command(m, "RecordControl", country="Poland", controller=None)
    game.command(m, "RecordTradePact", minor="Hungary", major_power="Germany")
    game.command(m, "RecordFlags", country="Rumania", axis=1, allied=2, russian=0)
    game.command(m, "RecordNaziSovietPact", signed=False)
    game.command(m, "RecordRussianCohesion", full=False)
    explore(game, table or HttpTable(game), GS_WANTED - {"ConcessionsDeclined"}, 20, seed=2,
            leave_out=frozenset({"DeclareWar", "ThreatenWar", "EndCrisisPhase", "StartTurn", "MakeConcessions",
                                 "DeclineConcessions", "RecordSupportLevel", "RecordFactories"}))
    game.command(m, "EndCrisisPhase")
    game.command(m, "StartTurn")
    support_levels()
    game.command("france", "ThreatenWar", power="France", targets=["Germany"])
    game.command("britain", "ThreatenWar", power="Britain", targets=["Germany"])
    game.command(m, "EndCrisisPhase")
    game.command("germany", "DeclineConcessions", power="Germany")
    assert game.get("").json["terminal"], "declining the concessions did not end the game"


# ---- Totaler Krieg! ----------------------------------------------------------------------------

TK_WANTED = {"CededLandReturned", "CountryReactivated", "GroundUnitEntered", "MinorConquered", "MinorCreated",
             "PartnershipCreated", "PolicyReplacedByTruce", "PoliticalEventApplied", "SupportUnitPlaced",
             "TruceChanged", "UnitsMobilized", "UnitsReturnedFromPacific", "UnitsSentToPacific"}


def play_totaler_krieg_blank(game: Game) -> None:
    """The blank scenario (Pre-War, every minor Neutral): country markers placed and removed, a
    Spanish civil war (an event it ignores, a final Civil War Victory), the Republican Support
    marker; Limited War: Hungary activated and switched to the Soviets, France activated, Poland
    activated and made the West's Partnership Country, an AA army formed and broken down,
    internment for a policy violation (and one declined), an Axis attack ending the Nazi-Soviet
    Pact, an option card finding no policy to end, Vichy created by Case Yellow, its fleet seized by the Axis (undone at once) and sunk by
    the West. Then the explorer plays the offered moves that write the chapter's other events;
    the seed revealed."""
    m = MODERATOR
    game.command(m, "PlaceCountryMarker", power="western", country="rumania", marker="western_influence")
    game.command(m, "RemoveCountryMarker", power="western", country="rumania", marker="western_influence")
    game.command("axis", "EndPolicy", power="axis", cause="option_card", box="france")  # nothing to end
    game.command("soviet", "SetRepublicanSupport", power="soviet", faction="soviet")
    game.command(m, "PlaceCountryMarker", power="western", country="spain", marker="civil_war")
    game.command("axis", "ApplyPoliticalEvent", power="axis", event="coup_detat", country="spain")  # no result
    game.command("axis", "ApplyPoliticalEvent", power="axis", event="civil_war_victory", country="spain", final=True)
    game.command(m, "SetWarState", war="limited_war")
    game.command(m, "ActivateNeutral", power="axis", country="hungary", trigger="option_card", activate_as="axis")
    game.command("soviet", "SwitchAlignment", power="soviet", country="hungary", faction="soviet")
    game.command(m, "ActivateNeutral", power="western", country="france", trigger="option_card",
                 activate_as="western")
    game.command(m, "ActivateNeutral", power="western", country="poland", trigger="option_card",
                 activate_as="western")
    game.command("western", "CreatePartnership", power="western", country="poland")
    game.command("western", "FormMultinationalUnit", power="western", unit_id="aa-1", template="western_aa",
                 nationalities=["britain", "france"])
    game.command("western", "PerformEmergencyBreakdown", power="western", unit_id="aa-1", removed="france")
    game.command(m, "PlacePolicy", power="western", box="britain", policy="appeasement")
    game.command("western", "ResolvePolicyInternment", power="western", unit=["france"], place="britain", intern=True)
    game.command("western", "ResolvePolicyInternment", power="western", unit=["france"], place="britain",
                 intern=False)
    game.command(m, "PlacePolicy", power="soviet", box="russia", policy="nazi_soviet_pact")
    game.command("axis", "AttackHex", power="axis", unit=["germany"],
                 hex={"place": "russia", "ground_units": ["russia"]})
    game.command(m, "CedeLand", power="axis", marker="german_occupied_france")
    game.command(m, "CedeLand", power="axis", marker="german_alsace_lorraine")
    game.command("axis", "FormVichy", power="axis", via="case_yellow")
    before = game.version()
    game.command("axis", "ApplyPoliticalEvent", power="axis", event="neutrals_pressured", country="vichy",
                 vichy_fleet=True)
    requested = game.undo("axis", before)  # its own move, no dice: undone at once
    assert requested["approvers"] == [], requested
    game.command("western", "ApplyPoliticalEvent", power="western", event="neutrals_pressured", country="vichy",
                 vichy_fleet=True)
    explore(game, HttpTable(game), TK_WANTED, 120, seed=1)
    game.command(m, "RevealDiceSeed")


# ---- Axis & Allies -----------------------------------------------------------------------------

def declared_battle(game: Game, attacker_seat: str, defender_seat: str, battle_id: str, territory: str,
                    attacker: str, defender: str, forces: dict, units: dict) -> dict:
    """The attacker's seat declares (BattleDeclared: the defence as it sees it), the defender's
    seat confirms its own forces (ConfirmDefence: BattleRequested), the combat job fights it."""
    game.command(attacker_seat, "ResolveBattle", battle_id=battle_id, territory=territory, attacker=attacker,
                 defender=defender, forces=forces)
    game.command(defender_seat, "ConfirmDefence", battle_id=battle_id, units=units)
    row = next(r for r in game.projection("battles") if r["battle_id"] == battle_id)
    if row["status"] != "fought":
        raise RuntimeError(f"the combat job did not fight {battle_id}: {row}")
    return row


def aa_revised_house_pack() -> dict:
    """The shipped Revised pack with the War Bonds advance of Global 1940 (a house rule): income
    dice the moderator rolls for a power that researched it."""
    pack = shipped_pack("domain.aa.revised_phase_one.data")
    pack["techs"]["war_bonds"] = {"title": "War Bonds", "combat": False, "provisional": True}
    pack["war_bonds"] = {"advance": "war_bonds", "die": 6, "variants": {"as_rolled": {}}, "default": "as_rolled"}
    return validated("aa-revised-phase-one", pack)


def play_aa_revised_declared(game: Game) -> None:
    """One seat per power, a house pack with War Bonds: Germany declares an attack on Karelia and
    Russia confirms a stronger defence than Germany saw; the UK attacks at sea, confirmed as seen;
    Jet Power and War Bonds recorded for the US, who collects War Bonds; the seed revealed."""
    declared_battle(game, "germany", "russia", "karelia-1", "Karelia", "Germany", "Russia",
                    {"kind": "land", "attacker": {"infantry": 4, "armour": 2}, "defender": {"infantry": 2}},
                    {"infantry": 3, "armour": 1})
    declared_battle(game, "uk", "germany", "sz5-1", "Sea zone 5", "UK", "Germany",
                    {"kind": "sea", "attacker": {"destroyer": 1, "battleship": 1}, "defender": {"submarine": 1}},
                    {"submarine": 1})
    game.command(MODERATOR, "RecordAdvance", power="US", tech="jet_power")
    game.command(MODERATOR, "RecordAdvance", power="US", tech="war_bonds")
    game.command(MODERATOR, "CollectWarBonds", power="US")
    game.command(MODERATOR, "RevealDiceSeed")


def play_aa_global1940_declared(game: Game) -> None:
    """One seat per power: Japan declares an attack on China, which confirms its defence; Italy
    attacks the UK at sea; Radar and War Bonds recorded for the USA, who collects War Bonds; the
    seed revealed."""
    declared_battle(game, "japan", "china", "yunnan-1", "Yunnan", "Japan", "China",
                    {"kind": "land", "attacker": {"infantry": 3, "artillery": 1}, "defender": {"infantry": 2}},
                    {"infantry": 3})
    declared_battle(game, "italy", "uk", "sz97-1", "Sea zone 97", "Italy", "UK",
                    {"kind": "sea", "attacker": {"cruiser": 1, "destroyer": 1}, "defender": {"destroyer": 1}},
                    {"destroyer": 1, "cruiser": 1})
    game.command(MODERATOR, "RecordAdvance", power="USA", tech="radar")
    game.command(MODERATOR, "RecordAdvance", power="USA", tech="war_bonds")
    game.command(MODERATOR, "CollectWarBonds", power="USA")
    game.command(MODERATOR, "RevealDiceSeed")


# Issue 25: what the scripted Global game (golden_aa_global_game.py) does not write: a seat choosing
# its losses and pressing on each round, rockets (an advance the research dice must give first) and
# aircraft lost for want of a landing. The explorer plays the shipped game until it has them.
AAG_EXPLORED = {"AttackPressed", "BattleContinued", "BattleRoundAwaited", "LossesChosen", "RocketFired", "UnitsLost"}


def play_aa_global1940_explored(game: Game) -> None:
    explore(game, HttpTable(game), AAG_EXPLORED, 4000, seed=0)
    game.command(MODERATOR, "RevealDiceSeed")


# Issue 23, minor victory: the sides bid in the game for its length (AAR1-victory).
def play_aa_revised_minor_bid(game: Game) -> None:
    """Two seats. The Axis bid 6 turns and the Allies 9, sealed until both are in: the game lasts 9
    turns and the team seated as the Allies plays the Axis, so the moderator hands each seat to the
    other team (a new token for each, CORE-seat). Russia's first purchase follows; the seed is
    revealed."""
    game.command("axis", "BidTurns", side="Axis", turns=6)
    game.command("allies", "BidTurns", side="Allies", turns=9)
    revealed = next(e["data"] for e in game.events() if e["type"] == "BidsRevealed")
    assert (revealed["turns"], revealed["axis_team"]) == (9, "Allies"), revealed
    from golden_handover import hand_over

    for seat in ("axis", "allies"):
        hand_over(game, seat)
    assert game.projection("turn")["power"] == "Russia"
    game.command(MODERATOR, "RevealDiceSeed")
