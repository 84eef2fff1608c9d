from datetime import date

from django.conf import settings
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import FileResponse, Http404
from django.shortcuts import redirect, render
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from common.errors import ServiceError
from daily import lines, seeds, selectors, services
from daily.forms import VerifyForm
from games.identity import identity_of
from leaderboard.charts import bar_chart

STANDINGS_SHOWN = 50


def today(request):
    now = timezone.now()
    day = seeds.today(now)
    context = _day_context(request, day)
    context.update(
        seed_hash=seeds.seed_hash(seeds.day_seed(day)),
        closes_at=seeds.closes_at(day),
        seconds_left=int((seeds.closes_at(day) - now).total_seconds()),
        streaks=selectors.streaks(user=request.user, today=day) if request.user.is_authenticated else None,
        past_days=[date.fromordinal(day.toordinal() - n) for n in range(1, 8)],
    )
    return render(request, "daily/today.html", context)


def day(request, day):
    now = timezone.now()
    if not seeds.is_closed(day, now):
        if day == seeds.today(now):
            return redirect("daily:today")
        raise Http404
    seed = seeds.day_seed(day)
    context = _day_context(request, day)
    mine, par = context["mine"], selectors.par(day=day)
    context.update(
        seed_hex=seed.hex(),
        seed_hash=seeds.seed_hash(seed),
        par=par,
        par_steps=par and lines.steps(seed, lines.par_moves(seed, par.actions)),
        own_steps=mine and mine.match and lines.steps(seed, lines.own_moves(mine.match)),
    )
    return render(request, "daily/day.html", context)


def _day_context(request, day):
    table = selectors.standings(day=day)
    mine = selectors.attempt(user=request.user, day=day)
    rank = selectors.rank_of(table=table, play=mine)
    percentile = rank and selectors.percentile(rank=rank, total=len(table))
    finished = mine is not None and mine.result is not None
    return {
        "day": day,
        "standings": table[:STANDINGS_SHOWN],
        "players": len(table),
        "mine": mine,
        "rank": rank,
        "percentile": percentile,
        "outcome": finished and selectors.outcome_text(mine),
        "share_text": finished and selectors.share_text(play=mine, percentile=percentile),
        "histogram": bar_chart(
            bars=selectors.histogram(table=table, mine=mine), title=_("Everyone's results, in points")
        ),
    }


@login_required
@require_POST
def start(request):
    try:
        play = services.do_start_attempt(user=request.user, now=timezone.now())
    except ServiceError as error:
        messages.error(request, error.message)
        return redirect("daily:today")
    return redirect("games:room", code=play.room.code)


@require_POST
def practice(request, day):
    identity = identity_of(request.user, request.session, create_guest=True)
    try:
        room = services.do_start_practice(identity=identity, day=day, now=timezone.now())
    except ServiceError as error:
        messages.error(request, error.message)
        return redirect("daily:today")
    return redirect("games:room", code=room.code)


def verify(request):
    form = VerifyForm(request.GET or None, now=timezone.now())
    seed = form.chosen_seed() if form.is_valid() else None
    return render(
        request,
        "daily/verify.html",
        {
            "form": form,
            "seed_hex": seed and seed.hex(),
            "seed_hash": seed and seeds.seed_hash(seed),
            "deal": seed and seeds.deal_of(seed),
        },
    )


def shuffle_doc(request):
    """The documented shuffle, so anyone can check a deal with their own code."""
    return FileResponse(
        open(settings.BASE_DIR / "docs" / "shuffle.md", "rb"),  # noqa: SIM115 (FileResponse closes it)
        content_type="text/plain; charset=utf-8",
    )
