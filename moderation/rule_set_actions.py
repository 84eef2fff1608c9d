"""Administrators' changes to rule sets and to the lobby's list of variants, audited."""

from __future__ import annotations

from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction
from django.utils.translation import gettext as _

from common.errors import ServiceError
from games.models import RuleSet
from moderation.audit import record
from moderation.models import AuditEntry


@transaction.atomic
def do_save_rule_set(
    *, actor: AbstractBaseUser, rule_set: RuleSet, changed: list[str], reason: str = ""
) -> RuleSet:
    """Store a rule set already validated by `full_clean` (its form did that).

    A preset's rules stay as they are: vary a copy instead.  Rooms and matches keep the flags
    they copied, so the change reaches only rooms created after it.
    """
    created = rule_set.pk is None
    if rule_set.preset and set(changed) & {*RuleSet.flag_names(rule_set.family), "family", "seats"}:
        raise ServiceError("preset_rules", _("A preset's rules are fixed: copy it to vary them."))
    rule_set.save()
    record(
        actor=actor,
        action=AuditEntry.Action.RULE_SET_SAVED,
        target=rule_set,
        reason=reason,
        details={"created": created, "changed": sorted(changed)},
    )
    return rule_set
