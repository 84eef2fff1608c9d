"""A chat message as it goes to the browser (docs/protocol.md, "Chat").  The text goes as
text: the browser puts it in the page as text, never as markup."""

from __future__ import annotations

from typing import Any

from games.chat.models import ChatMessage


def message_wire(message: ChatMessage) -> dict[str, Any]:
    """A removed message keeps its place and author, not what it said."""
    removed = message.removed_at is not None
    return {
        "id": message.pk,
        "channel": message.channel,
        "author": message.author_name,
        "author_id": message.author_id,
        "phrase": None if removed else message.phrase or None,
        "text": None if removed else message.text or None,
        "at": message.created_at.isoformat(),
        "removed": removed,
    }


def chat_frame(message: ChatMessage) -> dict[str, Any]:
    return {"type": "chat", "message": message_wire(message)}
