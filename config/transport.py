"""Daphne's TCP connections write what one turn of the event loop gave them in one `send`,
from that same loop, without waiting for the socket to be reported writable.

Twisted buffers every write and asks the selector to report the socket writable
(`epoll_ctl`), sends on the next turn, and then asks it to stop (`epoll_ctl` again): for each
burst of frames two system calls and a turn through the reactor's callbacks that asyncio's own
transports skip (they try the socket at once).  Sending at once frame by frame would break up
a burst into many small segments, each of which the peer's kernel then handles; so the writes
of a turn still go out together, flushed by a callback queued for the loop's next turn
(`call_soon`: no system call).  Whatever the socket does not take at once (a full kernel buffer,
an error) goes back to Twisted's own path, which waits for writability and reports a lost
connection as it always did; so does everything while the connection is closing, is fed by a
pull producer, or speaks TLS (Daphne's sockets speak plain TCP to the proxy).  An aborted
connection's queued writes are dropped, as Twisted drops its buffers then.

Every Daphne connection has a streaming producer: Twisted's HTTP channel registers itself when
the connection opens, and stays registered after the WebSocket upgrade.  Its flow control is
kept: a write that fills the buffer past `bufferSize` pauses it (the connection stops reading
its peer), and it resumes once the buffer is sent, as on Twisted's path.
"""

from __future__ import annotations

import asyncio

from twisted.internet import tcp


class FlushingServer(tcp.Server):
    _flush_queued = False

    def write(self, data: bytes) -> None:
        held = self.dataBuffer or self.disconnecting or self._writeDisconnecting
        pulled = self.producer is not None and not self.streamingProducer
        if held or pulled or self.TLS:
            super().write(data)  # Twisted's path already holds this connection, or must
            return
        if not isinstance(data, bytes):
            raise TypeError(f"Data must be bytes, not {type(data).__name__}")
        if not self.connected or self._writeDisconnected or not data:
            return
        self._tempDataBuffer.append(data)
        self._tempDataLen += len(data)
        self._maybePauseProducer()  # as Twisted's write: a full buffer pauses a streaming producer
        if not self._flush_queued:
            self._flush_queued = True
            asyncio.get_running_loop().call_soon(self._flush)

    def writeSequence(self, iovec) -> None:
        for data in iovec:
            self.write(data)

    def _flush(self) -> None:
        self._flush_queued = False
        if not self.connected or self._aborting or self.dataBuffer or not self._tempDataLen:
            return  # gone or dropped unsent, or Twisted's path (registered for writability) has it
        data = b"".join(self._tempDataBuffer)
        self._tempDataBuffer, self._tempDataLen = [], 0
        sent = self.writeSomeData(data)
        if isinstance(sent, int) and sent == len(data):
            if self.producerPaused:  # as Twisted's doWrite, once the buffer is empty
                self.producerPaused = False
                self.producer.resumeProducing()
            return
        self.dataBuffer, self.offset = data, sent if isinstance(sent, int) and sent > 0 else 0
        self.startWriting()  # the rest when writable (doWrite resumes a paused producer once it is
        # sent); a lost connection is found and reported there


def install() -> None:
    """Every TCP port opened from now on hands its connections to `FlushingServer`."""
    tcp.Port.transport = FlushingServer
