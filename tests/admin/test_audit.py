"""Every moderator action writes one audit entry: who, what, when, why."""

import pytest
from django.utils import timezone

from leaderboard.models import HandScore, PlayerExclusion
from moderation.models import AuditEntry, Report
from tests.admin.support import online_room, post_action
from tests.games.support import make_user

pytestmark = pytest.mark.django_db


def room():
    return online_room()[0]


def report():
    return Report.objects.create(reporter=make_user(), room=room(), reason="abuse", message="x")


def hand_score():
    return HandScore.objects.create(user=make_user("Ana"), hand_number=1, kind="gin", score=30)


def exclusion():
    return PlayerExclusion.objects.create(user=make_user("Ana"), reason="earlier")


def itself(target):
    return target


def its_player(target):
    return target.user


# action: (admin list, make the selected object, extra form fields, logged action, logged target)
ACTIONS = {
    "close_rooms": ("games_room", room, {}, "room_closed", itself),
    "remove_players": ("games_room", room, {"seats": lambda r: [f"{r.pk}:0"]}, "player_removed", itself),
    "make_private": ("games_room", room, {}, "room_made_private", itself),
    "resolve_reports": ("moderation_report", report, {"outcome": "duplicate"}, "report_resolved", itself),
    "hide_entries": ("leaderboard_handscore", hand_score, {}, "entry_hidden", itself),
    "restore_entries": ("leaderboard_handscore", hand_score, {}, "entry_restored", itself),
    "exclude_players": ("leaderboard_handscore", hand_score, {}, "player_excluded", its_player),
    "restore_players": ("leaderboard_playerexclusion", exclusion, {}, "player_restored", its_player),
}


@pytest.mark.parametrize("action", sorted(ACTIONS))
def test_every_moderator_action_writes_an_audit_entry(mod_client, moderator, action):
    model, make_target, extra, logged, subject_of = ACTIONS[action]
    target = make_target()
    form = {k: v(target) if callable(v) else v for k, v in extra.items()}
    before = timezone.now()

    post_action(mod_client, model, action, [target], reason=f"why {action}", **form)

    entry = AuditEntry.objects.get()
    subject = subject_of(target)
    assert (entry.actor, entry.actor_name, entry.action) == (moderator, str(moderator), logged)
    assert (entry.target_type, entry.target_id, entry.target_label) == (
        subject._meta.label_lower,
        str(subject.pk),
        str(subject),
    )
    assert entry.reason == f"why {action}" and entry.created_at >= before
