"""A ranked attempt's result comes from the game services' `hand_finished`, sent after commit."""

from django.dispatch import receiver
from django.utils import timezone

from daily import services
from games import signals


@receiver(signals.hand_finished)
def record_first_hand(sender, match, hand, **kwargs):
    services.do_record_first_hand(match=match, hand=hand, now=timezone.now())
