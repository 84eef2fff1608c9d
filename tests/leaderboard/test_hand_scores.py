"""Best-hand scores are recorded from hands the server settled, for arcade games against the computer."""

import pytest

from daily import par
from games import services
from games.identity import Identity
from games.rules.gin import HandRecord
from leaderboard import services as board_services
from leaderboard.models import HandScore
from leaderboard.scoring import hand_score
from tests.games.support import make_user, me, ruleset


def record(kind, knocker, winner, deadwood):
    return HandRecord(
        number=1, dealer=1, seed="00", knock_limit=10, kind=kind, knocker=knocker, winner=winner,
        points=0, hands=((), ()), melds=((), ()), deadwood_cards=((), ()), deadwood=deadwood, layoffs=(),
    )  # fmt: skip


def test_the_score_of_a_won_hand():
    assert hand_score(record("knock", 0, 0, (6, 47)), 0) == 41
    assert hand_score(record("gin", 0, 0, (0, 18)), 0) == 43
    assert hand_score(record("undercut", 1, 0, (4, 9)), 0) == 30, "the human defender undercut the bot"
    assert hand_score(record("knock", 1, 1, (6, 47)), 0) is None, "a lost hand scores nothing"


WINNING_SEED = bytes([3]) * 32
"""A deal on which the par search finds a won first hand within its first beam."""


def won_hand(identity, *, slug="gin-arcade", bot="arcade"):
    """Play the par line of WINNING_SEED in a new room; the finished first hand."""
    room = services.do_create_room(identity=identity, ruleset=ruleset(slug), bot=bot, first_seed=WINNING_SEED)
    match = room.matches.get()
    for n, action in enumerate(par.search(WINNING_SEED, seconds=0).actions):
        match.refresh_from_db()
        services.do_act(
            match_id=match.pk, identity=identity, version=match.version, client_id=f"p{n}", action=action
        )
    match.refresh_from_db()
    return match, HandRecord.from_json(match.state["history"][0])


@pytest.mark.django_db
def test_scores_come_from_settled_arcade_hands_of_signed_in_players(django_capture_on_commit_callbacks):
    ana = make_user("Ana")
    with django_capture_on_commit_callbacks(execute=True):
        match, hand = won_hand(me(ana))
    entry = HandScore.objects.get(match=match)
    assert hand.winner == 0 and (entry.user, entry.kind, entry.score) == (ana, hand.kind, hand_score(hand, 0))
    assert entry.score == hand.points

    with django_capture_on_commit_callbacks(execute=True):
        as_guest, _ = won_hand(Identity(guest_key="guest"))
    assert not HandScore.objects.filter(match=as_guest).exists()


@pytest.mark.django_db
def test_only_arcade_rules_against_the_computer_score():
    ana = make_user("Ana")
    classic = services.do_create_room(
        identity=me(ana), ruleset=ruleset("gin-classic"), bot="easy"
    ).matches.get()
    hand = {**record("knock", 0, 0, (6, 47)).to_json(), "number": 1}
    assert board_services.do_record_hand_score(match=classic, hand=hand) is None
    arcade = services.do_create_room(
        identity=me(ana), ruleset=ruleset("gin-arcade"), bot="arcade"
    ).matches.get()
    assert board_services.do_record_hand_score(match=arcade, hand=hand).score == 41
    assert board_services.do_record_hand_score(match=arcade, hand=hand).pk == HandScore.objects.get().pk
