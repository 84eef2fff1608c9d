"""The Daily Gin's new deal, announced once a day to every player who wants to hear it."""

from __future__ import annotations

from datetime import date, datetime, timedelta

from django.db import transaction
from django.urls import reverse

from accounts.models import User
from daily.seeds import today
from social import broadcast
from social.models import DailyAnnouncement, Notification, NotificationPreference

ACTIVE_FOR = timedelta(days=30)
"""Players signed in within this long hear of the new deal (a bell entry each)."""


def do_announce_daily(*, now: datetime) -> int:
    """On the first sweep of a new day: a bell entry for each recent player who did not turn
    the kind off, and one message to every open socket.  Returns the entries made."""
    day: date = today(now)
    with transaction.atomic():
        _, created = DailyAnnouncement.objects.get_or_create(day=day)
        if not created:
            return 0
        off = NotificationPreference.objects.filter(kind="daily", enabled=False).values("user_id")
        users = User.objects.filter(is_active=True, last_login__gte=now - ACTIVE_FOR).exclude(pk__in=off)
        entries = Notification.objects.bulk_create(
            Notification(user_id=pk, kind="daily", params={}, url=reverse("daily:today"), created_at=now)
            for pk in users.values_list("pk", flat=True)
        )
        if entries:
            broadcast.send_on_commit([broadcast.announced("daily")])
    return len(entries)
