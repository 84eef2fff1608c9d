"""The Prometheus metrics every process keeps (docs/operations.md says what each means).

Each process serves its own on METRICS_PORT, bound to METRICS_ADDRESS (127.0.0.1), never
through the public site: `serve_metrics` starts prometheus_client's HTTP server in a thread
(Daphne in config/serve.py, the sweeper in its command).  No port set: nothing is served.
"""

from __future__ import annotations

import functools
import logging
import os
from typing import Any

from prometheus_client import Counter, Gauge, Histogram, start_http_server
from prometheus_client.metrics import MetricWrapperBase

log = logging.getLogger(__name__)

OPEN_SOCKETS = Gauge("rummy_open_sockets", "WebSockets open now, by kind", ["kind"])
ACTIONS = Counter(
    "rummy_actions_total", "Table socket frames handled, by command and outcome", ["command", "outcome"]
)
ACTION_SECONDS = Histogram(
    "rummy_action_seconds",
    "Time from a table frame's arrival at the consumer to its answer, by command",
    ["command"],
    buckets=(0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0),
)
ERROR_FRAMES = Counter("rummy_error_frames_total", "Error frames sent to clients, by code", ["code"])
LAYER_SEND_SECONDS = Histogram(
    "rummy_channel_layer_send_seconds",
    "Time of a channel-layer send (Redis round trips), by operation",
    ["operation"],
    buckets=(0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1.0),
)
SWEEPER_LEADING = Gauge("rummy_sweeper_leading", "1 while this sweeper holds the lock and sweeps, else 0")
SWEEPER_LAG = Gauge(
    "rummy_sweeper_lag_seconds", "How late the most overdue clock was when the last sweep began"
)
SWEEPER_QUEUE = Gauge("rummy_sweeper_queue", "Clocks due when the last sweep began, by kind", ["kind"])
SWEEP_SECONDS = Histogram("rummy_sweep_seconds", "Time of one sweep")


@functools.cache
def child(metric: MetricWrapperBase, *labels: str) -> Any:
    """`metric.labels(*labels)`, looked up once: prometheus_client checks the labels and takes
    a lock on every call, three times a move (the children live as long as their metric)."""
    return metric.labels(*labels)


def serve_metrics() -> int | None:
    """Serve this process's metrics on METRICS_PORT (if set); the port, or None."""
    port = os.environ.get("METRICS_PORT", "")
    if not port:
        return None
    address = os.environ.get("METRICS_ADDRESS", "127.0.0.1")
    start_http_server(int(port), addr=address)
    log.info("metrics on http://%s:%s/metrics", address, port)
    return int(port)
