"""Finished matches as their players and visitors look back at them: the lists of games (yours,
and a player's public ones) and who may replay a match.  Reads only.

Who played a match is who holds its room's seats (a rematch is played in the same seats).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.contrib.auth.models import AbstractBaseUser
from django.db.models import Prefetch, QuerySet
from django.urls import reverse
from django.utils import translation
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from games.identity import Identity
from games.models import Match, Seat
from games.seating import seats_of
from games.wire import seeds_secret

GAMES_PER_PAGE = 20


def numbered(names: list[str]) -> list[str]:
    """Names shared by several seats (bots are named by their level) numbered as the table
    numbers them: "Medium 1", "Medium 2"."""
    seen: dict[str, int] = {}
    out = []
    for name in names:
        if names.count(name) > 1:
            seen[name] = seen.get(name, 0) + 1
            name = f"{name} {seen[name]}"
        out.append(name)
    return out


def seat_names(match: Match) -> list[str]:
    """Each seat's name as the table showed it: display names, bots by level, pass-and-play's
    "Player 1" and "Player 2"."""
    seats = sorted(match.room.seats.all(), key=lambda s: s.index)
    if match.room.hotseat:
        return [_("Player %(number)d") % {"number": s.index + 1} for s in seats]
    return numbered([s.label() or "-" for s in seats])


def finished_matches(*, user: AbstractBaseUser, public_only: bool) -> QuerySet[Match]:
    """The finished matches `user` sat in (only public rooms' with `public_only`), newest first."""
    matches = Match.objects.filter(status=Match.Status.FINISHED, room__seats__user=user)
    if public_only:
        matches = matches.filter(room__is_private=False)
    return (
        matches.distinct()
        .select_related("room__ruleset")
        .prefetch_related(Prefetch("room__seats", queryset=Seat.objects.select_related("user")))
        .order_by("-updated_at", "-pk")
    )


def game_row(match: Match, *, user: AbstractBaseUser, language: str) -> dict[str, Any]:
    """One line of a list of games, for `user`'s side of it."""
    with translation.override(language):  # bot names are translated
        names = seat_names(match)
    mine = [s.index for s in match.room.seats.all() if s.user_id == user.pk]
    totals = (match.state.get("result") or {}).get("totals") or []
    places = _places(totals)
    if match.room.hotseat or not mine or not places:
        result = None
    elif len(totals) == 2:
        result = _("Won") if places[mine[0]] == 1 else _("Lost")
    else:
        result = _("Place %(place)s of %(seats)s") % {"place": places[mine[0]], "seats": len(totals)}
    return {
        "match": match,
        "url": reverse("games:replay", args=[match.pk]),
        "family": match.get_family_display(),
        "ruleset": match.room.ruleset.display_name(language),
        "opponents": [name for i, name in enumerate(names) if i not in mine],
        "result": result,
        "totals": [totals[i] for i in mine] + [t for i, t in enumerate(totals) if i not in mine],
        "private": match.room.is_private,
        "finished_at": match.updated_at,
    }


def _places(totals: list[int]) -> list[int]:
    """1 for the best total; a tie shares its place (competition ranking)."""
    return [1 + sum(other > total for other in totals) for total in totals]


# --- who may replay a match ------------------------------------------------------------------


@dataclass(frozen=True)
class ReplayAccess:
    """What a visitor may see of a finished match's replay."""

    seats: tuple[int, ...]
    """The seats the visitor played (empty for anyone else)."""
    secret: bool
    """The deals' seeds are still secret (a Daily Gin day still open): own seats only, no record."""

    def may_view(self, seat: int) -> bool:
        """Whether the replay may show `seat`'s own view: any seat once the seeds are public."""
        return seat in self.seats or not self.secret


SECRET_RECORD = gettext_lazy(
    "This deal is still being played by others today: its record, with every seed, opens when the day is over."
)


class Refused(Exception):
    """A replay the visitor may not have: `status` 404 (no such match, for them) or 403."""

    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status = status
        self.message = message


def replayable_match(match_id: int) -> Match | None:
    return (
        Match.objects.select_related("room__ruleset")
        .prefetch_related(Prefetch("room__seats", queryset=Seat.objects.select_related("user")))
        .filter(pk=match_id)
        .first()
    )


def replay_access(match: Match | None, identity: Identity) -> ReplayAccess:
    """A public room's finished match is open to anyone, a private room's to its players; a
    match still being played, or abandoned before its end, has no replay (`Refused`)."""
    if match is None:
        raise Refused(404, _("There is no such match."))
    mine = tuple(s.index for s in seats_of(list(match.room.seats.all()), identity))
    secret = seeds_secret(match)
    if (match.room.is_private or secret) and not mine:
        raise Refused(404, _("There is no such match."))
    if match.status == Match.Status.PLAYING:
        raise Refused(403, _("This match is still being played: its replay opens when it ends."))
    if match.status != Match.Status.FINISHED:
        raise Refused(403, _("This match was stopped before its end, so it has no replay."))
    return ReplayAccess(seats=mine, secret=secret)
