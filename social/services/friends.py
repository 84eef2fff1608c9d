"""Friend requests: send, accept, decline, remove."""

from __future__ import annotations

from django.db import transaction
from django.db.models import Q
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _

from accounts.models import User
from accounts.selectors import is_blocked_between
from common.errors import ServiceError
from social.models import Friendship
from social.services.notifications import do_mark_read, do_notify


def _pair(a: int, b: int) -> Q:
    return Q(sender_id=a, receiver_id=b) | Q(sender_id=b, receiver_id=a)


def check_not_blocked(*, a: int, b: int) -> None:
    if is_blocked_between(a, b):
        raise ServiceError("blocked", _("You cannot do that with this player."))


def do_send_friend_request(*, sender: User, receiver_id: int) -> Friendship:
    """Ask to be friends; a request the other already sent is accepted instead."""
    if sender.pk == receiver_id:
        raise ServiceError("self", _("You cannot befriend yourself."))
    receiver = User.objects.filter(pk=receiver_id, is_active=True).first()
    if receiver is None:
        raise ServiceError("no_player", _("No such player."))
    check_not_blocked(a=sender.pk, b=receiver_id)
    with transaction.atomic():
        existing = Friendship.objects.select_for_update().filter(_pair(sender.pk, receiver_id)).first()
        if existing is not None:
            if existing.accepted_at is None and existing.receiver_id == sender.pk:
                return do_answer_friend_request(user=sender, friendship_id=existing.pk, accept=True)
            raise ServiceError("already_asked", _("You are already friends, or asked already."))
        friendship = Friendship.objects.create(sender=sender, receiver=receiver)
        do_notify(
            user_id=receiver.pk,
            kind="friend_request",
            params={"name": str(sender)},
            url=reverse("social:friends"),
            key=f"friend_request:{sender.pk}",
        )
    return friendship


def do_answer_friend_request(*, user: User, friendship_id: int, accept: bool) -> Friendship:
    """The receiver accepts (they become friends) or declines (the request is gone)."""
    with transaction.atomic():
        friendship = Friendship.objects.select_for_update().filter(pk=friendship_id, receiver=user).first()
        if friendship is None or friendship.accepted_at is not None:
            raise ServiceError("no_request", _("That friend request is no longer waiting."))
        answered = user.notifications.filter(key=f"friend_request:{friendship.sender_id}", read_at=None)
        do_mark_read(user_id=user.pk, ids=list(answered.values_list("pk", flat=True)))
        if not accept:
            friendship.delete()
            return friendship
        check_not_blocked(a=user.pk, b=friendship.sender_id)
        friendship.accepted_at = timezone.now()
        friendship.save(update_fields=["accepted_at"])
        do_notify(
            user_id=friendship.sender_id,
            kind="friend_accepted",
            params={"name": str(user)},
            url=reverse("social:friends"),
        )
    return friendship


def do_remove_friend(*, user: User, other_id: int) -> bool:
    """End a friendship, or withdraw a request either way; False when there was none."""
    deleted, _ = Friendship.objects.filter(_pair(user.pk, other_id)).delete()
    return deleted > 0
