"""Signals other apps (leaderboards, ratings, the Daily Gin) listen to.  Both are sent after
the transaction that produced them commits, so a listener never sees a rolled-back result.

- `hand_finished(sender=Match, match=..., hand=<the finished hand's JSON record>)`
- `match_finished(sender=Match, match=...)`
"""

from django.dispatch import Signal

hand_finished = Signal()
match_finished = Signal()
