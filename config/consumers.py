"""The health socket: proves a round trip through the channel layer (Redis in production)."""

from channels.generic.websocket import AsyncWebsocketConsumer

from games.commands import BadFrame, decode_frame
from games.consumers import InboxConsumer

HEALTH_GROUP = "health"


class HealthConsumer(InboxConsumer):
    """`ping` is answered by a message sent to this socket's own channel through the layer;
    `broadcast` reaches every health socket on every server process.  On one queue, as a
    table socket (the load test's floor probe cost the servers 18.5 ms of CPU a second through
    channels' dispatch: docs/benchmarks.md, session 34)."""

    kind = "health"

    async def connect(self):
        await self.channel_layer.group_add(HEALTH_GROUP, self.channel_name)
        await self.accept()

    async def disconnect(self, code):
        await self.channel_layer.group_discard(HEALTH_GROUP, self.channel_name)

    async def receive(self, text_data=None, bytes_data=None):
        try:
            message = decode_frame(text_data)
        except BadFrame:
            message = {"type": None}
        kind = message["type"]
        if kind == "ping":
            await self.channel_layer.send(
                self.channel_name, {"type": "health.pong", "id": str(message.get("id", ""))[:64]}
            )
        elif kind == "broadcast":
            await self.channel_layer.group_send(
                HEALTH_GROUP, {"type": "health.broadcast", "text": str(message.get("text", ""))[:256]}
            )
        else:
            await self.send_json(
                {"type": "error", "code": "bad_message", "message": "Send ping or broadcast."}
            )

    async def health_pong(self, event):
        layer = type(self.channel_layer).__name__
        await self.send_json({"type": "pong", "id": event["id"], "layer": layer})

    async def health_broadcast(self, event):
        await self.send_json({"type": "broadcast", "text": event["text"]})


class RefusedSocket(AsyncWebsocketConsumer):
    """Any socket address no route knows (or a malformed room code): the handshake is
    refused (HTTP 403), where the router alone would raise and fail it with a server error."""

    async def connect(self):
        await self.close()
