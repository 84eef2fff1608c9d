"""Signals other apps (leaderboards, ratings, the Daily Gin) listen to.  Both are sent after
the transaction that produced them commits, so a listener never sees a rolled-back result.

- `hand_finished(sender=Match, match=..., hand=<the finished hand's JSON record>)`
- `match_finished(sender=Match, match=...)`
- `turn_started(sender=Match, match=..., seat=<the Seat, as the change read it>, seats=<all of
  the match's seats, as read>)`: the turn passed to a person (not in pass-and-play)
- `swept(sender=None, now=...)`: after each sweep, in the sweeper's process (other apps' clocks; a receiver may answer a dict of counts for the sweep's log)
"""

from django.dispatch import Signal

hand_finished = Signal()
match_finished = Signal()
turn_started = Signal()
swept = Signal()
