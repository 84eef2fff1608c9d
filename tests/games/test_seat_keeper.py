"""The keeper of a process's table sockets' seats, apart from the database (its rounds are
tested on sockets in test_room_sockets.py and test_socket_safety.py)."""

import asyncio
import gc
import weakref

from games import seat_keeper as keeping
from games.identity import Identity

ANA, GUEST = (7, Identity(user_id=1)), (7, Identity(guest_key="k"))


def test_a_holder_is_kept_until_its_last_socket_goes_and_the_timer_with_the_last_holder():
    async def hold_and_release():
        keeper = keeping.seat_keeper()
        keeper.hold(ANA), keeper.hold(ANA), keeper.hold(GUEST)  # Ana in two tabs
        assert sorted(keeper.holders, key=str) == sorted([ANA, GUEST], key=str)
        keeper.release(ANA)
        assert ANA in keeper.holders  # her other tab is open
        keeper.release(ANA), keeper.release(GUEST)
        assert keeper.holders == [] and keeper._timer is None
        return keeper is keeping.seat_keeper()  # one keeper a loop

    assert asyncio.run(hold_and_release())


def test_a_loops_keeper_goes_with_its_loop_once_its_sockets_closed():
    loop = asyncio.new_event_loop()

    async def hold_and_release():
        keeping.seat_keeper().hold(ANA)
        keeping.seat_keeper().release(ANA)

    loop.run_until_complete(hold_and_release())
    loop.close()
    gone = weakref.ref(loop)
    del loop
    gc.collect()
    assert gone() is None  # and its entry in the keepers with it
