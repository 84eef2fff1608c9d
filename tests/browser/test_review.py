import re

import pytest
from playwright.sync_api import expect

from accounts.models import User
from games.ai.rummy.review import code_of
from games.rules import rummy
from tests.review.support import (
    ONE_HAND,
    MeldBreaker,
    RummyMeldBreaker,
    hard,
    hard_rummy,
    play,
    play_rummy,
    seeds,
    store,
)
from tests.review.test_rummy_review import PLANTED_SEED
from tests.servers import daphne

from .conftest import ARTIFACTS
from .table_play import new_page, sign_up

pytestmark = pytest.mark.browser


@pytest.fixture
def single_machine(transactional_db):
    """A Daphne with no REDIS_URL: the review runs in its own thread, the single-machine default."""
    (ARTIFACTS / "daphne").mkdir(parents=True, exist_ok=True)
    with daphne(env={"REDIS_URL": ""}, log_path=ARTIFACTS / "daphne" / "review-single-machine.log") as url:
        yield url


def test_a_finished_match_is_reviewed_from_its_page(browser, single_machine, shot):
    page = new_page(browser, viewport={"width": 360, "height": 640})
    name = sign_up(page, single_machine)
    breaker = MeldBreaker()  # a planted blunder: the costliest decision
    final, moves = play(ONE_HAND, seeds(8, base=500), (breaker, hard))
    match = store(ONE_HAND, final, moves, users=[User.objects.get(display_name=name), None])
    page.goto(f"{single_machine}/games/match/{match.pk}/review/")
    page.get_by_role("button", name="Review this match").click()
    # The page's socket moves the bar as the worker reports, then shows the stored review in
    # place (no reload): the whole hand at the review's full sampling, slower on a busy machine.
    expect(page.locator("[data-progress-text]")).to_contain_text("Decisions reviewed:", timeout=120_000)
    page.evaluate("window.notReloaded = true")
    expect(page.get_by_test_id("accuracy")).to_have_text(re.compile(r"^Accuracy [\d.]+%$"), timeout=180_000)
    costliest = page.locator(".review-costliest li")
    expect(costliest.first).to_contain_text(f"discard {breaker.planted['card'][0]}")
    expect(costliest.first.locator(".mark")).to_have_text("Blunder")
    expect(page.locator(".review-decisions > li").first).to_be_visible()
    assert page.evaluate("window.notReloaded === true")  # the pushed review, not a reload
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    shot(page, "review")
    page.context.close()


def test_a_rummy_match_is_reviewed_from_its_page(browser, single_machine, shot):
    page = new_page(browser, viewport={"width": 360, "height": 640})
    name = sign_up(page, single_machine)
    breaker = RummyMeldBreaker()  # a discard breaking a meld: the costliest decision
    final, moves = play_rummy(rummy.STANDARD, [PLANTED_SEED], (breaker, hard_rummy))
    user = User.objects.get(display_name=name)
    match = store(rummy.STANDARD, final, moves, first_dealer=0, users=[user, None])
    page.goto(f"{single_machine}/games/match/{match.pk}/review/")
    page.get_by_role("button", name="Review this match").click()
    expect(page.get_by_test_id("accuracy")).to_have_text(re.compile(r"^Accuracy [\d.]+%$"), timeout=180_000)
    costliest = page.locator(".review-costliest li")
    expect(costliest.first).to_contain_text("Round 1")
    expect(costliest.first.locator(f'[title="{code_of(breaker.planted["card"])}"]').first).to_be_visible()
    expect(costliest.first.locator(".mark")).to_have_text("Blunder")
    expect(page.get_by_text("Come out or wait").first).to_be_visible()
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    shot(page, "review-rummy")
    page.context.close()
