"""Signals other apps (leaderboards, ratings, the Daily Gin) listen to.

- `hand_finished(sender=Match, match=..., hand=<the finished hand's JSON record>)` and
  `match_finished(sender=Match, match=...)`: sent after the transaction that produced them
  commits, so a listener never sees a rolled-back result.
- `turn_started(sender=Match, match=..., seat=<the Seat, as the change read it>, seats=<all of
  the match's seats, as read>)`: the turn passed to a person (not in pass-and-play).  Sent
  inside the move's transaction, with the match locked: a listener's writes commit or roll back
  with the move (it comes with most moves, and a commit of its own cost each one a second).
- `swept(sender=None, now=...)`: after each sweep, in the sweeper's process (other apps' clocks; a receiver may answer a dict of counts for the sweep's log)
"""

from django.dispatch import Signal

hand_finished = Signal()
match_finished = Signal()
turn_started = Signal()
swept = Signal()
