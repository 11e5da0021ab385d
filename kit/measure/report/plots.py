"""The report's plots as inline SVG written here, in Python: rates with their intervals (one row per
arm or run, thresholds marked), cost against accuracy with the Pareto front, and a reliability
diagram. No plotting library, nothing fetched: each function returns one <svg> element.

Every label that came from a file (an arm name, a model name) is escaped; numbers are formatted
here. Styling is by class names the report's stylesheet defines, so the page's content security
policy needs no inline style.
"""

from __future__ import annotations

from typing import Any

from markupsafe import Markup, escape

PIN, FLOOR = "pin", "floor"
LABEL_CHAR, LABEL_LINE = 7.0, 13.0  # a point label's estimated width per character and its line height


def _num(x: float) -> str:
    return f"{x:.1f}"


def _text(x: float, y: float, text: str, cls: str = "tick", anchor: str = "middle") -> str:
    return f'<text class="{cls}" x="{_num(x)}" y="{_num(y)}" text-anchor="{anchor}">{escape(text)}</text>'


def _open(kind: str, width: int, height: int, title: str) -> list[str]:
    return [
        f'<svg class="plot {kind}" width="{width}" height="{height}" viewBox="0 0 {width} {height}" '
        f'role="img" aria-label="{escape(title)}">',
        f'<text class="title" x="0" y="14">{escape(title)}</text>',
    ]


def _axis(x0: float, width: float, y: float, ticks: int = 4, fmt: str = "{:.0%}") -> list[str]:
    out = [f'<line class="axis" x1="{_num(x0)}" x2="{_num(x0 + width)}" y1="{_num(y)}" y2="{_num(y)}"/>']
    for i in range(ticks + 1):
        x = x0 + width * i / ticks
        out.append(f'<line class="tick" x1="{_num(x)}" x2="{_num(x)}" y1="{_num(y)}" y2="{_num(y + 4)}"/>')
        out.append(f'<text class="tick" x="{_num(x)}" y="{_num(y + 15)}" text-anchor="middle">'
                   f"{escape(fmt.format(i / ticks))}</text>")  # fmt: skip
    return out


def intervals(rows: list[dict[str, Any]], title: str, width: int = 560, label_width: int = 150) -> Markup:
    """One row per entry: its Wilson interval as a bar, its rate as a dot on top, and its thresholds
    behind the dot (a rate threshold as a red line, an exact pin as a hollow diamond above the bar).
    `rows`: {"label", "rate", "ci95": [low, high], "marks": [{"at": 0-1, "kind": "pin"|"floor"}]}."""
    row_h, top = 26, 22
    label_width = max(label_width, 10 + 7 * max((len(str(r["label"])) for r in rows), default=0))
    width = max(width, label_width + 320)
    plot_w = width - label_width - 20
    height = top + row_h * len(rows) + 26
    out = _open("intervals", width, height, title)
    for i, row in enumerate(rows):
        y = top + row_h * i + row_h / 2
        x = lambda v: label_width + plot_w * v  # noqa: E731 - local scale
        out.append(f'<text class="label" x="{label_width - 8}" y="{_num(y + 4)}" text-anchor="end">'
                   f"{escape(row['label'])}</text>")  # fmt: skip
        out.append(f'<line class="track" x1="{_num(x(0))}" x2="{_num(x(1))}" y1="{_num(y)}" y2="{_num(y)}"/>')
        low, high = row["ci95"]
        out.append(f'<rect class="ci" x="{_num(x(low))}" y="{_num(y - 5)}" '
                   f'width="{_num(max(1.0, x(high) - x(low)))}" height="10"/>')  # fmt: skip
        for mark in row.get("marks", []):
            at = x(mark["at"])
            if mark["kind"] == PIN:
                out.append(f'<path class="pin" d="M{_num(at)} {_num(y - 7)} l4 -5 l-4 -5 l-4 5 z">'
                           f"<title>exact pin</title></path>")  # fmt: skip
            else:
                out.append(f'<line class="threshold" x1="{_num(at)}" x2="{_num(at)}" y1="{_num(y - 9)}" '
                           f'y2="{_num(y + 9)}"><title>threshold</title></line>')  # fmt: skip
        if row.get("rate") is not None:
            out.append(f'<circle class="rate" cx="{_num(x(row["rate"]))}" cy="{_num(y)}" r="4.5"/>')
    out += _axis(label_width, plot_w, top + row_h * len(rows) + 2)
    out.append("</svg>")
    return Markup("".join(out))


def scatter(points: list[dict[str, Any]], title: str, x_label: str, y_label: str, width: int = 560) -> Markup:
    """Cost (x) against accuracy (y), the Pareto front joined and its points filled.
    `points`: {"label", "x", "y", "front": bool}; x in dollars per record, y a rate."""
    height, left, bottom, top, right = 320, 56, 44, 26, 24
    plot_w, plot_h = width - left - right, height - top - bottom
    xmax = max((p["x"] for p in points), default=0.0) or 1.0
    sx = lambda v: left + plot_w * v / (xmax * 1.1)  # noqa: E731
    sy = lambda v: top + plot_h * (1 - v)  # noqa: E731
    out = _open("scatter", width, height, title)
    out.append(f'<rect class="frame" x="{left}" y="{top}" width="{plot_w}" height="{plot_h}"/>')
    for i in range(5):
        v = i / 4
        out.append(_text(left - 6, sy(v) + 4, f"{v:.0%}", anchor="end"))
        out.append(_text(sx(xmax * 1.1 * v), top + plot_h + 16, f"${xmax * 1.1 * v:.2g}"))
    out.append(f'<text class="axis-label" x="{left + plot_w / 2}" y="{height - 6}" text-anchor="middle">'
               f"{escape(x_label)}</text>")  # fmt: skip
    out.append(f'<text class="axis-label" x="12" y="{top + plot_h / 2}" text-anchor="middle" '
               f'transform="rotate(-90 12 {top + plot_h / 2})">{escape(y_label)}</text>')  # fmt: skip
    front = sorted((p for p in points if p["front"]), key=lambda p: p["x"])
    if len(front) > 1:
        path = " ".join(
            f"{'M' if i == 0 else 'L'}{_num(sx(p['x']))} {_num(sy(p['y']))}" for i, p in enumerate(front)
        )
        out.append(f'<path class="front" d="{path}"/>')
    frame = (left, top, left + plot_w, top + plot_h)
    taken: list[tuple[float, float, float, float]] = []
    for p in points:
        cls = "point front-point" if p["front"] else "point"
        out.append(f'<circle class="{cls}" cx="{_num(sx(p["x"]))}" cy="{_num(sy(p["y"]))}" r="5">'
                   f"<title>{escape(p['label'])}</title></circle>")  # fmt: skip
        x, y, anchor = _label_place(sx(p["x"]), sy(p["y"]), p["label"], frame, taken)
        out.append(_text(x, y, p["label"], "label", anchor))
    out.append("</svg>")
    return Markup("".join(out))


def _label_place(
    px: float, py: float, label: str, frame: tuple[float, float, float, float], taken: list
) -> tuple[float, float, str]:
    """Where a point's label goes: beside the point, above it if there is room inside the frame (never
    up over the plot's title), else below, then stepping down a line at a time until it overlaps no
    label already placed. Labels of the right half read leftwards. Boxes are estimated at LABEL_CHAR
    pixels a character; the chosen box is added to `taken`."""
    x0, top, x1, bottom = frame
    right = px > (x0 + x1) / 2
    width = LABEL_CHAR * len(label)
    x = px - 8 if right else px + 8
    low, high = (x - width, x) if right else (x, x + width)
    below = (py + 16 + LABEL_LINE * k for k in range(40))
    above = (py - 8 - LABEL_LINE * k for k in range(1, 40))
    for y in (py - 8, *below, *above):
        box = (low, y - LABEL_LINE + 2, high, y + 2)
        clear = not any(b[0] < box[2] and box[0] < b[2] and b[1] < box[3] and box[1] < b[3] for b in taken)
        if clear and box[1] >= top + 1 and box[3] <= bottom - 1:
            taken.append(box)
            return x, y, "end" if right else "start"
    return x, min(max(py - 8, top + LABEL_LINE), bottom - 2), "end" if right else "start"


def reliability(bins: list[dict[str, Any]], title: str, width: int = 360) -> Markup:
    """Accuracy per confidence bin against the diagonal of perfect calibration, each bin's count
    written under it. `bins`: {"low", "high", "count", "mean_confidence", "accuracy"}."""
    height, left, bottom, top, right = 330, 44, 58, 26, 14
    plot_w, plot_h = width - left - right, height - top - bottom
    sx = lambda v: left + plot_w * v  # noqa: E731
    sy = lambda v: top + plot_h * (1 - v)  # noqa: E731
    out = _open("reliability", width, height, title)
    out.append(f'<rect class="frame" x="{left}" y="{top}" width="{plot_w}" height="{plot_h}"/>')
    out.append(f'<line class="diagonal" x1="{sx(0)}" y1="{sy(0)}" x2="{sx(1)}" y2="{sy(1)}"/>')
    for b in bins:
        x0, x1 = sx(b["low"]), sx(b["high"])
        if b["count"]:
            acc = b["accuracy"]
            out.append(f'<rect class="bin" x="{_num(x0 + 1)}" y="{_num(sy(acc))}" '
                       f'width="{_num(x1 - x0 - 2)}" height="{_num(sy(0) - sy(acc))}">'
                       f'<title>{b["low"]:.1f}-{b["high"]:.1f}: '
                       f'{b["count"]} record(s), accuracy {acc:.0%}, mean confidence '
                       f'{b["mean_confidence"]:.2f}</title></rect>')  # fmt: skip
            cx = sx(b["mean_confidence"])
            out.append(f'<circle class="conf" cx="{_num(cx)}" cy="{_num(sy(acc))}" r="3"/>')
        out.append(_text((x0 + x1) / 2, top + plot_h + 14, str(b["count"]), cls="count"))
    for i in range(5):
        v = i / 4
        out.append(_text(left - 4, sy(v) + 4, f"{v:.0%}", anchor="end"))
        out.append(_text(sx(v), top + plot_h + 28, f"{v:.2f}"))
    out.append(f'<text class="axis-label" x="{left + plot_w / 2}" y="{height - 6}" text-anchor="middle">'
               "stated confidence (records per bin under the frame)</text>")
    out.append("</svg>")
    return Markup("".join(out))
