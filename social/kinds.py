"""The kinds of notification: adding one is one `register` line here (its preference comes
with it).  `message` is formatted with the notification's params in the reader's language."""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _


@dataclass(frozen=True)
class Kind:
    slug: str
    label: Promise  # the preference page's name for it
    message: Promise
    default: bool = True  # on until the player turns it off


KINDS: dict[str, Kind] = {}


def register(slug: str, label: Promise, message: Promise, *, default: bool = True) -> None:
    KINDS[slug] = Kind(slug, label, message, default)


register("challenge", _("Challenges"), _("%(name)s challenges you to %(game)s"))
register("friend_request", _("Friend requests"), _("%(name)s wants to be your friend"))
register("friend_accepted", _("Accepted friend requests"), _("%(name)s accepted your friend request"))
register("your_turn", _("Your turn in a game open in another tab"), _("Your turn against %(name)s"))
register("daily", _("The Daily Gin's new deal"), _("Today's Daily Gin is dealt"))
register("review", _("Finished reviews"), _("The review of your game against %(name)s is ready"))
