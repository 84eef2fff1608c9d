"""Every moderator action writes one audit entry: who, what, when, why."""

import pytest
from django.utils import timezone

from moderation.models import AuditEntry, Report
from tests.admin.support import online_room, post_action
from tests.games.support import make_user

pytestmark = pytest.mark.django_db


def room_target():
    return online_room()[0]


def report_target():
    return Report.objects.create(reporter=make_user(), room=room_target(), reason="abuse", message="x")


ACTIONS = {
    "close_rooms": ("games_room", room_target, {}, "room_closed"),
    "remove_players": ("games_room", room_target, {"seats": lambda room: [f"{room.pk}:0"]}, "player_removed"),
    "make_private": ("games_room", room_target, {}, "room_made_private"),
    "resolve_reports": ("moderation_report", report_target, {"outcome": "duplicate"}, "report_resolved"),
}


@pytest.mark.parametrize("action", sorted(ACTIONS))
def test_every_moderator_action_writes_an_audit_entry(mod_client, moderator, action):
    model, make_target, extra, logged = ACTIONS[action]
    target = make_target()
    form = {k: v(target) if callable(v) else v for k, v in extra.items()}
    before = timezone.now()

    post_action(mod_client, model, action, [target], reason=f"why {action}", **form)

    entry = AuditEntry.objects.get()
    assert (entry.actor, entry.actor_name, entry.action) == (moderator, str(moderator), logged)
    assert (entry.target_type, entry.target_id, entry.target_label) == (
        target._meta.label_lower,
        str(target.pk),
        str(target),
    )
    assert entry.reason == f"why {action}" and entry.created_at >= before
