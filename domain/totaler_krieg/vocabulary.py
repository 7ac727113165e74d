"""Totaler Krieg! chapter 13 vocabulary: the fixed words the rules use (factions, statuses, war
states, the causes that end a policy, the kinds of place and truce restrictions a pack names).
Everything a data pack could hold (countries, policies, truces, events) is data, not an enum."""
from __future__ import annotations

from enum import Enum, StrEnum

RULESET_ID = "totaler-krieg"
WAR = "war"  # 13.6: the posture of a country whose Posture Box holds no marker


class Faction(Enum):
    """Rule 13.1: three factions, each the enemy of both others."""

    AXIS = "axis"
    WESTERN = "western"
    SOVIET = "soviet"

    @property
    def allied(self) -> bool:
        """Rule 13.1: Western and Soviet are referred to collectively as Allied."""
        return self is not Faction.AXIS


ALLIED = (Faction.WESTERN, Faction.SOVIET)


def enemies(a: Faction, b: Faction) -> bool:
    """Rule 13.1: anything related to one faction is an enemy to both other factions at all times."""
    return a is not b


class Size(Enum):
    MAJOR = "major"
    MINOR = "minor"


class PlaceKind(StrEnum):
    """Rule 13.3: what a place is by its starting disposition (the pack's ``core_of``, ``dependent_of``,
    ``region_of_country`` or ``region_of_dependent``, ``breakaway_of``)."""

    CORE = "core"
    DEPENDENT = "dependent"
    REGION = "region"
    BREAKAWAY = "breakaway"


class ClaimKind(StrEnum):
    """Rules 13.8.1, 13.8.2: what changes who owns land in play."""

    CEDED = "ceded"  # a Ceded Land marker in the Ceded Lands Box
    CREATED = "created"  # a minor created from other lands


class GoneReason(StrEnum):
    """Rules 13.8.1.1, 13.8.1.2, 13.8.6: why a country no longer exists."""

    CEDED_WHOLE = "ceded_whole"
    REMOVED_FOR_GOOD = "removed_for_good"
    SUCCEEDED = "succeeded"


class TruceRestrictions(StrEnum):
    """Rule 13.6.2: the set of restrictions a truce imposes."""

    REASSESS_ARMISTICE = "reassess_armistice"  # 13.6.2.1
    NEGOTIATION = "negotiation"  # 13.6.2.2, the lighter set


class AlignmentNeeds(StrEnum):
    """Rule 13.5: what the priority list still needs to decide a Neutral's alignment."""

    AXIS_CHOICE = "axis_choice"  # priority 5
    DIE_ROLL = "die_roll"  # priority 7


class Status(Enum):
    """Rule 13.4: a minor's standing as a belligerent (a major is always Active)."""

    ACTIVE = "active"
    NEUTRAL = "neutral"
    CONQUERED = "conquered"


class WarState(Enum):
    """Chapter 12's war footing, read by 13.6.1 (Pre-War vs Limited or Total War)."""

    PRE_WAR = "pre_war"
    LIMITED_WAR = "limited_war"
    TOTAL_WAR = "total_war"


class PacificWar(Enum):
    """Rule 13.8.7: an Allied faction's Pacific War Status."""

    NO_WAR = "no_war"
    LIMITED_WAR = "limited_war"
    TOTAL_WAR = "total_war"


class PostureKind(Enum):
    WAR = "war"
    POLICY = "policy"
    TRUCE = "truce"


class ActivateAs(Enum):
    """What a card or event calls for: a named faction (13.5 priority 1) or "Allied" (priorities 2-7)."""

    AXIS = "axis"
    WESTERN = "western"
    SOVIET = "soviet"
    ALLIED = "allied"


class Trigger(Enum):
    """Rule 13.4: what activates a Neutral Country."""

    DECLARE_WAR = "declare_war"  # the Declare War part of the War & Peace Segment (6.1.1)
    OPTION_CARD = "option_card"
    POLITICAL_EVENT = "political_event"
    CONDITIONAL_EVENT = "conditional_event"


class EndCause(Enum):
    """Rule 13.6.1.2: why a policy ends; the first three are involuntary, the rest voluntary."""

    OPTION_CARD = "option_card"
    AXIS_UNIT_NOT_INTERNED = "axis_unit_not_interned"
    TOTAL_WAR = "total_war"
    AXIS_SUPPORT_PLACEMENT = "axis_support_placement"
    AXIS_GROUND_ENTRY = "axis_ground_entry"
    AXIS_ATTACK = "axis_attack"
    DECLARE_WAR_ON_NEUTRAL_PAC = "declare_war_on_neutral_pac"
    NEUTRALS_PRESSURED = "neutrals_pressured"
    POLITICAL_OPTION = "political_option"

    @property
    def voluntary(self) -> bool:
        return self not in (EndCause.OPTION_CARD, EndCause.AXIS_UNIT_NOT_INTERNED, EndCause.TOTAL_WAR)


class Entry(Enum):
    """The ways a ground unit comes into a hex that chapter 13 restricts."""

    MOVE = "move"
    RETREAT = "retreat"
    ADVANCE = "advance_after_combat"
    EXPLOIT = "exploit"


class Placement(Enum):
    """Where a support unit or Airdrop marker may be placed (13.6.1, 13.6.2)."""

    HEX = "hex"
    ON_STATION = "on_station"
    STRATEGIC_WARFARE = "strategic_warfare"


class CountryMarker(Enum):
    """Markers placed in a country that chapter 13 reads (13.5, 13.7.1 step 8, 13.8.4, 13.2.1)."""

    WESTERN_INFLUENCE = "western_influence"
    SOVIET_INFLUENCE = "soviet_influence"
    NEUTRALITY = "neutrality"
    CIVIL_WAR = "civil_war"
    REPUBLICAN_STRONGHOLD = "republican_stronghold"
    REICH_ANNEX = "reich_annex"


INFLUENCE = {CountryMarker.WESTERN_INFLUENCE: Faction.WESTERN, CountryMarker.SOVIET_INFLUENCE: Faction.SOVIET}
# 13.7.1 step 8: what activation clears.
CLEARED_ON_SETUP = frozenset({CountryMarker.WESTERN_INFLUENCE, CountryMarker.SOVIET_INFLUENCE,
                              CountryMarker.NEUTRALITY, CountryMarker.CIVIL_WAR})


class Location(Enum):
    """Where a minor country's counter is."""

    SET_ASIDE = "set_aside"  # a Neutral or non-existent country's units (13.4, 13.8.1.1)
    PARTNERSHIP_SET_ASIDE = "partnership_set_aside"  # 13.7.1 step 1
    SCENARIO = "scenario"  # set up by the scenario's own instructions
    FORCE_POOL = "force_pool"
    DELAY_BOX = "delay_box"
    MAP = "map"
    CONVOY_BOX = "convoy_box"
    CONQUERED_BOX = "conquered_box"  # the faction's Conquered Minor Countries Box (13.4)
    REMOVED = "removed"  # removed from the game / from play


IN_PLAY = frozenset({Location.SCENARIO, Location.FORCE_POOL, Location.DELAY_BOX, Location.MAP, Location.CONVOY_BOX})


class CreateVia(Enum):
    """Rule 13.8.2 (and 13.4, 13.8.1.1): what makes a minor country."""

    PUPPET_GOVERNMENT = "puppet_government"  # Axis cards 28b, 29b
    PROVINCIAL_INDEPENDENCE = "provincial_independence"  # 15.34
    MINOR_COUNTRY_CREATED = "minor_country_created"  # 15.25
    OSTLAND_ACCORD = "ostland_accord"  # conditional event 16.2.2


class ReactivateVia(Enum):
    """Rule 13.4: what re-activates a Conquered Country."""

    MINOR_COUNTRY_CREATED = "minor_country_created"  # Axis, 15.25
    CONQUERED_COUNTRY_REACTIVATION = "conquered_country_reactivation"  # Allied, 16.3.1 / 16.5.1


class VichyVia(Enum):
    """Rule 13.8.6: the two ways France is conquered and Vichy created."""

    CASE_YELLOW = "case_yellow"  # conditional event 16.2.1: Neutral Vichy
    ALLIED_MINOR_COUNTRY_CONQUEST = "allied_minor_country_conquest"  # 16.1.1: active Allied Vichy


class TruceVia(Enum):
    """Rule 13.6.2.3: who changes a truce level."""

    WAR_AND_PEACE = "war_and_peace"  # 6.1.2, a faction in its own War & Peace Segment
    POLITICAL_EVENT = "political_event"


class GameMap(Enum):
    """Rule 13.8.6.3: in Axis Empires France/Vichy is activated on each map separately."""

    TK = "TK"
    DS = "DS"
