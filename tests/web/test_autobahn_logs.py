"""What a Daphne process pays per frame for autobahn's debug lines, logged or not."""

import pprint
from collections import deque
from types import SimpleNamespace

import click
import txaio
from autobahn.twisted import websocket as autobahn_twisted
from autobahn.websocket import protocol as autobahn_protocol
from autobahn.websocket.protocol import WebSocketProtocol

from config.serve import plain_autobahn_logs


class Transport:
    def __init__(self):
        self.written = []

    def write(self, data):
        self.written.append(data)


def test_a_frame_sent_or_received_colours_nothing(monkeypatch):
    """autobahn coloured the arguments of an unlogged debug line through click for every
    frame: 2-3% of a socket process's CPU under load."""
    for module in (autobahn_protocol, autobahn_twisted):  # put back after the test
        monkeypatch.setattr(module, "hltype", module.hltype)
        monkeypatch.setattr(module, "hlval", module.hlval)
    coloured = []
    monkeypatch.setattr(click, "style", lambda text, **kwargs: coloured.append(text) or text)
    plain_autobahn_logs()

    protocol = autobahn_twisted.WebSocketServerProtocol()
    protocol.send_queue, protocol.transport = deque(), Transport()
    protocol.log, protocol.peer = txaio.make_logger(), "tcp4:127.0.0.1:4000"
    protocol.state, protocol.logOctets = protocol.STATE_CLOSED, False
    monkeypatch.setattr(protocol, "_dataReceived", lambda data: None)
    protocol.sendData(b"a frame")
    protocol.dataReceived(b"a frame")
    assert protocol.transport.written == [b"a frame"]
    assert coloured == []


def test_a_new_socket_pretty_prints_its_options_only_for_a_line_that_is_written(monkeypatch):
    """Each socket's opening pretty-printed its forty options for a debug line nobody logged:
    autobahn's setup of a connection took 198 µs of CPU with it, 54 without (timeit)."""
    printed = []
    real_pformat = pprint.pformat

    def pformat(value):
        printed.append(value)
        return real_pformat(value)

    monkeypatch.setattr(autobahn_protocol, "pformat", pformat)  # autobahn's own import of it
    monkeypatch.setattr(pprint, "pformat", pformat)
    monkeypatch.setattr(autobahn_protocol.Timings, "__str__", autobahn_protocol.Timings.__str__)
    plain_autobahn_logs()

    lines = []
    protocol = autobahn_twisted.WebSocketServerProtocol()
    protocol.factory = autobahn_twisted.WebSocketServerFactory()
    protocol.log = SimpleNamespace(debug=lambda text, **fields: lines.append((text, fields)))
    WebSocketProtocol._connectionMade(protocol)
    assert printed == []
    [(text, fields)] = lines
    written = text.format(**fields)  # as the logger writes it
    assert "('openHandshakeTimeout', 5," in written
    assert len(printed) == 1

    timings = autobahn_protocol.Timings()
    timings.track("onOpen")
    assert str(timings).startswith("{'onOpen': ")
