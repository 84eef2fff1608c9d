"""German Rummy tables play in the browser: offer the standard preset, and a 4-seat one."""

from django.db import migrations


def enable(apps, schema_editor):
    RuleSet = apps.get_model("games", "RuleSet")
    RuleSet.objects.filter(slug="rummy-standard").update(enabled=True)
    # Every rummy flag keeps its field default: the standard rules (RUMMY.md).
    RuleSet.objects.update_or_create(
        slug="rummy-4",
        defaults=dict(
            name="German Rummy (4 players)",
            name_es="Rommé (4 jugadores)",
            family="rummy",
            seats=4,
            preset=True,
            enabled=True,
            position=40,
        ),
    )


def disable(apps, schema_editor):
    RuleSet = apps.get_model("games", "RuleSet")
    RuleSet.objects.filter(slug="rummy-standard").update(enabled=False)
    RuleSet.objects.filter(slug="rummy-4").delete()


class Migration(migrations.Migration):
    dependencies = [("games", "0008_room_rounds_seat_timeouts")]

    operations = [migrations.RunPython(enable, disable)]
