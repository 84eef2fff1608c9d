"""Every change to rooms and matches.  Views, consumers, moderation and the sweeper call these;
nothing else writes game data.

A change to a match happens in one transaction that locks the match row, applies actions
with the rules engine (the player's, then any bot's or the server's that follow), appends
each to the move log, stores the state, bumps the version, and queues each seat's own view
(and the spectators' view) to be sent once the transaction commits.  The modules: `rooms`,
`presence`, `matches`, `run` (one change to a match), `storage` (its SQL); what is sent is
`games.wire`'s.
"""

from common.errors import ServiceError
from games.services.matches import (
    ActResult,
    do_act,
    do_bot_step,
    do_claim,
    do_close_call_window,
    do_offer,
    do_timeout,
)
from games.services.presence import (
    TOUCH_EVERY,
    do_release_lost_sockets,
    do_socket_closed,
    do_socket_opened,
    do_touch_seats,
)
from games.services.rooms import (
    check_live_room,
    do_close_room,
    do_create_arena_room,
    do_create_room,
    do_expire_idle_rooms,
    do_leave_seat,
    do_make_room_private,
    do_remove_player,
    do_take_seat,
    do_transfer_guest_seats,
)
from games.services.run import CALL_WINDOW

__all__ = [
    "ActResult",
    "CALL_WINDOW",
    "ServiceError",
    "TOUCH_EVERY",
    "check_live_room",
    "do_act",
    "do_bot_step",
    "do_claim",
    "do_close_call_window",
    "do_close_room",
    "do_create_arena_room",
    "do_create_room",
    "do_expire_idle_rooms",
    "do_leave_seat",
    "do_make_room_private",
    "do_offer",
    "do_release_lost_sockets",
    "do_remove_player",
    "do_socket_closed",
    "do_socket_opened",
    "do_take_seat",
    "do_timeout",
    "do_touch_seats",
    "do_transfer_guest_seats",
]
