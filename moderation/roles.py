"""The two staff roles: Moderators (rooms, reports, leaderboards, arenas) and Administrators
(everything).  Their permissions are defined here and set again after every `migrate`, so
models added later (leaderboards, daily deals) join the right role without a new migration.
"""

from __future__ import annotations

from django.contrib.auth.models import Group, Permission
from django.db import transaction
from django.db.models import Q

MODERATORS = "Moderators"
ADMINISTRATORS = "Administrators"
ROLES = {"moderator": MODERATORS, "administrator": ADMINISTRATORS}

_AUDIT_EDITS = Q(content_type__app_label="moderation", content_type__model="auditentry") & ~Q(
    codename="view_auditentry"
)


def moderator_permissions():
    return Permission.objects.filter(
        Q(
            content_type__app_label="games",
            codename__in=["view_room", "change_room", "view_seat", "view_match", "view_move"],
        )
        | Q(
            content_type__app_label="moderation",
            codename__in=["view_report", "change_report", "view_auditentry"],
        )
        | Q(content_type__app_label="leaderboard", codename__regex=r"^(view|change)_")
        | Q(
            content_type__app_label="chat",
            codename__in=["view_chatmessage", "change_chatmessage", "view_sitemute", "change_sitemute"],
        )
        | Q(
            content_type__app_label="daily",
            codename__in=["view_dailypar", "view_dailyplay", "change_dailyplay"],
        )
        # Arenas: one-off ones and schedules (docs/arenas.md).
        | Q(content_type__app_label="arenas", codename__regex=r"^(view|add|change)_arena(schedule)?$")
        | Q(content_type__app_label="arenas", codename="view_arenaplayer")
    )


def administrator_permissions():
    """Everything, except editing the audit log, which nobody may do."""
    return Permission.objects.exclude(_AUDIT_EDITS)


def sync_roles() -> None:
    for name, permissions in (
        (MODERATORS, moderator_permissions()),
        (ADMINISTRATORS, administrator_permissions()),
    ):
        group, _ = Group.objects.get_or_create(name=name)
        group.permissions.set(permissions)


def sync_roles_after_migrate(**kwargs) -> None:
    sync_roles()


def has_staff_role(user) -> bool:
    return user.is_superuser or user.groups.filter(name__in=ROLES.values()).exists()


@transaction.atomic
def grant_role(*, user, role: str) -> None:
    """Give `user` a role ("moderator" or "administrator"); staff status comes with it."""
    user.groups.add(Group.objects.get(name=ROLES[role]))
    user.is_staff = True
    user.save(update_fields=["is_staff"])


@transaction.atomic
def revoke_role(*, user, role: str) -> None:
    """Take a role away; without any role left the account stops being staff."""
    user.groups.remove(Group.objects.get(name=ROLES[role]))
    if not user.is_superuser and not has_staff_role(user):
        user.is_staff = False
        user.save(update_fields=["is_staff"])
