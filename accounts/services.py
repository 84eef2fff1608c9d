"""Changes to a player's account."""

from __future__ import annotations

from typing import Any

from accounts.models import User

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
