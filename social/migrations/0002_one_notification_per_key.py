from django.conf import settings
from django.db import migrations, models


def keep_the_newest_per_key(apps, schema_editor):
    """A key named one unread entry; read ones piled up (a "your turn" a turn). Each player
    keeps the newest entry of each key."""
    Notification = apps.get_model("social", "Notification")
    keyed = Notification.objects.exclude(key="").order_by("-created_at", "-pk")
    seen, stale = set(), []
    for pk, user_id, key in keyed.values_list("pk", "user_id", "key").iterator():
        if (user_id, key) in seen:
            stale.append(pk)
        seen.add((user_id, key))
    for start in range(0, len(stale), 1000):
        Notification.objects.filter(pk__in=stale[start : start + 1000]).delete()


class Migration(migrations.Migration):
    dependencies = [
        ("social", "0001_initial"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.RemoveConstraint(model_name="notification", name="one_unread_notification_per_key"),
        migrations.RunPython(keep_the_newest_per_key, migrations.RunPython.noop),
        migrations.AddConstraint(
            model_name="notification",
            constraint=models.UniqueConstraint(
                condition=models.Q(("key", ""), _negated=True),
                fields=("user", "key"),
                name="one_notification_per_key",
            ),
        ),
    ]
