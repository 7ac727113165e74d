"""Loads the seed 001 house-rule data (``house_rules.yaml``) and the edition's unit prices for the
AAR1 rule tests; the domain never reads files, so the loading happens here."""
from __future__ import annotations

import functools
from importlib import resources

import yaml

from domain.aa.revised_phase_one.house_rules import HouseRules, load_house_rules

DATA = "domain.aa.revised_phase_one.data"


def _yaml(name: str) -> dict:
    return yaml.safe_load(resources.files(DATA).joinpath(name).read_text(encoding="utf-8"))


@functools.cache
def house_rules() -> HouseRules:
    return load_house_rules(_yaml("house_rules.yaml"))


@functools.cache
def raw_house_rules() -> dict:
    return _yaml("house_rules.yaml")


def unit_prices() -> dict:
    return {unit: spec["cost"] for unit, spec in _yaml("default.yaml")["units"].items()}


def owners(changes: dict | None = None) -> dict:
    """The starting owners (territory -> power), with ``changes`` applied."""
    return {**house_rules().starting_owner, **(changes or {})}
