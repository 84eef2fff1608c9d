"""The review job a worker runs: read the match, judge every decision, store the whole once.

It is safe to run twice (a retried job after a worker died, two requests racing): a stored
review ends it early, and the store itself refuses a second row (`services.do_store_review`).
Nothing is written before the end, so a job killed midway leaves nothing half stored.
"""

from __future__ import annotations

from games.models import Match
from review import services
from review.decisions import decisions_of
from review.judging import review_decisions, samples_of
from review.models import Review
from review.progress import set_progress

SEED = 0
"""Sampling seed: fixed, so a review depends on the views alone (the same views, the same review)."""


def run_review(match_id: int, seat: int, samples: int | None = None) -> int:
    """Review `seat`'s decisions in the match (`samples`: None for the game's own); the stored
    review's id."""
    stored = Review.objects.filter(match_id=match_id, seat=seat).first()
    if stored is not None:
        return stored.pk
    match = Match.objects.get(pk=match_id)
    services.check_reviewable(match=match, seat=seat)
    samples = samples or samples_of(match.family)
    decisions = list(decisions_of(match, seat))
    set_progress(match_id, seat, state="running", total=len(decisions))

    def progress(done: int, total: int) -> None:
        set_progress(match_id, seat, state="running", done=done, total=total)

    judged, summary = review_decisions(decisions, seed=SEED, samples=samples, progress=progress)
    review, _ = services.do_store_review(
        match=match, seat=seat, decisions=judged, summary=summary, samples=samples
    )
    set_progress(match_id, seat, state="done", done=len(decisions), total=len(decisions))
    return review.pk
