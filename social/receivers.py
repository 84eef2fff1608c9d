"""What the games tell this app: a person's turn came (a "your turn" entry when the game is
open in one of their tabs), and each sweep (challenges expire, the Daily Gin's deal is announced)."""

from __future__ import annotations

from django.dispatch import receiver
from django.urls import reverse

from games import signals
from games.seating import is_connected
from social import services


@receiver(signals.turn_started)
def your_turn(sender, match, seat, seats, **kwargs) -> signals.Write | None:
    if not seat.user_id or not is_connected(seat):
        return None
    others = [s for s in seats if s.index != seat.index]
    # Who the opponents are, from the seats the move read: while they stay, the entry of an
    # earlier turn is refreshed as it is, without reading their names or making its link.
    subject = ",".join(s.bot or (f"u{s.user_id}" if s.user_id else "guest") for s in others)
    key = f"your_turn:{match.pk}"

    def first_of_these_opponents() -> None:
        names = match.room.seats.filter(index__in=[s.index for s in others]).select_related("user")
        services.do_notify(
            user_id=seat.user_id,
            kind="your_turn",
            params={"name": ", ".join(s.label() for s in names), "subject": subject},
            url=reverse("games:room", args=[match.room.code]),
            key=key,
        )

    return services.notify_again(
        user_id=seat.user_id, kind="your_turn", key=key, subject=subject, otherwise=first_of_these_opponents
    )


@receiver(signals.swept)
def social_clocks(sender, now, **kwargs):
    services.do_expire_challenges(now=now)
    services.do_announce_daily(now=now)
