"""The review of German Rummy matches: judged from the seat's views alone, a planted blunder found,
finished matches only, reviewed end to end by the job and shown on the page."""

from __future__ import annotations

import random

import pytest
from django.urls import reverse

from common.errors import ServiceError
from games import signals
from games.ai.rummy import choose_action
from games.ai.rummy.review import code_of, review_decision
from games.models import Match
from games.rules import rummy
from review import services
from review.decisions import Decision, decisions_of
from review.jobs import run_review
from review.judging import review_decisions
from review.models import Review
from tests.ai.test_rummy_bots import hidden_swapped, random_rules, walk
from tests.review.support import RummyMeldBreaker, hard_rummy, play_rummy, store

SAMPLES = 16
PLANTED_SEED = "0000000000000001"
"""A deal where seat 0 holds a three-card meld at a discard (`RummyMeldBreaker` breaks it)."""


def _decisions(moves, seats: int = 2, seat: int = 0) -> list[Decision]:
    """Seat's decisions in a one-round match of these moves, without the database."""
    state = rummy.new_match(rummy.STANDARD, seats=seats, rounds=1, first_seat=0)
    out = []
    for i, (who, action) in enumerate(moves, 1):
        if who == seat:
            out.append(
                Decision(seq=i, hand_number=state.round, view=rummy.view_for(state, seat), action=action)
            )
        state, _ = rummy.apply(state, who, action)
    return out


def test_a_discard_breaking_a_meld_is_the_costliest_decision_and_a_blunder() -> None:
    breaker = RummyMeldBreaker()
    _, moves = play_rummy(rummy.STANDARD, [PLANTED_SEED], (breaker, hard_rummy))
    assert breaker.planted is not None
    judged, summary = review_decisions(_decisions(moves), seed=0, samples=SAMPLES)
    worst = judged[summary["costliest"][0]]
    assert worst["kind"] == "discard" and worst["mark"] == "blunder"
    assert worst["chosen"] == {"type": "discard", "card": code_of(breaker.planted["card"])}
    assert worst["best"] != worst["chosen"] and worst["cost"] >= 10
    assert summary["match"]["marks"]["blunder"] == 1 and summary["hands"][0]["hand_number"] == 1
    # The cards as the replay names them, for the page's faces.
    assert all(isinstance(c, str) for c in worst["hand"]) and isinstance(worst["top"], str)


def test_the_review_prefers_what_hard_plays_at_the_moment_to_come_out() -> None:
    """Hard's own choice is the come-out verdict's best, on any table."""
    seen = 0
    for seed in range(6):
        rng = random.Random(seed)
        seats = 2 + seed % 3
        for state in walk(random_rules(rng, seats), seats, seed=seed, randomness=0.2):
            view = rummy.view_for(state, state.turn)
            if view["phase"] != "play":
                continue
            action = choose_action("hard", view, seed=seed)
            chosen = {"type": "meld"} if action["type"] == "meld" else action
            for verdict in review_decision(view, action, seed=0, samples=SAMPLES):
                if verdict.kind == "come_out":
                    assert verdict.best == (chosen if chosen["type"] == "meld" else {"type": "wait"})
                    assert verdict.cost == 0.0
                    seen += 1
    assert seen >= 10


def test_states_that_look_the_same_to_the_seat_get_the_same_verdicts() -> None:
    """The other hands and the stock dealt again: the seat's view, and so its verdicts, are the same."""
    checked, kinds = 0, set()
    for seed in range(3):
        rng = random.Random(seed)
        seats = 2 + seed
        for state in walk(random_rules(rng, seats), seats, seed=seed, randomness=0.3):
            seat = state.turn
            view = rummy.view_for(state, seat)
            if view["phase"] != "play":
                continue
            twin_state = hidden_swapped(state, seat, rng)
            assert twin_state.hands != state.hands or twin_state.stock != state.stock
            twin = rummy.view_for(twin_state, seat)
            assert twin == view
            action = choose_action("hard", view, seed=seed)
            ours = review_decision(view, action, seed=0, samples=SAMPLES)
            assert review_decision(twin, action, seed=0, samples=SAMPLES) == ours
            kinds.update(v.kind for v in ours)
            checked += bool(ours)
    assert checked >= 30 and kinds == {"discard", "come_out"}


@pytest.fixture
def rummy_match(db):
    return store(
        rummy.STANDARD,
        *play_rummy(rummy.STANDARD, [PLANTED_SEED], (RummyMeldBreaker(), hard_rummy)),
        first_dealer=0,
    )


def test_the_service_accepts_a_finished_rummy_match_and_refuses_one_in_progress(rummy_match) -> None:
    services.check_reviewable(match=rummy_match, seat=1)
    with pytest.raises(ServiceError) as refused:
        services.check_reviewable(match=rummy_match, seat=2)
    assert refused.value.code == "bad_seat"
    Match.objects.filter(pk=rummy_match.pk).update(status=Match.Status.PLAYING)
    rummy_match.refresh_from_db()
    with pytest.raises(ServiceError) as refused:
        services.check_reviewable(match=rummy_match, seat=0)
    assert refused.value.code == "not_finished"


def test_a_job_reviews_a_finished_rummy_match_and_the_page_shows_it(client, rummy_match) -> None:
    decisions = list(decisions_of(rummy_match, 0))
    assert decisions and all(d.view["game"] == "rummy" and d.view["seat"] == 0 for d in decisions)
    run_review(rummy_match.pk, 0, samples=SAMPLES)
    review = Review.objects.get(match=rummy_match, seat=0)
    assert review.samples == SAMPLES
    worst = review.decisions[review.summary["costliest"][0]]
    assert worst["kind"] == "discard" and worst["mark"] == "blunder"
    assert {d["kind"] for d in review.decisions} == {"discard", "come_out"}
    client.force_login(rummy_match.room.seats.get(index=0).user)
    page = client.get(reverse("games:review", args=[rummy_match.pk])).content.decode()
    assert "Round 1" in page and "Blunder" in page and "Come out or wait" in page
    assert f'title="{worst["chosen"]["card"]}"' in page  # the card's face, as the replay shows it
    spanish = client.get(reverse("games:review", args=[rummy_match.pk]), HTTP_ACCEPT_LANGUAGE="es").content
    assert "Ronda 1" in spanish.decode() and "Bajar o esperar" in spanish.decode()


def test_the_default_samples_are_rummys_own(rummy_match, monkeypatch) -> None:
    monkeypatch.setattr("games.ai.rummy.review.REVIEW_SAMPLES", SAMPLES)
    run_review(rummy_match.pk, 0)
    assert Review.objects.get(match=rummy_match, seat=0).samples == SAMPLES


def test_a_rated_rummy_match_is_queued_when_it_finishes(db, monkeypatch) -> None:
    queued = []
    monkeypatch.setattr(
        "review.receivers.enqueue_review", lambda match_id, seat: queued.append((match_id, seat))
    )
    match = store(
        rummy.STANDARD, *play_rummy(rummy.STANDARD, [PLANTED_SEED], (hard_rummy, hard_rummy)), rated=True
    )
    signals.match_finished.send(Match, match=match)
    assert queued == [(match.pk, 0)]
