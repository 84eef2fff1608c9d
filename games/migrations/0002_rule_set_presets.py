"""The presets the lobby offers at first: classic gin, arcade gin, standard Rommé.

Flags are written out (not imported) so that this migration never changes with the code.
"""

from django.db import migrations

CLASSIC = {
    "upcard_offer": True,
    "knock_limit": 10,
    "knock_timing": "after_discard",
    "max_meld_size": None,
    "defender_counts": "deadwood",
    "stock_exhausted": "dead_hand",
    "dead_hand_stock": 2,
    "gin_bonus": 25,
    "undercut_bonus": 25,
    "match_target": 100,
    "big_gin": False,
    "big_gin_bonus": 31,
    "oklahoma": False,
    "line_bonus": False,
    "line_bonus_points": 25,
    "game_bonus": False,
    "game_bonus_points": 100,
    "shutout_double": False,
}
ARCADE = {
    "upcard_offer": False,
    "knock_limit": 10,
    "knock_timing": "before_discard",
    "max_meld_size": 4,
    "defender_counts": "all_unplayed",
    "stock_exhausted": "recycle",
    "dead_hand_stock": 2,
    "gin_bonus": 25,
    "undercut_bonus": 25,
    "match_target": 100,
    "big_gin": False,
    "big_gin_bonus": 31,
    "oklahoma": False,
    "line_bonus": False,
    "line_bonus_points": 25,
    "game_bonus": False,
    "game_bonus_points": 100,
    "shutout_double": False,
}
RUMMY_STANDARD = {
    "small_deck": False,
    "first_meld_min": 30,
    "cyclic_runs": False,
    "jokers": 6,
    "fixed_jokers": False,
    "fixed_groups": False,
    "calling": False,
    "win_without_discard": False,
    "casino_scoring": False,
    "practice": False,
}

PRESETS = [
    ("gin-classic", "Classic Gin", "Gin clásico", "gin", CLASSIC, True, 10),
    ("gin-arcade", "Arcade Gin", "Gin arcade", "gin", ARCADE, True, 20),
    # Enabled once German Rummy tables can be played online.
    ("rummy-standard", "German Rummy", "Rommé", "rummy", RUMMY_STANDARD, False, 30),
]


def create_presets(apps, schema_editor):
    RuleSet = apps.get_model("games", "RuleSet")
    for slug, name, name_es, family, flags, enabled, position in PRESETS:
        RuleSet.objects.update_or_create(
            slug=slug,
            defaults=dict(
                name=name, name_es=name_es, family=family, flags=flags, enabled=enabled, position=position
            ),
        )


class Migration(migrations.Migration):
    dependencies = [("games", "0001_initial")]
    operations = [migrations.RunPython(create_presets, migrations.RunPython.noop)]
