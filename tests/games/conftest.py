import pytest

from games import broadcast


@pytest.fixture
def sent(monkeypatch):
    """Every (group, message) the services hand to the channel layer, in order."""
    messages: list[tuple[str, dict]] = []
    monkeypatch.setattr(broadcast, "_send", lambda group, message: messages.append((group, message)))
    return messages
