"""Charts drawn on the server as inline SVG: no script, readable by screen readers (a title
and a description) and styled by boards.css."""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.html import format_html, format_html_join
from django.utils.safestring import SafeString

WIDTH, HEIGHT = 480, 200
PAD_LEFT, PAD_BOTTOM, PAD_TOP = 36, 28, 12


@dataclass(frozen=True)
class Bar:
    label: str
    count: int
    highlight: bool = False


def bar_chart(*, bars: list[Bar], title: str) -> SafeString:
    """Vertical bars with their labels below and counts above."""
    plot_w, plot_h = WIDTH - PAD_LEFT, HEIGHT - PAD_BOTTOM - PAD_TOP
    top = max((b.count for b in bars), default=0) or 1
    step = plot_w / max(len(bars), 1)
    shapes = []
    for i, bar in enumerate(bars):
        h = plot_h * bar.count / top
        x = PAD_LEFT + i * step
        shapes.append(
            (
                "bar hl" if bar.highlight else "bar",
                f"{x + step * 0.1:.1f}",
                f"{PAD_TOP + plot_h - h:.1f}",
                f"{step * 0.8:.1f}",
                f"{h:.1f}",
                f"{x + step / 2:.1f}",
                f"{PAD_TOP + plot_h - h - 3:.1f}",
                bar.count or "",
                f"{HEIGHT - 10}",
                bar.label,
            )
        )
    body = format_html_join(
        "",
        '<rect class="{0}" x="{1}" y="{2}" width="{3}" height="{4}"/>'
        '<text class="count" x="{5}" y="{6}" text-anchor="middle">{7}</text>'
        '<text class="label" x="{5}" y="{8}" text-anchor="middle">{9}</text>',
        shapes,
    )
    return _svg(title=title, body=body, axis=f"M{PAD_LEFT} {PAD_TOP + plot_h}H{WIDTH}")


def line_chart(*, values: list[float], title: str) -> SafeString:
    """A polyline over equally spaced points, with the lowest and highest values marked."""
    if not values:
        return _svg(title=title, body=SafeString(""), axis="")
    low, high = min(values), max(values)
    span = (high - low) or 1
    plot_w, plot_h = WIDTH - PAD_LEFT - 8, HEIGHT - PAD_BOTTOM - PAD_TOP
    step = plot_w / max(len(values) - 1, 1)
    coords = " ".join(
        f"{PAD_LEFT + i * step:.1f},{PAD_TOP + plot_h - plot_h * (v - low) / span:.1f}"
        for i, v in enumerate(values)
    )
    body = format_html(
        '<polyline class="line" points="{}"/>'
        '<text class="label" x="2" y="{}">{}</text><text class="label" x="2" y="{}">{}</text>',
        coords,
        PAD_TOP + 4,
        round(high),
        PAD_TOP + plot_h,
        round(low),
    )
    return _svg(title=title, body=body, axis=f"M{PAD_LEFT} {PAD_TOP}V{PAD_TOP + plot_h}H{WIDTH}")


def _svg(*, title: str, body: SafeString, axis: str) -> SafeString:
    return format_html(
        '<svg class="chart" viewBox="0 0 {} {}" role="img" aria-label="{}"><title>{}</title>'
        '<path class="axis" d="{}"/>{}</svg>',
        WIDTH,
        HEIGHT,
        title,
        title,
        axis,
        body,
    )
