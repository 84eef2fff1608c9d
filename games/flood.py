"""A socket's flood guard: a token bucket per socket, as lila-ws keeps one per client.

A table's player sends a frame or two a move and a ping after 15 s of quiet; a reconnect resends what
was pending.  BURST frames may come at once and RATE a second after that.  Past the limit a
frame is dropped (the first drop of a spell is told, once), and a socket that sends
CLOSE_AFTER more frames in one spell, however fast the bucket refills, is closed (4008,
the application's 1008: games/consumers.py).  A
spell ends when the bucket is full again: the client calmed down for BURST / RATE seconds.
"""

from __future__ import annotations

import enum

BURST = 40
RATE = 20.0
CLOSE_AFTER = 2 * BURST


class Verdict(enum.Enum):
    PASS = "pass"
    DROP_AND_TELL = "drop_and_tell"
    DROP = "drop"
    CLOSE = "close"


class FloodGuard:
    def __init__(self, *, now: float) -> None:
        self.now = now  # when the bucket was last filled (a monotonic clock, seconds)
        self.tokens = float(BURST)
        self.dropped = 0  # frames dropped in the current spell; 0: no spell

    def check(self, now: float) -> Verdict:
        """What to do with a frame arriving at `now`."""
        self.tokens = min(BURST, self.tokens + (now - self.now) * RATE)
        self.now = now
        if self.dropped and self.tokens >= BURST:
            self.dropped = 0
        if self.tokens >= 1:
            self.tokens -= 1
            return Verdict.PASS
        self.dropped += 1
        if self.dropped >= CLOSE_AFTER:
            return Verdict.CLOSE
        return Verdict.DROP_AND_TELL if self.dropped == 1 else Verdict.DROP
