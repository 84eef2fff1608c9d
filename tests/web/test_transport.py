"""Daphne's connections send a turn's writes together, at once, and fall back to Twisted's
own path for whatever the socket does not take."""

import asyncio
import socket

import pytest
from twisted.internet import main, tcp
from twisted.internet.protocol import Protocol

from config.transport import FlushingServer


class Reactor:
    """What a connection asks of its reactor: here, only recorded."""

    def __init__(self):
        self.writers = []

    def callLater(self, delay, call, *args):
        pass  # an abort's connectionLost: not needed here

    def addReader(self, reader):
        pass

    def removeReader(self, reader):
        pass

    def addWriter(self, writer):
        if writer not in self.writers:
            self.writers.append(writer)

    def removeWriter(self, writer):
        if writer in self.writers:
            self.writers.remove(writer)


class Producer:
    """A streaming producer, as Twisted's HTTP channel registers itself on every Daphne
    connection when it opens (and stays after the WebSocket upgrade): here, only recorded."""

    def __init__(self):
        self.calls = []

    def pauseProducing(self):
        self.calls.append("pause")

    def resumeProducing(self):
        self.calls.append("resume")

    def stopProducing(self):
        self.calls.append("stop")


def _pair(producer: Producer | None):
    """A connection over one end of a socket pair, its reactor, and the other end."""
    ours, peer = socket.socketpair()
    reactor = Reactor()
    connection = FlushingServer(ours, Protocol(), ("127.0.0.1", 4000), None, 0, reactor)
    if producer is not None:
        connection.registerProducer(producer, True)
    peer.setblocking(False)
    yield connection, reactor, peer
    ours.close()
    peer.close()


@pytest.fixture(params=["bare", "daphne"])
def pair(request):
    """`_pair`'s connection as a bare one, or as Daphne's are (a streaming producer registered)."""
    yield from _pair(Producer() if request.param == "daphne" else None)


@pytest.fixture
def daphne_pair():
    yield from _pair(Producer())


def received(peer: socket.socket) -> bytes:
    chunks = []
    while True:
        try:
            chunk = peer.recv(1 << 20)
        except BlockingIOError:
            return b"".join(chunks)
        if not chunk:
            return b"".join(chunks)
        chunks.append(chunk)


async def next_turn():
    await asyncio.sleep(0)  # the flush queued before it runs first


async def test_a_turns_frames_go_in_one_send_without_waiting_for_writability(pair, monkeypatch):
    """Twisted's own connection sent nothing until the reactor reported the socket writable,
    and registered it for that (a system call each way)."""
    connection, reactor, peer = pair
    sends = []
    write_some = connection.writeSomeData
    monkeypatch.setattr(
        connection, "writeSomeData", lambda data: sends.append(bytes(data)) or write_some(data)
    )
    for frame in (b"one", b"two", b"three"):
        connection.write(frame)
    assert received(peer) == b""  # not before the loop's next turn: a burst stays whole
    await next_turn()
    assert received(peer) == b"onetwothree"
    assert sends == [b"onetwothree"]
    assert reactor.writers == []


async def test_what_the_socket_does_not_take_waits_for_writability_in_order(pair):
    connection, reactor, peer = pair
    big = bytes(range(256)) * 40_000  # more than a socket pair's buffers hold
    connection.write(big)
    await next_turn()
    assert reactor.writers == [connection]
    connection.write(b"after")  # behind what is still buffered
    await next_turn()
    got = received(peer)
    while reactor.writers:
        assert connection.doWrite() is None
        got += received(peer)
    assert got == big + b"after"


@pytest.mark.parametrize(
    ("size", "drained_by"), [(FlushingServer.bufferSize + 1, "flush"), (40_000 * 256, "doWrite")]
)
async def test_a_full_buffer_pauses_the_producer_until_it_is_sent(daphne_pair, size, drained_by):
    """Twisted's flow control, kept: what is buffered past `bufferSize` pauses the producer
    (Daphne's connection then stops reading its peer); it resumes once all is sent."""
    connection, reactor, peer = daphne_pair
    producer = connection.producer
    connection.write(b"small")
    assert producer.calls == []
    connection.write(bytes(size))
    assert producer.calls == ["pause"]
    await next_turn()
    got = received(peer)
    while reactor.writers:  # what the socket did not take at once
        assert drained_by == "doWrite" and producer.calls == ["pause"]
        assert connection.doWrite() is None
        got += received(peer)
    assert got == b"small" + bytes(size)
    assert producer.calls == ["pause", "resume"]


async def test_a_lost_peer_is_reported_by_twisteds_path(pair):
    connection, reactor, peer = pair
    peer.close()
    connection.write(b"to nobody")
    await next_turn()
    assert reactor.writers == [connection]
    assert connection.doWrite() is main.CONNECTION_LOST


async def test_a_closing_connection_sends_what_it_was_given_first(pair):
    connection, reactor, peer = pair
    connection.write(b"last words")
    connection.loseConnection()
    connection.write(b" and a postscript")  # Twisted's path: buffered behind the rest
    await next_turn()
    assert reactor.writers == [connection]
    assert connection.doWrite() is main.CONNECTION_DONE
    assert received(peer) == b"last words and a postscript"


async def test_an_aborted_connection_sends_nothing_more(pair):
    """Aborting drops what is buffered (autobahn aborts a socket whose closing handshake timed out)."""
    connection, reactor, peer = pair
    connection.write(b"never sent")
    connection.abortConnection()
    await next_turn()
    assert received(peer) == b""
    assert reactor.writers == []


def test_ports_hand_their_connections_to_it(monkeypatch):
    from config import transport

    monkeypatch.setattr(tcp.Port, "transport", tcp.Server)
    transport.install()
    assert tcp.Port.transport is FlushingServer


def test_daphnes_connections_have_a_streaming_producer():
    """Why the `pair` fixture's "daphne" connection has one: the HTTP channel that Daphne's
    factory builds for every connection registers itself when the connection opens (and a
    WebSocket upgrade leaves it there)."""
    from daphne.http_protocol import HTTPFactory

    listener = socket.create_server(("127.0.0.1", 0))
    peer = socket.create_connection(listener.getsockname())
    ours, _ = listener.accept()
    connection = FlushingServer(ours, None, ("127.0.0.1", 4000), None, 0, Reactor())
    channel = HTTPFactory(None).buildProtocol(("127.0.0.1", 4000))
    connection.protocol = channel
    channel.makeConnection(connection)
    try:
        assert connection.producer is not None and connection.streamingProducer
    finally:
        connection.producer.setTimeout(None)  # the HTTP channel's idle timer (Twisted's global reactor)
        for end in (ours, peer, listener):
            end.close()
