"""German Rummy for three: a preset beside the 2-seat standard one and the 4-seat one."""

from django.db import migrations


def create(apps, schema_editor):
    RuleSet = apps.get_model("games", "RuleSet")
    # Every rummy flag keeps its field default: the standard rules (RUMMY.md).
    RuleSet.objects.update_or_create(
        slug="rummy-3",
        defaults=dict(
            name="German Rummy (3 players)",
            name_es="Rommé (3 jugadores)",
            family="rummy",
            seats=3,
            preset=True,
            enabled=True,
            position=35,
        ),
    )


def remove(apps, schema_editor):
    apps.get_model("games", "RuleSet").objects.filter(slug="rummy-3").delete()


class Migration(migrations.Migration):
    dependencies = [("games", "0011_seat_sockets")]

    operations = [migrations.RunPython(create, remove)]
