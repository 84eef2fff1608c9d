"""What a Daphne process pays per frame for autobahn's debug lines, logged or not."""

from collections import deque

import click
import txaio
from autobahn.twisted import websocket as autobahn_twisted
from autobahn.websocket import protocol as autobahn_protocol

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
