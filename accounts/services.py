"""Changes to a player's account."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext

from accounts.models import Block, User
from common.errors import ServiceError

TABLE_FIELDS = {
    "cardSize": "card_size",
    "fourColour": "four_colour",
    "speed": "animation_speed",
    "sound": "sound",
}


def do_update_table_preferences(*, user: User, preferences: dict[str, Any]) -> User:
    """Store the table's preferences (as the table names them); unknown keys or values are refused."""
    if not isinstance(preferences, dict) or not set(preferences) <= set(TABLE_FIELDS):
        raise ValueError("unknown preference")
    for key, value in preferences.items():
        field = User._meta.get_field(TABLE_FIELDS[key])
        if field.choices and (not isinstance(value, str) or value not in dict(field.choices)):
            raise ValueError(f"bad value for {key}")
        if not field.choices and not isinstance(value, bool):
            raise ValueError(f"bad value for {key}")
        setattr(user, field.name, value)
    user.save(update_fields=[TABLE_FIELDS[k] for k in preferences])
    return user


def do_block(*, blocker: User, blocked: User) -> Block:
    """`blocker` blocks `blocked` (again is a no-op); blocking oneself is refused."""
    if blocker.pk == blocked.pk:
        raise ServiceError("self_block", gettext("You cannot block yourself."))
    block, _created = Block.objects.get_or_create(blocker=blocker, blocked=blocked)
    return block


def do_unblock(*, blocker: User, blocked: User) -> None:
    """Lift `blocker`'s block of `blocked` (none is a no-op)."""
    Block.objects.filter(blocker=blocker, blocked=blocked).delete()
