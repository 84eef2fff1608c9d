"""Scores and rated games come from the game services' signals, sent after their commit."""

from django.dispatch import receiver

from games import signals
from leaderboard import services


@receiver(signals.hand_finished)
def record_hand_score(sender, match, hand, **kwargs):
    services.do_record_hand_score(match=match, hand=hand)


@receiver(signals.match_finished)
def record_rated_game(sender, match, **kwargs):
    services.do_record_rated_game(match=match)
