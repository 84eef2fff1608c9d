"""Daphne with rolling restarts: `python -m config.serve [daphne's arguments]`.

On SIGTERM the process stops listening (the proxy sends new connections to the other
processes), closes every WebSocket with code 4012 ("server restarting", which
static/js/socket.js answers by reconnecting at once, landing on another process) and exits
once its connections are gone, or after RESTART_GRACE_SECONDS (20).  An action in flight
when its socket closes is resent by the client and applied once (actions carry client ids).
SIGINT still stops at once, as plain Daphne does.

With CPU_AFFINITY (a CPU list as taskset's: "1", "0,2", "0-3") the process and every thread
it starts run on those CPUs only (config/affinity.py).
"""

from __future__ import annotations

import asyncio
import gc
import logging
import os
import pprint
import signal
import sys
import time

if __name__ == "__main__":
    import uvloop

    # Importing daphne.server makes the event loop that Twisted's reactor runs on: in a web
    # process, uvloop's, whose scheduling, futures and sockets (the channel layer's) cost less
    # CPU than asyncio's own (docs/benchmarks.md, session 38).  Importing this module (tests
    # do) changes no one else's loops.
    asyncio.set_event_loop_policy(uvloop.EventLoopPolicy())

from autobahn.twisted import websocket as autobahn_twisted  # noqa: E402
from autobahn.websocket import protocol as autobahn_protocol  # noqa: E402
from daphne.cli import CommandLineInterface  # noqa: E402
from daphne.server import Server  # noqa: E402
from daphne.ws_protocol import WebSocketProtocol  # noqa: E402
from twisted.internet import reactor  # noqa: E402

from common.metrics import serve_metrics  # noqa: E402
from config import transport  # noqa: E402
from config.affinity import pin_to_cpus  # noqa: E402

log = logging.getLogger(__name__)
RESTARTING = 4012
GC_YOUNG_THRESHOLD = 50_000


class GracefulServer(Server):
    def run(self):
        self.ports = []
        self.draining = False
        serve_metrics()
        # A full collection stops the event loop for 90-160 ms.  They came every minute or
        # two: a young generation of 700 objects was collected several times a move, promoting
        # the objects of the moves in flight, whose growth in the old generation brought the
        # next full one.  A move's objects are gone before 50,000; and what startup loaded
        # (Django, the apps, their modules) lives as long as the process, so it is frozen out
        # of the collector's sight.  Full collections in a 200-table window: 3, against 9 to 26
        # (docs/benchmarks.md, session 16).
        plain_autobahn_logs()
        transport.install()
        gc.collect()
        gc.freeze()
        gc.set_threshold(GC_YOUNG_THRESHOLD)
        reactor.callLater(0, self.install_drain)  # once running: after Twisted's own handlers
        super().run()

    def listen_success(self, port):
        self.ports.append(port)
        super().listen_success(port)

    def install_drain(self):
        signal.signal(signal.SIGTERM, lambda *_: reactor.callFromThread(self.drain))

    def drain(self):
        if self.draining:
            return
        self.draining = True
        grace = float(os.environ.get("RESTART_GRACE_SECONDS", "20"))
        log.info("SIGTERM: draining %d connections (grace %s s)", len(self.connections), grace)
        for port in self.ports:
            port.stopListening()
        self.close_sockets_until(time.monotonic() + grace)

    def close_sockets_until(self, deadline: float):
        # Again on every tick: a socket that was mid-handshake at the signal opens afterwards.
        for protocol in list(self.connections):
            if isinstance(protocol, WebSocketProtocol) and protocol.state == protocol.STATE_OPEN:
                protocol.serverClose(code=RESTARTING)
        if not self.connections or time.monotonic() > deadline:
            log.info("drained, %d connections left: stopping", len(self.connections))
            self.stop()
        else:
            reactor.callLater(0.1, self.close_sockets_until, deadline)


def plain_autobahn_logs() -> None:
    """autobahn makes the arguments of its debug lines for every frame sent and received,
    logged or not: `hltype` and `hlval` colour a method's name and the peer through click
    (which rq brings): 3.5 µs a frame, 0.3 as they are (docs/benchmarks.md, session
    29).  The lines, when logged, carry the same values uncoloured.  And each new socket
    pretty-printed its 40 options for a line of its own: that waits until the line is
    written (`Pretty`)."""
    for module in (autobahn_protocol, autobahn_twisted):
        module.hltype = module.hlval = _as_it_is  # type: ignore[attr-defined]
    autobahn_protocol.pformat = Pretty  # type: ignore[attr-defined]
    autobahn_protocol.Timings.__str__ = _timings_text  # its one caller that needs a str


def _as_it_is(value, *args, **kwargs):
    return value


def _timings_text(timings) -> str:
    return pprint.pformat(timings._timings)


class Pretty:
    """`pprint.pformat(value)`, made only when a log line is formatted with it (`{attrs}`)."""

    __slots__ = ("value",)

    def __init__(self, value: object) -> None:
        self.value = value

    def __str__(self) -> str:
        return pprint.pformat(self.value)

    def __format__(self, spec: str) -> str:
        return format(str(self), spec)


class GracefulCommandLine(CommandLineInterface):
    server_class = GracefulServer


if __name__ == "__main__":
    if os.environ.get("CPU_AFFINITY"):
        pin_to_cpus(os.environ["CPU_AFFINITY"])
    GracefulCommandLine().run(sys.argv[1:])
