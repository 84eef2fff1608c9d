from django.contrib.auth.signals import user_logged_in
from django.dispatch import receiver

from games.identity import GUEST_SESSION_KEY
from games.services import do_transfer_guest_seats


@receiver(user_logged_in)
def keep_guest_games(sender, request, user, **kwargs):
    """A guest who signs up or signs in keeps the games it started against the computer."""
    if request is None or not hasattr(request, "session"):
        return
    do_transfer_guest_seats(guest_key=request.session.pop(GUEST_SESSION_KEY, ""), user_id=user.pk)
