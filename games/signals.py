"""Signals other apps (leaderboards, ratings, the Daily Gin) listen to.

- `hand_finished(sender=Match, match=..., hand=<the finished hand's JSON record>)` and
  `match_finished(sender=Match, match=...)`: sent after the transaction that produced them
  commits, so a listener never sees a rolled-back result.
- `turn_started(sender=Match, match=..., seat=<the Seat, as the change read it>, seats=<all of
  the match's seats, as read>)`: the turn passed to a person (not in pass-and-play).  Sent
  inside the move's transaction, with the match locked: a listener's writes commit or roll back
  with the move (it comes with most moves, and a commit of its own cost each one a second).  A
  listener may answer a `Write`: its statement goes in the move's own round trip, after the
  move's and before its COMMIT (`Write.run` runs one on its own).  The Write's `then` gets the
  rows once that round trip is back, when the move may have committed: it writes nothing
  itself (what it must write waits for `transaction.on_commit`).
- `swept(sender=None, now=...)`: after each sweep, in the sweeper's process (other apps' clocks; a receiver may answer a dict of counts for the sweep's log)
"""

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from django.db import connection
from django.dispatch import Signal

hand_finished = Signal()
match_finished = Signal()
turn_started = Signal()
swept = Signal()


@dataclass(frozen=True)
class Write:
    """A `turn_started` listener's statement (SQL with `%s` parameters) and what it does with
    the rows the statement returns."""

    sql: str
    params: list[Any]
    then: Callable[[list[tuple[Any, ...]]], None]

    def run(self) -> None:
        """Run it in a round trip of its own."""
        with connection.cursor() as cursor:
            cursor.execute(self.sql, self.params)
            rows = cursor.fetchall() if cursor.description is not None else []
        self.then(rows)
