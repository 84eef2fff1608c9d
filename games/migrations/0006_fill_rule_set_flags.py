"""Copy every rule set's JSON flags into the typed fields (and back, when unapplied).

The flag names are written out, not imported, so this migration never changes with the code.
"""

from django.db import migrations

FLAGS = {
    "gin": [
        "upcard_offer", "knock_limit", "knock_timing", "max_meld_size", "defender_counts",
        "stock_exhausted", "dead_hand_stock", "gin_bonus", "undercut_bonus", "match_target",
        "big_gin", "big_gin_bonus", "oklahoma", "line_bonus", "line_bonus_points", "game_bonus",
        "game_bonus_points", "shutout_double",
    ],
    "rummy": [
        "small_deck", "first_meld_min", "cyclic_runs", "jokers", "fixed_jokers", "fixed_groups",
        "calling", "win_without_discard", "casino_scoring", "practice",
    ],
}
PRESETS = ("gin-classic", "gin-arcade", "rummy-standard")


def fill_typed_fields(apps, schema_editor):
    RuleSet = apps.get_model("games", "RuleSet")
    for rule_set in RuleSet.objects.all():
        for name in FLAGS[rule_set.family]:
            if name in rule_set.flags:
                setattr(rule_set, name, rule_set.flags[name])
        rule_set.preset = rule_set.slug in PRESETS
        rule_set.save()


def fill_json(apps, schema_editor):
    RuleSet = apps.get_model("games", "RuleSet")
    for rule_set in RuleSet.objects.all():
        rule_set.flags = {name: getattr(rule_set, name) for name in FLAGS[rule_set.family]}
        rule_set.save(update_fields=["flags"])


class Migration(migrations.Migration):
    dependencies = [("games", "0005_rule_set_typed_flags")]
    operations = [migrations.RunPython(fill_typed_fields, fill_json)]
