"""What the games tell this app: a person's turn came (a "your turn" entry when the game is
open in one of their tabs), and each sweep (challenges expire, the Daily Gin's deal is announced)."""

from __future__ import annotations

from django.dispatch import receiver
from django.urls import reverse

from games import signals
from games.seating import is_connected
from social import services


@receiver(signals.turn_started)
def your_turn(sender, match, seat, **kwargs):
    if not seat.user_id or not is_connected(seat):
        return
    others = match.room.seats.exclude(index=seat.index).select_related("user")
    opponents = [s.label() for s in others]
    services.do_notify(
        user_id=seat.user_id,
        kind="your_turn",
        params={"name": ", ".join(opponents)},
        url=reverse("games:room", args=[match.room.code]),
        key=f"your_turn:{match.pk}",
    )


@receiver(signals.swept)
def social_clocks(sender, now, **kwargs):
    services.do_expire_challenges(now=now)
    services.do_announce_daily(now=now)
