"""The HTML report opened from disk in a real headless Chromium (Debian's, at /usr/bin/chromium, driven
by Playwright; no browser is downloaded). What is shown is checked against the result files: the
scoreboard figures, the confusion, the flips; the wrong-records filter; the marked lines; no console
error and no request beyond the file itself; a hostile record runs nothing. Screenshots of the
scoreboard and of one wrong record are saved under screenshots/ in the session's run folder for a
person (under the session's temporary directory when the kit's own tests run: kit.plugin.place).

The browser is the session's one (tests/browser.py). Without Chromium these tests FAIL, saying how
to install it: a report nobody checked in a browser has not passed.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from kit.arms import arm as offline_arm
from kit.corpus import load
from kit.measure import report, results, scoring, thresholds
from kit.rules import citation

REPO = Path(__file__).resolve().parents[2]
HOSTILE = (
    '<script>window.__pwned = "script"</script> <img src=x onerror="window.__pwned = \'img\'"> '
    "</td></tr></table> {{ 7 * 7 }} <a href=\"javascript:window.__pwned = 'link'\">open</a>"
)


class Opened:
    """A page with the report loaded, and everything it said to the console or asked the network."""

    def __init__(self, browser, path: Path) -> None:
        self.page = browser.new_page(viewport={"width": 1280, "height": 900})
        self.console: list[str] = []
        self.requests: list[str] = []
        self.dialogs: list[str] = []
        self.page.on("console", lambda m: self.console.append(f"{m.type}: {m.text}"))
        self.page.on("pageerror", lambda e: self.console.append(f"pageerror: {e}"))
        self.page.on("request", lambda r: self.requests.append(r.url))
        self.page.on("dialog", lambda d: (self.dialogs.append(d.message), d.dismiss()))
        self.url = path.resolve().as_uri()
        self.page.goto(self.url)


@pytest.fixture
def opened(browser, report_file):
    view = Opened(browser, report_file)
    yield view
    view.page.close()


@pytest.fixture(scope="module")
def tables():
    return thresholds.load(REPO)


@pytest.fixture(scope="module")
def report_file(run_folder, shipped, tables) -> Path:
    return report.write(run_folder, shipped, tables=tables)


def arm_files(run_folder: Path) -> dict[str, dict]:
    return {p.stem: json.loads(p.read_text()) for p in sorted(run_folder.glob("*.json"))}


def pct(x) -> str:
    return "-" if x is None else f"{x * 100:.1f}%"


SHOWN_SCOREBOARDS = """() => {
  const out = {};
  document.querySelectorAll('section.arm').forEach(s => {
    out[s.dataset.arm] = {};
    s.querySelectorAll('table.scoreboard tbody tr:not(.calibration)').forEach(tr => {
      const cell = c => tr.querySelector('td.' + c).textContent.trim();
      out[s.dataset.arm][tr.dataset.metric] = [cell('count'), cell('rate'), cell('ci'), cell('result')];
    });
  });
  return out;
}"""


def test_the_numbers_shown_equal_the_result_files(opened, run_folder):
    shown = opened.page.evaluate(SHOWN_SCOREBOARDS)
    files = arm_files(run_folder)
    assert sorted(shown) == sorted(files)
    for arm, data in files.items():
        assert list(shown[arm]) == list(data["metrics"]), arm
        for name, m in data["metrics"].items():
            low, high = m["ci95"]
            expected = [f"{m['count']}/{m['total']}", pct(m["rate"]), f"{pct(low)}\u2013{pct(high)}"]
            assert shown[arm][name][:3] == expected, (arm, name)
            # The shipped run passes every gate, as the terminal says: the pins on the corpus they were
            # measured on, and stub-floor's "= floor N" (no row left without a threshold).
            assert shown[arm][name][3] == "pass", (arm, name)
    floor = files["floor"]
    for key in ("ORDER-GAP", "INPATIENT-SUPPORTED"):
        for rechecked in ("ORDER-GAP", "INPATIENT-SUPPORTED"):
            cell = opened.page.locator(
                f'#arm-floor table.confusion td[data-key="{key}"][data-rechecked="{rechecked}"]'
            )
            want = sum(
                1 for r in floor["records"] if (r["gold_support"], r["rechecked_support"]) == (key, rechecked)
            )
            assert cell.inner_text() == str(want)
    tele = files["stub-floor"]["telemetry"]
    head = opened.page.locator("#arm-stub-floor dl.head").inner_text()
    assert f"{tele['calls']} ({tele['bought']} bought" in head
    assert f"input {tele['tokens']['input']}" in head and f"p50 {tele['latency_ms']['p50']:.0f} ms" in head
    assert "flagged units withheld from the model (default), in 0 record(s)" in head
    scanned = tele["guards"]["scan"]
    assert f"{scanned['ms_total']:.1f} ms over 60 record(s)" in head and "0 flags, 0 withheld" in head
    assert "guard: egress gate\nnot run: the run did not redact" in head
    opened.page.locator('#arm-stub-floor a.open-detail[data-target="stub-floor--ADM-0001"]').click()
    sent = opened.page.locator("#stub-floor--ADM-0001 div.sent").inner_text().split("\n\n")
    assert sent[0] == "Sent to the model: everything: the document scan flagged nothing"
    assert sent[1].startswith("Guards: redaction off; scan ") and "(0 flagged units, 0 withheld)" in sent[1]
    opened.page.locator('#arm-floor a.open-detail[data-target="floor--ADM-0001"]').click()
    assert opened.page.locator("#floor--ADM-0001 div.sent").inner_text() == "", "an offline arm sent nothing"
    flips = files["injection-floor"]["metrics"]
    for row in opened.page.locator("#arm-injection-floor table.placements tbody tr").all():
        name = row.get_attribute("data-set")
        cells = [c.inner_text() for c in row.locator("td").all()]
        assert cells[5] == str(flips[f"{name}.cites_plant"]["count"]), name
        assert cells[3] == str(flips[f"{name}.rechecked_flip"]["count"]), name


def visible_ids(page, arm: str) -> list[str]:
    return page.locator(f"#arm-{arm} table.records tr.rec:visible").evaluate_all(
        "rows => rows.map(r => r.dataset.id)"
    )


def test_filtering_to_wrong_records_shows_exactly_those(opened, run_folder):
    data = arm_files(run_folder)["floor"]
    wrong = data["metrics"]["records.fully_right"]["costly_records"]
    page, section = opened.page, opened.page.locator("#arm-floor")
    assert len(visible_ids(page, "floor")) == 60
    section.locator("input.only-wrong").check()
    assert visible_ids(page, "floor") == wrong and len(wrong) == 24
    assert section.locator(".shown").inner_text() == "24"
    assert page.locator("details.detail").count() == 0  # details are built only when asked for
    section.locator(f'a.open-detail[data-target="floor--{wrong[0]}"]').click()
    assert page.locator("details.detail").evaluate_all("ds => ds.map(d => [d.id, d.open])") == [
        [f"floor--{wrong[0]}", True]
    ]
    section.locator(f'a.open-detail[data-target="floor--{wrong[0]}"]').click()
    assert page.locator("details.detail").count() == 0  # a second click closes it
    section.locator("select.verdict").select_option("INPATIENT-SUPPORTED")
    gold = {r["id"]: r["gold_support"] for r in data["records"]}
    assert visible_ids(page, "floor") == [r for r in wrong if gold[r] == "INPATIENT-SUPPORTED"]
    section.locator("input.only-wrong").uncheck()
    assert visible_ids(page, "floor") == [r for r in gold if gold[r] == "INPATIENT-SUPPORTED"]


# Every record of an arm drawn by the page's own renderer (KitRecord.render on the embedded data), put
# into the document so styles apply, and its lines read back.
MARKED_LINES = """(arm) => {
  const data = JSON.parse(document.getElementById('kit-data').textContent);
  const host = document.createElement('div');
  host.id = 'all-records';
  document.body.appendChild(host);
  return data.arms[arm].map(answer => {
    const view = window.KitReport.view(arm, answer.id);
    const node = host.appendChild(window.KitRecord.render(view));
    return [answer.id, Array.from(node.querySelectorAll('ol.text li')).map(li => [
      li.value, li.dataset.cited || '', li.dataset.keyline || '', li.className,
      Array.from(li.querySelectorAll('span.q-cited')).map(s => [s.textContent, s.title])])];
  });
}"""


def lines_holding(text: str, quote: str | None) -> set[int]:
    """1-based numbers of the record lines that hold the quote (normalised as the scorer does)."""
    needle = citation.norm(quote or "")
    return {n for n, line in enumerate(text.split("\n"), 1) if needle and needle in citation.norm(line)}


def test_the_marked_lines_are_the_cited_and_the_key_lines(opened, run_folder, shipped):
    data = arm_files(run_folder)["floor"]
    shown = dict(opened.page.evaluate(MARKED_LINES, "floor"))
    by_id, elsewhere, partial = shipped.by_id(), 0, 0
    for grade in data["records"]:
        record, lines = by_id[grade["id"]], shown[grade["id"]]
        gold = {g["element"]: g for g in record.gold["elements"]}
        for e in grade["elements"]:
            element = e["element"]
            cited = {n for n, c, _, _, _ in lines if element in c.split()}
            keyed = {n for n, _, k, _, _ in lines if element in k.split()}
            assert keyed == lines_holding(record.text, gold[element]["citation"]), (grade["id"], element)
            want = lines_holding(record.text, e["quote"]) if e["citation"] != "not-found" else set()
            assert cited == want, (grade["id"], element, e["quote"])
            elsewhere += bool(cited) and cited != keyed
            if len(cited) == 1 and e["citation"] != "not-found":
                # only the quoted characters are marked, not the whole line they stand in
                (number,) = cited
                spans = "".join(t for t, title in lines[number - 1][4] if element in title)
                assert citation.norm(spans) == citation.norm(e["quote"]), (grade["id"], element)
                partial += citation.norm(spans) != citation.norm(record.text.split("\n")[number - 1])
    assert elsewhere > 0  # some answer quotes a line that is not the key's, so the two marks differ
    assert partial > 0  # some quotes are a sentence inside a longer paragraph, and only it is marked
    for _, lines in shown.items():
        for _, c, k, cls, _ in lines:
            assert ("cited" in cls.split()) == bool(c) and ("keyline" in cls.split()) == bool(k)
    styles = opened.page.evaluate(
        """() => ['cited', 'keyline'].map(c => {
             const s = getComputedStyle(document.querySelector('ol.text li.' + c + ':not(.' +
               (c === 'cited' ? 'keyline' : 'cited') + ')'));
             return [s.backgroundColor, s.boxShadow, s.borderLeftStyle];
           })"""
    )
    assert styles[0] != styles[1], styles
    assert opened.page.locator("#arm-floor p.legend .cited").count() == 1
    assert opened.page.locator("#arm-floor p.legend .keyline").count() == 1


def test_no_console_error_and_no_request_beyond_the_file(opened):
    page = opened.page
    section = page.locator("#arm-floor")
    section.locator("input.only-wrong").check()
    section.locator("select.verdict").select_option("ORDER-GAP")
    section.locator("table.records a.open-detail:visible").first.click()
    page.locator("#arm-injection-floor details.placement summary").first.click()
    page.locator("#arm-injection-floor details.plant-detail summary").first.click()
    plant = page.locator("#arm-injection-floor details.plant-detail ol.text mark.plant")
    plant.first.wait_for()  # the detail is built by the page's script when it opens, not at the click
    assert plant.count() == 1
    page.wait_for_timeout(200)
    assert opened.console == []
    assert opened.requests == [opened.url]
    csp = page.locator('meta[http-equiv="Content-Security-Policy"]').get_attribute("content")
    assert "default-src 'none'" in csp and "unsafe-inline" not in csp


def test_screenshots_of_the_scoreboard_and_a_wrong_record(opened, run_folder, kit_session):
    folder = kit_session.results_dir / kit_session.run_id / "screenshots"
    folder.mkdir(parents=True, exist_ok=True)
    page = opened.page
    page.locator("#arm-floor table.scoreboard").screenshot(path=str(folder / "scoreboard-floor.png"))
    floor = arm_files(run_folder)["floor"]
    # a wrong record whose answer quotes another line than the key's: both marks show
    wrong = next(
        r["id"] for r in floor["records"] if any(e["citation"] == "located-elsewhere" for e in r["elements"])
    )
    assert wrong in floor["metrics"]["records.fully_right"]["costly_records"]
    page.locator(f'#arm-floor a.open-detail[data-target="floor--{wrong}"]').click()
    detail = page.locator(f"#floor--{wrong}")
    assert detail.evaluate("d => d.open")
    detail.screenshot(path=str(folder / f"wrong-record-floor-{wrong}.png"))
    for name in ("scoreboard-floor.png", f"wrong-record-floor-{wrong}.png"):
        assert (folder / name).read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


@pytest.fixture(scope="module")
def hostile_report(tmp_path_factory) -> Path:
    """A corpus whose ADM-0001 carries markup in its text and its case, answered by the floor with a
    quote of that line and a parser problem repeating it, as a model reply might."""
    folder = tmp_path_factory.mktemp("hostile") / "corpus"
    shutil.copytree(load.shipped_folder(), folder)
    path = folder / "ADM-0001.txt"
    line = f"2026-08-12  Reviewer remark: {HOSTILE}"
    path.write_text(path.read_text().rstrip("\n") + f"\n  {line}\n")
    rows = json.loads((folder / "records.json").read_text())
    rows[0]["case"] = HOSTILE
    (folder / "records.json").write_text(json.dumps(rows))
    corpus = load.load(folder)
    answers = {r.id: offline_arm("floor")(r) for r in corpus.records}
    services = answers["ADM-0001"].elements["services_delivered"]
    services.citation = line
    call = {"record": "ADM-0001", "repeat": 0, "problems": [f"why: {HOSTILE}"], "error": None}
    extra = {"telemetry": {"calls": 1, "tokens": {}, "per_call": [call], "scan": {}}, "model": HOSTILE}
    scored = scoring.score("floor", corpus, answers)
    run = folder.parent / "run"
    results.write(run / "floor.json", "hostile", scored, corpus, extra)
    return report.write(run, corpus)


def test_a_hostile_record_renders_as_text_and_runs_nothing(browser, hostile_report):
    view = Opened(browser, hostile_report)
    page = view.page
    try:
        page.locator('#arm-floor a.open-detail[data-target="floor--ADM-0001"]').click()
        page.locator("#floor--ADM-0001 ol.text").click()
        page.wait_for_timeout(200)
        assert page.evaluate("() => window.__pwned") is None
        assert view.dialogs == [] and view.console == [] and view.requests == [view.url]
        scripts = page.evaluate("() => Array.from(document.scripts).map(s => s.type)")
        assert scripts == ["application/json", ""]  # the embedded data (not run) and the report's own
        for selector in ("img", "[onerror]", 'a[href^="javascript:"]'):
            assert page.locator(selector).count() == 0, selector
        row = page.locator('#arm-floor tr.rec[data-id="ADM-0001"]')
        assert HOSTILE in row.inner_text()  # the case cell, as text
        detail = page.locator("#floor--ADM-0001").inner_text()
        assert detail.count(HOSTILE) >= 3  # the record line, the quote and the parser problem
        assert "{{ 7 * 7 }}" in page.locator("#arm-floor dl.head").inner_text()  # the model name
        last = page.locator("#floor--ADM-0001 ol.text li.cited").last
        assert last.get_attribute("data-cited") == "services_delivered" and HOSTILE in last.inner_text()
    finally:
        page.close()


def test_the_page_rebuilds_each_view_the_python_view_model_gives(opened, run_folder, shipped):
    from kit.measure import record_view

    by_id = shipped.by_id()
    for arm in ("floor", "stub-floor"):
        data = arm_files(run_folder)[arm]
        calls = (data.get("telemetry") or {}).get("per_call", [])
        notes = {c["record"]: [*c["problems"], *([c["error"]] if c["error"] else [])] for c in calls}
        sent = {c["record"]: {k: c[k] for k in ("sent", "withheld", "guards")} for c in calls}
        shown = opened.page.evaluate(
            "(arm) => JSON.parse(document.getElementById('kit-data').textContent).arms[arm]"
            ".map(a => window.KitReport.view(arm, a.id))",
            arm,
        )
        assert len(shown) == 60
        for view in shown:
            want = record_view(by_id[view["id"]], next(r for r in data["records"] if r["id"] == view["id"]),
                               notes.get(view["id"], []), sent=sent.get(view["id"]))  # fmt: skip
            want.pop("version")
            assert view == want, (arm, view["id"])


def test_a_record_reads_at_800_pixels_without_cutting_or_splitting_ids(browser, report_file, run_folder):
    view = Opened(browser, report_file)
    page = view.page
    try:
        page.set_viewport_size({"width": 800, "height": 900})
        wrong = arm_files(run_folder)["floor"]["metrics"]["records.fully_right"]["costly_records"][0]
        page.locator(f'#arm-floor a.open-detail[data-target="floor--{wrong}"]').click()
        assert page.evaluate("() => document.documentElement.scrollWidth") <= 800
        split = page.evaluate(
            """() => Array.from(document.querySelectorAll(
                 '#summary tbody th a, table.elements .id, td.metric .id, table.records td:first-child a'))
               .filter(e => e.getClientRects().length > 1).map(e => e.textContent)"""
        )
        assert split == []
        titles = page.locator("#arm-floor table.scoreboard tr:not(.calibration) td.metric .id").evaluate_all(
            "ids => ids.filter(i => !i.title).map(i => i.textContent)"
        )
        assert titles == []  # every metric id carries its plain words on hover
        assert view.console == []
    finally:
        page.close()


FITS = """table => {
  const box = table.getBoundingClientRect();
  const shown = 'thead th, details.detail ol.text li, details.detail table.elements';
  const out = Array.from(table.querySelectorAll(shown))
    .filter(e => e.getBoundingClientRect().right > box.right + 1)
    .map(e => e.tagName + ' ' + e.textContent.slice(0, 40));
  return {scroll: table.scrollWidth, client: table.clientWidth, out: out};
}"""


def widest(data: dict) -> list[str]:
    """Wrong records to open: every fourth, and each whose answer quotes a line not credited (the
    longest rows of the element table)."""
    costly = data["metrics"]["records.fully_right"]["costly_records"]
    quoted = {r["id"] for r in data["records"] if any(e.get("quote") and e["citation"] != "credited"
                                                       for e in r["elements"])}  # fmt: skip
    return [rid for n, rid in enumerate(costly) if n % 4 == 0 or rid in quoted]


@pytest.mark.parametrize("width", [1280, 800])
@pytest.mark.parametrize("arm", ["floor", "always-present"])
def test_a_wrong_record_opened_wraps_its_lines_inside_the_table(browser, report_file, run_folder, width, arm):
    """Before: the detail row inherited the id cell's `white-space: nowrap`, so the record lines did not
    wrap: the records table grew to 3,169 px in its 1,200 px box and the rechecked, fully-right and
    problems columns went off screen (and at 800 px the element table pushed it wider still)."""
    view = Opened(browser, report_file)
    page = view.page
    try:
        page.set_viewport_size({"width": width, "height": 900})
        table = page.locator(f"#arm-{arm} table.records")
        for rid in widest(arm_files(run_folder)[arm]):
            link = page.locator(f'#arm-{arm} a.open-detail[data-target="{arm}--{rid}"]')
            link.click()
            fit = table.evaluate(FITS)
            assert fit["scroll"] <= fit["client"] + 1 and fit["out"] == [], (rid, fit)
            assert table.locator("details.detail ol.text li").count() > 20  # the record's lines are there
            link.click()
    finally:
        page.close()


LABEL_BOXES = """svg => {
  const box = e => {
    const b = e.getBBox();
    return [b.x, b.y, b.x + b.width, b.y + b.height, e.textContent];
  };
  const labels = Array.from(svg.querySelectorAll('text.label')).map(box);
  return {title: box(svg.querySelector('text.title')), labels: labels};
}"""


def test_no_point_label_is_drawn_over_the_cost_plots_title_or_another_label(browser, run_folder, tmp_path):
    """Before: the point at 100% had its label drawn over the plot's title."""
    from kit.measure import leaderboard, leaderboard_page

    page_file = tmp_path / "leaderboard.html"
    page_file.write_text(leaderboard_page.render(leaderboard.build(leaderboard.load_runs([run_folder]))))
    view = Opened(browser, page_file)
    try:
        found = view.page.locator("svg.scatter").evaluate(LABEL_BOXES)
        boxes = [found["title"], *found["labels"]]
        assert len(found["labels"]) >= 3 and any(b[4].endswith("/oracle") for b in found["labels"])
        meets = [(a[4], b[4]) for i, a in enumerate(boxes) for b in boxes[i + 1 :]
                 if a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]]  # fmt: skip
        assert meets == []
        assert view.console == []
    finally:
        view.page.close()
