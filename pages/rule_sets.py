"""Which rules page explains a rule set, and a rule set's settings in words for that page."""

from __future__ import annotations

from django.utils.translation import gettext as _

from games.models import DefenderCounts, KnockTiming, RuleSet

PAGES = ("gin", "arcade", "rummy")


def rules_page_of(ruleset: RuleSet) -> str:
    """ "rummy", "arcade" (a gin rule set that knocks before the discard or counts every
    unplayed card, as RULES.md §2 does), or "gin" (the classic game)."""
    if ruleset.family == "rummy":
        return "rummy"
    if (
        ruleset.knock_timing == KnockTiming.BEFORE_DISCARD
        or ruleset.defender_counts == DefenderCounts.ALL_UNPLAYED
    ):
        return "arcade"
    return "gin"


def _value(ruleset: RuleSet, field) -> str:
    value = getattr(ruleset, field.name)
    if value is None:
        return _("no limit")
    if isinstance(value, bool):
        return _("yes") if value else _("no")
    if field.choices:
        return str(dict(field.flatchoices).get(value, value))
    return str(value)


def settings_of(ruleset: RuleSet) -> list[tuple[str, str]]:
    """Every flag of the rule set as (name, value), in the model's order (its admin's)."""
    names = set(RuleSet.flag_names(ruleset.family))
    if ruleset.family == "rummy":
        names.add("seats")
    return [
        (str(field.verbose_name).capitalize(), _value(ruleset, field))
        for field in RuleSet._meta.get_fields()
        if field.name in names
    ]
