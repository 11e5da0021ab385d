"""One limiter shared by every thread that buys calls: how many calls may be in flight, when the next
request may start, and a pause that every thread honours after a 429.

- Concurrency (AIMD): a window of calls in flight, at most the ceiling (EVAL_WORKERS). A 429 halves it
  (once per burst: a 429 from a request sent before the last cut does not cut again); a success while
  the window is full grows it by 1/window, about one more call per window's worth of successes (a
  window the pace keeps from filling does not grow, so it shows the concurrency the run settled at).
- Pause: a 429 with a wait hint stops every thread from sending until the hint has passed.
- Isolated faults are not a rate limit: a 429 here and there (a server's bad moment, the stub's
  injected faults) pauses for its hint and may cut the window, and nothing more; the window grows back
  as calls succeed. A pace is inferred only from a sustained pattern: a SUSTAINED share (a quarter)
  of the last WINDOW settled requests refused, two at least (a server's own budget headers, below,
  pace on their own); a fault on every 7th request stays under it. Once paced, a refusal lowers the
  pace only when it is repeated (another refusal among the last LESSON_WINDOW), so a lone fault far
  into a long run costs its pause and not the pace. `figures()["paced_by"]` says which pattern the
  run was paced by.
- Pace: once the pattern holds, request starts are spaced. The rate is searched for from the
  answers themselves: it starts from what the server admitted over the hinted wait (at least
  one request per wait); a request admitted at some spacing after an admitted one proves that rate,
  and the pace grows by half until a refusal, then bisects between the fastest proven and the slowest
  refused rate and holds the proven one once the two are within a few percent. A window of
  concurrency cannot do this on its own: when replies are quick, one call in flight already exceeds a
  per-second limit. The pace holds for the life of the process while the ceiling and the server stay
  the same (another ceiling or another server starts afresh).
- Server budget: where responses carry `x-ratelimit-remaining-requests`/`-reset-requests` (OpenAI
  style, resets like "1s", "6m0s", "120ms") or `anthropic-ratelimit-requests-remaining`/`-reset`
  (RFC 3339 time), and the matching `-limit` (read by kit.model.providers.rate_headers), the limiter keeps a
  copy of the server's bucket and waits for a token before sending, so it slows down before the first
  429.

It counts what it did (429s, seconds paused) for the telemetry. It refuses to hold more calls than the
ceiling, and it decides nothing about retries or errors: kit.model.providers.retry does, and reports here.
"""

from __future__ import annotations

import itertools
import math
import threading
import time
from collections import deque
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass

from kit.model.providers.rate_headers import Budget, read_budget

CUT = 0.5  # the window after a 429 as a share of the window before
GROW = 1.5  # the rate to try next while no refusal has been seen at the current pace
CLOSE = 0.08  # the pace holds once the fastest proven and the slowest refused rate are this close
MARGIN = 0.1  # a start waits this share of a token's refill time beyond what the server's budget shows
# (a refusal costs every thread a whole pause, so a little of the server's rate is given up for safety)
RECENT_STARTS = 512  # request starts remembered: their spacing, and those a budget reading predates
WINDOW = 20  # the settled requests a pattern of refusals is judged over
SUSTAINED = 0.25  # the share of them refused that makes a rate limit (isolated faults stay under it)
AT_LEAST = 2  # and never fewer refusals than this (one is always isolated)
REPEATED = 2  # refusals among the last LESSON_WINDOW for one to lower a pace already inferred
LESSON_WINDOW = 100  # (while a limit is being found they all are; a fault a hundred requests on is not)
BY_HEADERS, BY_429S = "rate-limit headers", "repeated 429s"
PENDING, ADMITTED, REFUSED = "pending", "admitted", "refused"

@dataclass(frozen=True)
class Ticket:
    """One request start: its number, when, and the cut it was sent after."""

    number: int
    at: float
    epoch: int


@dataclass
class _Start:
    """A remembered start and how it ended. `paced`: a pace was in force and the start before it
    came after the latest pause (only then does its spacing say anything about the server's rate)."""

    number: int
    at: float
    paced: bool
    outcome: str = PENDING


@dataclass(frozen=True)
class Mark:
    """The limiter's counters at one moment, so a run can report only its own 429s and pauses."""

    refused: int
    paused: float


class Limiter:
    """`with limiter.slot():` around a call (its first request); `before_retry()` before each resend;
    `succeeded(headers)` / `refused(hint, headers)` after each answer. One instance per process."""

    def __init__(
        self,
        ceiling: int = 4,
        *,
        clock: Callable[[], float] = time.monotonic,
        wall: Callable[[], float] = time.time,
    ) -> None:
        if ceiling < 1:
            raise ValueError("a limiter needs at least one slot")
        self._clock, self._wall = clock, wall
        self._cond = threading.Condition()
        self._local = threading.local()
        self._active = 0
        self._numbers = itertools.count(1)
        self._refused = 0
        self._paused_total = 0.0
        self._server: str | None = None
        self._reset(ceiling)

    def _reset(self, ceiling: int) -> None:
        self._ceiling = ceiling
        self._window = float(ceiling)
        self._epoch = 0
        self._paused_until = float("-inf")
        self._last_start: float | None = None
        self._rate: float | None = None
        self._proven: float | None = None
        self._refused_rate: float | None = None
        self._budget: tuple[Budget, Ticket] | None = None
        self._starts: deque[_Start] = deque(maxlen=RECENT_STARTS)
        self._paced_by: set[str] = set()

    def configure(self, ceiling: int, server: str | None = None) -> None:
        """Set the ceiling (EVAL_WORKERS) and name the server the calls go to. The runner calls this
        before every batch: the same ceiling and server again change nothing, so what 429s taught
        carries over; a different ceiling or another server starts afresh (one server's limit says
        nothing about another's)."""
        if ceiling < 1:
            raise ValueError("a limiter needs at least one slot")
        with self._cond:
            if ceiling != self._ceiling or server != self._server:
                self._reset(ceiling)
                self._server = server
                self._cond.notify_all()

    # -- waiting and starting ------------------------------------------------------------------

    def delay(self, new_call: bool = True) -> float | None:
        """Seconds until a request may start (0: now); None while the window is full (a new call
        waits for another to finish). A resend (`new_call=False`) keeps its caller's place."""
        with self._cond:
            return self._delay(self._clock(), new_call)

    def _delay(self, now: float, new_call: bool) -> float | None:
        if new_call and self._active >= max(1, int(self._window)):
            return None
        ready = max(self._paused_until, self._budget_ready(now) or now)
        if self._rate is not None and self._last_start is not None:
            ready = max(ready, self._last_start + 1.0 / self._rate)
        return max(0.0, ready - now)

    def _budget_ready(self, now: float) -> float | None:
        """When the copy of the server's bucket next holds a request; None when there is no reading
        to go by. With the bucket's size known the copy refills at the
        rate the reading implies; without it, the requests left are spent and then the copy waits
        for the moment the server said the bucket would be whole again."""
        if self._budget is None:
            return None
        budget, read_on = self._budget
        seen_at = read_on.at
        since = [s.at for s in self._starts if s.number > read_on.number and s.outcome != REFUSED]
        if budget.limit and budget.limit > budget.remaining and budget.reset > 0:
            refill = (budget.limit - budget.remaining) / budget.reset
            held, then = budget.remaining, seen_at
            for at in since:
                held = min(budget.limit, held + refill * (at - then)) - 1
                then = at
            held = min(budget.limit, held + refill * (now - then))
            return now if held >= 1 else now + (1 - held + MARGIN) / refill
        if now >= seen_at + budget.reset:
            return None
        return now if budget.remaining - len(since) >= 1 else seen_at + budget.reset

    def _start(self, now: float) -> Ticket:
        last = self._last_start
        paced = self._rate is not None and last is not None and last >= self._paused_until
        self._last_start = now
        ticket = Ticket(next(self._numbers), now, self._epoch)
        self._starts.append(_Start(ticket.number, now, paced))
        self._local.ticket = ticket
        return ticket

    def _settle(self, ticket: Ticket, outcome: str) -> None:
        """Record how this start ended, and learn from each pair of consecutive starts that is now
        settled: a request admitted or refused at some spacing after an admitted one says whether
        the server takes that rate (after a refused one it says nothing: that took no token)."""
        starts = list(self._starts)
        for i, start in enumerate(starts):
            if start.number == ticket.number:
                start.outcome = outcome
                for before, after in ((i - 1, i), (i, i + 1)):
                    if before >= 0 and after < len(starts):
                        self._learn(starts[before], starts[after])
                return

    def _learn(self, before: _Start, after: _Start) -> None:
        spacing = after.at - before.at
        if self._rate is None or before.outcome != ADMITTED or not after.paced or spacing <= 0:
            return
        if after.outcome == ADMITTED:
            self._prove(1.0 / spacing)
        elif after.outcome == REFUSED and self._recent_refusals(LESSON_WINDOW) >= REPEATED:
            self._refuse(1.0 / spacing)

    def _sustained(self) -> bool:
        """A rate limit, not isolated faults: of the last WINDOW settled requests (all of them, early
        in a run) at least a SUSTAINED share and at least AT_LEAST were refused."""
        settled = [s.outcome for s in self._starts if s.outcome != PENDING][-WINDOW:]
        refused = settled.count(REFUSED)
        return refused >= AT_LEAST and refused >= SUSTAINED * len(settled)

    def _recent_refusals(self, window: int = WINDOW) -> int:
        """Refusals among the last `window` settled requests."""
        settled = [s.outcome for s in self._starts if s.outcome != PENDING][-window:]
        return settled.count(REFUSED)

    def _wait_turn(self, new_call: bool) -> None:
        with self._cond:
            while True:
                now = self._clock()
                delay = self._delay(now, new_call)
                if delay == 0:
                    if new_call:
                        self._active += 1
                    self._start(now)
                    return
                self._cond.wait(timeout=delay)

    @contextmanager
    def slot(self) -> Iterator[None]:
        """Hold a place in the window for one call; its first request starts when pause, pace and
        server budget allow."""
        self._wait_turn(new_call=True)
        try:
            yield
        finally:
            self._local.ticket = None
            with self._cond:
                self._active -= 1
                self._cond.notify_all()

    def before_retry(self) -> None:
        """Wait, keeping the caller's place, until a resend may start."""
        self._wait_turn(new_call=False)

    def ticket(self) -> Ticket:
        """This thread's latest start (or an unpaced one if it never went through the limiter)."""
        ticket = getattr(self._local, "ticket", None)
        return ticket if ticket is not None else Ticket(0, self._clock(), self._epoch)

    # -- what the server said ------------------------------------------------------------------

    def succeeded(self, headers: Mapping[str, str] | None = None) -> None:
        ticket = self.ticket()
        with self._cond:
            if self._active >= int(self._window):
                self._window = min(float(self._ceiling), self._window + 1.0 / self._window)
            self._settle(ticket, ADMITTED)
            self._read(ticket, headers)
            self._cond.notify_all()

    def refused(self, hint: float | None, headers: Mapping[str, str] | None = None) -> None:
        """A 429: count it, pause everyone until `hint` has passed, cut the window once per burst,
        and learn from the spacing the refused request was sent at."""
        ticket = self.ticket()
        with self._cond:
            now = self._clock()
            self._refused += 1
            if hint is not None:
                until = now + hint
                if until > self._paused_until:
                    self._paused_total += until - max(now, self._paused_until)
                    self._paused_until = until
            if ticket.epoch == self._epoch:
                self._epoch += 1
                self._window = max(1.0, self._window * CUT)
            self._settle(ticket, REFUSED)
            if self._rate is None and self._sustained():
                self._paced_by.add(BY_429S)
                self._seed(now, hint or 1.0)
            self._read(ticket, headers)
            self._cond.notify_all()

    def _seed(self, now: float, span: float) -> None:
        """The first pace: what the server admitted over the span it asked us to wait (at least one
        request), as the fastest rate proven so far."""
        admitted = sum(1 for start in self._starts if start.outcome == ADMITTED and start.at >= now - span)
        self._proven = max(1, admitted) / max(span, 1e-3)
        self._choose()

    def _prove(self, rate: float) -> None:
        self._proven = rate if self._proven is None else max(self._proven, rate)
        if self._refused_rate is not None and self._proven >= self._refused_rate:
            self._refused_rate = None
        self._choose()

    def _refuse(self, rate: float) -> None:
        self._refused_rate = rate if self._refused_rate is None else min(self._refused_rate, rate)
        if self._proven is None or self._proven >= self._refused_rate:
            self._proven = self._refused_rate * (1 - CLOSE)
        self._choose()

    def _choose(self) -> None:
        proven, refused = self._proven, self._refused_rate
        assert proven is not None
        if refused is None:
            self._rate = proven * GROW
        elif refused > proven * (1 + CLOSE):
            self._rate = math.sqrt(proven * refused)
        else:
            self._rate = proven

    def _read(self, ticket: Ticket, headers: Mapping[str, str] | None) -> None:
        """Keep the server's budget as of the moment this request was sent (the server counted it
        then): requests started since are taken off it when deciding the next start."""
        budget = read_budget(headers, self._wall()) if headers else None
        if budget is not None and (self._budget is None or ticket.number >= self._budget[1].number):
            self._budget = (budget, ticket)
            self._paced_by.add(BY_HEADERS)

    # -- telemetry -----------------------------------------------------------------------------

    def mark(self) -> Mark:
        with self._cond:
            return Mark(self._refused, self._paused_total)

    def figures(self, since: Mark | None = None) -> dict[str, float | int | str | None]:
        """429s seen and seconds paused (since `since`, if given), the window of calls in flight the
        limiter has settled at, its pace in requests per minute (None: unpaced), and what paced it
        (`paced_by`: the server's rate-limit headers, repeated 429s, both, or None when nothing did:
        isolated 429s only pause)."""
        with self._cond:
            refused, paused = self._refused, self._paused_total
            window, rate = int(self._window), self._rate
            paced_by = " and ".join(sorted(self._paced_by)) or None
        if since is not None:
            refused, paused = refused - since.refused, paused - since.paused
        return {
            "refused_429": refused,
            "paused_s": round(paused, 2),
            "concurrency": window,
            "pace_per_min": None if rate is None else round(rate * 60, 1),
            "paced_by": paced_by,
        }


LIMITER = Limiter()
