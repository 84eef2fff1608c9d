"""Shared test helpers for rooms and matches."""

from __future__ import annotations

import importlib
import json
import re
from contextlib import contextmanager, nullcontext
from itertools import count
from types import SimpleNamespace
from typing import Any
from unittest import mock

from django.apps import apps

from accounts.models import User
from games.identity import Identity
from games.models import RuleSet
from tests.deals import Calm, Deal, Table

_numbers = count(1)

# For the tests where the player passes the first upcard and then waits for their draw.
UPCARD_PASSED_DEAL = Deal(
    Table("gin-classic", bot="medium"),
    bytes(16),
    Calm(2),
    why="after the player passes the upcard, their draw comes: on a random deal the Medium bot "
    "may take the upcard and knock at once, which ends the hand",
)
CARD = re.compile(r'"((?:[A2-9TJQK])[CDHS])"')


def make_user(name: str | None = None) -> User:
    n = next(_numbers)
    name = name or f"Player{n}"
    return User.objects.create_user(
        username=f"u{n}-{name}", email=f"{name.lower()}{n}@example.com", password="pw", display_name=name
    )


def me(user: User) -> Identity:
    return Identity(user_id=user.pk)


def ruleset(slug: str = "gin-classic", *, seats: int | None = None, **flags: Any) -> RuleSet:
    """A preset, or (with flags or seats) a custom rule set derived from it."""
    if not RuleSet.objects.exists():  # transactional tests flush the data migration's rows
        importlib.import_module("games.migrations.0002_rule_set_presets").create_presets(apps, None)
    base = RuleSet.objects.get(slug=slug)
    if not flags and seats is None:
        return base
    custom_slug = f"{slug}-{seats}-" + "-".join(f"{k}{v}" for k, v in sorted(flags.items()))
    rs, _ = RuleSet.objects.get_or_create(
        slug=custom_slug[:50],
        defaults={
            "name": custom_slug,
            "family": base.family,
            "flags": {**base.flags, **flags},
            "seats": seats or base.seats,
        },
    )
    return rs


@contextmanager
def first_deal(seed: bytes, *, start: int | None = None):
    """Every match started meanwhile is dealt its first hand from `seed`, also where the services
    take no seed (an online room is dealt at random when its last seat is taken); with `start`,
    a rummy match's first round is started by that seat (the services pick one at random)."""
    from games.services import matches, rooms, run

    def seeded(**kw):
        # run's `secrets` only, not the module: start_match draws the starting seat from it
        # (and, for a table of computers alone, the first bot's pace).
        chosen = SimpleNamespace(randbelow=lambda n: start)
        with nullcontext() if start is None else mock.patch.object(run, "secrets", chosen):
            return run.start_match(**{**kw, "first_seed": seed})

    # Patched where it is called: rooms (the last seat taken) and matches (a rematch).
    with mock.patch.object(rooms, "start_match", seeded), mock.patch.object(matches, "start_match", seeded):
        yield


def simple_policy(view: dict[str, Any]) -> dict[str, Any]:
    """A plain player: knock when it may, pass upcards, draw from the stock, shed high deadwood."""
    legal = view["legal_actions"]
    knocks = [a for a in legal if a["type"] == "knock"]
    if knocks:
        return knocks[0]
    for kind in ("pass", "big_gin"):
        if {"type": kind} in legal:
            return {"type": kind}
    if {"type": "draw", "source": "stock"} in legal:
        return {"type": "draw", "source": "stock"}
    deadwood = set(view["deadwood_cards"] or [])
    discards = [a for a in legal if a["type"] == "discard"]
    value = {"A": 1, "T": 10, "J": 10, "Q": 10, "K": 10}
    return max(
        discards,
        key=lambda a: (a["card"] in deadwood, value.get(a["card"][0]) or int(a["card"][0])),
    )


def cards_in(payload: dict[str, Any]) -> set[str]:
    return set(CARD.findall(json.dumps(payload)))


def hidden_from(state: dict[str, Any], seat: int | None) -> set[str]:
    """Cards `seat` (None: a spectator) must not see in the stored gin state: the stock and the
    other hands, less every card shown face up during the hand (the upcard, discards, picks;
    a recycled stock is made of such cards)."""
    if state["phase"] not in ("upcard", "draw", "discard"):
        return set()
    shown = {e["card"] for e in state["log"] if e.get("card")} | {
        e["upcard"] for e in state["log"] if e.get("upcard")
    }
    unseen = set(state["stock"]) | {
        c for other, hand in enumerate(state["hands"]) if other != seat for c in hand
    }
    return unseen - shown


def assert_no_leak(payload: dict[str, Any], state: dict[str, Any], seat: int | None) -> None:
    """Nothing hidden in the frame, apart from finished hands (public, and dealt from the same deck)."""
    text = json.dumps(payload)
    current = {
        **payload,
        "view": {k: v for k, v in payload["view"].items() if k not in ("history", "result")},
    }
    leaked = cards_in(current) & hidden_from(state, seat)
    where = [k for k, v in current["view"].items() if cards_in({"x": v}) & leaked]
    assert not leaked, (
        f"seat {seat} was sent hidden cards {sorted(leaked)} in {where} at version {payload['version']}"
    )
    if state["phase"] in ("upcard", "draw", "discard") and state.get("seed"):
        assert state["seed"] not in text, f"seat {seat} was sent the running hand's seed"


def play_for_people(match, people: dict[int, User], *, client_id: str) -> None:
    """One move at a rummy table where `people` (seat -> user) play the timed-out-turn policy:
    the next deal between rounds (by the first person), else the turn of the person to play."""
    from games import services
    from games.rules import rummy

    state = rummy.RummyState.from_json(match.state)
    if state.phase in ("deal", "round_over"):
        seat, action = next(iter(people)), {"type": "next_hand"}
    else:
        seat, action = state.turn, rummy.timeout_action(state)
    assert seat in people, f"seat {seat}, a bot's, was left to play"
    services.do_act(
        match_id=match.pk,
        identity=me(people[seat]),
        version=match.version,
        client_id=client_id,
        action=action,
    )
