"""Dates in a record, found for the redactor: every date, to be shifted by the record's offset, and the
dates of birth, to be replaced: a date after a birth cue (DOB, BD, F/N, born, "DOB verified", a field
labelled "Birth", dot leaders between) in any separator, whether or not it reads as a calendar date
("BD: 3.22.67", "DOB verified 11-02-67"), a year of birth alone ("born 1933"), that same day written
anywhere else, and the birthday written without its year ("card last month (12/07)").

It only finds; kit.guard.redact.core shifts and replaces. It never reads a date's context beyond the
line it stands on for the birth cue.
"""

from __future__ import annotations

import re

from kit.guard.redact import dates
from kit.guard.redact.dates import anchor_year
from kit.guard.redact.spans import DATED, LABELLED, Span

_DOB_CUE = (  # "DOB", "BD:", "F/N", "born", "DOB verified": a birth date follows
    r"(?i:\b(?:DOB|D\.O\.B\.?|BD|B/D|F/N|date of birth|birth ?date|birthday|birth|born(?: on)?)\b)"
    r"(?:[ \t]+(?i:verified|confirmed|checked|given|listed|is|was|as|on)\b)*[ \t]*[:\-#=]?[ \t.]*"
)
_DOB = re.compile(_DOB_CUE + "$")
# A date-like token after a birth cue, in any separator, whether or not it reads as a calendar date
# ("BD: 3.22.67", "DOB verified 11-02-67", "born 17 03 1931").
_DOB_TOKEN = re.compile(_DOB_CUE + r"(?P<v>\d{1,4}[./\- ]\d{1,2}[./\- ]\d{2,4})(?![\d/.-]\d)")
# A year of birth alone ("born 1933", "b. 1931", "YOB: 1929", "born in 1930"): part of a date of birth, and
# for a patient over 89 as telling as the age.
_BIRTH_YEAR = re.compile(
    r"(?i:\b(?:born(?:[ \t]+in)?|b\.|YOB|year of birth|birth[ \t]?year|DOB|birth)(?![\w]))"
    r"[ \t]*[:\-#=]?[ \t.]*(?P<v>(?:18|19|20)\d{2})(?![\d/.-]\d|\d)"
)


def date_spans(text: str) -> list[Span]:
    """Dates of birth (a date behind a birth cue, whether or not it reads as a calendar date, and that
    same day written anywhere else, with or without its year) and every other date, to be shifted."""
    found = dates.find(text, anchor_year(text))
    born = set()
    for f in found:
        line_start = text.rfind("\n", 0, f.start) + 1
        if _DOB.search(text[max(line_start, f.start - 40) : f.start]):
            born.add(f.day)
    spans = [
        Span(f.start, f.end, "DOB", ("DOB", f.day.isoformat()), LABELLED)
        if f.day in born
        else Span(f.start, f.end, "DATE", ("DATE", f.day.isoformat()), DATED, f)
        for f in found
    ]
    spans += [Span(m.start("v"), m.end("v"), "DOB", ("DOB", re.sub(r"\D", "", m.group("v"))), LABELLED)
              for m in (*_DOB_TOKEN.finditer(text), *_BIRTH_YEAR.finditer(text))]
    for day in born:  # the birthday without its year ("birthday card last month (12/07)")
        month_day = rf"(?<![\d/.-])0?{day.month}[/-]0?{day.day}(?![\d]|[/.-]\d)"
        day_month = rf"(?<![\d/.-])0?{day.day}\.0?{day.month}(?![\d]|[/.-]\d)"
        spans += [Span(m.start(), m.end(), "DOB", ("DOB", day.isoformat()), LABELLED)
                  for m in re.finditer(f"{month_day}|{day_month}", text)]
    return spans
