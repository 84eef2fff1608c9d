"""Every deal a test pins (a `tests.deals.Deal` in any test module that imports tests.deals)
still has the property it was chosen for, simulated with the real engine and bots: a change to
either that breaks one fails here, in seconds, instead of by chance in the browser suite."""

import importlib
from pathlib import Path

import pytest

from tests.deals import Deal, EndsBefore, Table, counterexample

TESTS = Path(__file__).resolve().parents[1]


def pinned_deals() -> dict[str, Deal]:
    found = {}
    for path in sorted(TESTS.rglob("*.py")):
        if path.name == "deals.py" or "from tests.deals import" not in path.read_text():
            continue
        module = importlib.import_module(".".join(path.relative_to(TESTS.parent).with_suffix("").parts))
        for name, value in vars(module).items():
            deals = value.values() if isinstance(value, dict) else [value]
            for index, deal in zip(value if isinstance(value, dict) else [None], deals, strict=True):
                if isinstance(deal, Deal):
                    found[f"{module.__name__}.{name}" + (f"[{index}]" if isinstance(value, dict) else "")] = (
                        deal
                    )
    return found


PINNED = pinned_deals()


def test_the_browser_suites_pinned_deals_are_found():
    assert {name.split(".")[2] for name in PINNED} >= {"table_play", "test_rummy_table", "test_table_claim"}


@pytest.mark.parametrize("deal", PINNED.values(), ids=PINNED.keys())
def test_a_pinned_deal_still_holds(deal: Deal):
    deal.check()


def test_a_deal_that_does_not_hold_is_caught():
    """The quick arcade deal ends the hand at once, so it is no calm deal."""
    from tests.browser.table_play import CALM_ARCADE_DEAL, QUICK_ARCADE_DEAL

    quick = QUICK_ARCADE_DEAL.seed
    broken = counterexample(CALM_ARCADE_DEAL.table, quick, CALM_ARCADE_DEAL.holds)
    assert broken is not None and broken.over and broken.turns == (0, 1)
    assert counterexample(Table("gin-arcade", bot="arcade"), CALM_ARCADE_DEAL.seed, EndsBefore(2)) is not None
