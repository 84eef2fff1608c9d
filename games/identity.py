"""Who is acting: a signed-in user, or a guest bound to the browser session."""

from __future__ import annotations

import hashlib
import secrets
from dataclasses import dataclass

GUEST_SESSION_KEY = "guest_key"


@dataclass(frozen=True)
class Identity:
    user_id: int | None = None
    guest_key: str = ""

    @property
    def is_authenticated(self) -> bool:
        return self.user_id is not None

    @property
    def is_anonymous(self) -> bool:
        return self.user_id is None and not self.guest_key

    @property
    def tag(self) -> str | None:
        """Who this is, as the channel layer's messages name a seat's holder (a guest's key,
        a session secret, only hashed); None for nobody."""
        if self.user_id is not None:
            return f"user:{self.user_id}"
        if self.guest_key:
            return f"guest:{hashlib.sha256(self.guest_key.encode()).hexdigest()[:32]}"
        return None


def identity_of(user, session, *, create_guest: bool = False) -> Identity:
    """The identity of a request's or a socket's user and session.

    A guest key is made (and stored in the session) only when `create_guest` asks for it.
    """
    if user is not None and user.is_authenticated:
        return Identity(user_id=user.pk)
    key = session.get(GUEST_SESSION_KEY, "") if session is not None else ""
    if not key and create_guest and session is not None:
        key = secrets.token_urlsafe(18)
        session[GUEST_SESSION_KEY] = key
    return Identity(guest_key=key)
