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
