"""The migration to one entry per key keeps each player's newest entry of each key."""

from datetime import timedelta

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor
from django.utils import timezone

from tests.games.support import make_user

pytestmark = pytest.mark.django_db(transaction=True)

BEFORE, AFTER = [("social", "0001_initial")], [("social", "0002_one_notification_per_key")]


def _migrate(target):
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(target)
    return executor.loader.project_state(target).apps


def test_read_entries_piled_up_under_one_key_leave_only_the_newest():
    ana, bo = make_user("Ana"), make_user("Bo")
    Notification = _migrate(BEFORE).get_model("social", "Notification")
    now = timezone.now()
    try:
        for minutes in (3, 2, 1):  # read "your turn"s, one a turn, as the table read them
            Notification.objects.create(
                user_id=ana.pk,
                kind="your_turn",
                key="your_turn:1",
                created_at=now - timedelta(minutes=minutes),
                read_at=now,
            )
        newest = Notification.objects.create(
            user_id=ana.pk, kind="your_turn", key="your_turn:1", created_at=now
        )
        others = [
            Notification.objects.create(user_id=bo.pk, kind="your_turn", key="your_turn:1", created_at=now),
            Notification.objects.create(user_id=ana.pk, kind="daily", created_at=now, read_at=now),
            Notification.objects.create(user_id=ana.pk, kind="daily", created_at=now),
        ]
        Notification = _migrate(AFTER).get_model("social", "Notification")
        assert set(Notification.objects.values_list("pk", flat=True)) == {newest.pk, *(o.pk for o in others)}
    finally:
        _migrate(MigrationExecutor(connection).loader.graph.leaf_nodes())
