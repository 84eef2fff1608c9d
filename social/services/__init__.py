"""Every change to friends, challenges, notifications and presence (docs/social.md)."""

from common.errors import ServiceError
from social.services.challenges import (
    CHALLENGE_EXPIRY,
    do_answer_challenge,
    do_challenge,
    do_challenge_rematch,
    do_expire_challenges,
)
from social.services.daily import do_announce_daily
from social.services.friends import do_answer_friend_request, do_remove_friend, do_send_friend_request
from social.services.notifications import do_mark_read, do_notify, do_set_preferences, notify_again
from social.services.presence import do_me_socket_closed, do_me_socket_opened, do_touch_me

__all__ = [
    "CHALLENGE_EXPIRY",
    "ServiceError",
    "do_announce_daily",
    "do_answer_challenge",
    "do_answer_friend_request",
    "do_challenge",
    "do_challenge_rematch",
    "do_expire_challenges",
    "do_mark_read",
    "do_me_socket_closed",
    "do_me_socket_opened",
    "do_notify",
    "do_remove_friend",
    "do_send_friend_request",
    "do_set_preferences",
    "notify_again",
    "do_touch_me",
]
