"""Blocking a player: either side of a block stands between the two."""

import pytest

from accounts import selectors, services
from common.errors import ServiceError
from tests.games.support import make_user

pytestmark = pytest.mark.django_db


def test_a_block_stands_between_both_until_lifted():
    ana, bea, cai = make_user("Ana"), make_user("Bea"), make_user("Cai")
    services.do_block(blocker=ana, blocked=bea)
    services.do_block(blocker=ana, blocked=bea)  # again: still one block
    assert selectors.is_blocked_between(ana.pk, bea.pk)
    assert selectors.is_blocked_between(bea.pk, ana.pk)
    assert not selectors.is_blocked_between(ana.pk, cai.pk)
    assert not selectors.is_blocked_between(None, ana.pk)
    assert selectors.blocked_either_way(bea.pk) == {ana.pk}
    services.do_unblock(blocker=ana, blocked=bea)
    assert not selectors.is_blocked_between(ana.pk, bea.pk)


def test_only_the_blocker_lifts_a_block():
    ana, bea = make_user("Ana"), make_user("Bea")
    services.do_block(blocker=ana, blocked=bea)
    services.do_unblock(blocker=bea, blocked=ana)
    assert selectors.is_blocked_between(ana.pk, bea.pk)


def test_blocking_oneself_is_refused():
    ana = make_user("Ana")
    with pytest.raises(ServiceError) as refused:
        services.do_block(blocker=ana, blocked=ana)
    assert refused.value.code == "self_block"
    assert not selectors.is_blocked_between(ana.pk, ana.pk)


def test_blocking_from_a_players_page_and_unblocking_from_ones_list(client):
    ana, bea = make_user("Ana"), make_user("Bea")
    client.force_login(ana)
    page = f"/players/{bea.pk}/"
    response = client.post(f"/accounts/block/{bea.pk}/", {"next": page})
    assert response.status_code == 302 and response["Location"] == page
    assert selectors.is_blocked_between(ana.pk, bea.pk)
    assert "Bea" in client.get("/accounts/blocks/").content.decode()
    response = client.post(f"/accounts/unblock/{bea.pk}/", {"next": "https://evil.example/"})
    assert response["Location"] == "/accounts/blocks/"  # never off the site
    assert not selectors.is_blocked_between(ana.pk, bea.pk)


def test_the_block_buttons_are_posts_only(client):
    ana, bea = make_user("Ana"), make_user("Bea")
    client.force_login(ana)
    assert client.get(f"/accounts/block/{bea.pk}/").status_code == 405
    assert not selectors.is_blocked_between(ana.pk, bea.pk)
