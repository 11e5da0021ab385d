"""The board served by uvicorn on 127.0.0.1 and used in Debian's headless Chromium through Playwright,
as a reviewer would: the records list and its filters, a record with its marks, a pasted record
corrected on two elements and saved, found again after a reload and graded perfect by the oracle; the
model button disabled with no provider and, with the stub configured, the model's answer beside the
floor's; a record carrying markup and script shown as text; a POST from another origin refused.
Screenshots of the list, a wrong record, the model beside the floor and the correction form go to
board-screenshots/ in the session's run folder for a person (under the session's temporary directory
when the kit's own tests run: kit.plugin.place).

The browser is the session's one (tests/browser.py); without Chromium these tests FAIL, saying how
to install it, like the report's."""

from __future__ import annotations

import http.server
import json
import re
import socket
import socketserver
import threading
import time
from pathlib import Path

import pytest
import uvicorn
from playwright.sync_api import expect

from kit import pipeline
from kit.arms import floor, served_replies
from kit.board import ModelPlace, create_app
from kit.corpus import __main__ as corpus_main
from kit.corpus import load
from kit.measure import compare
from kit.model import StubServer
from kit.rules import elements
from tests.board.conftest import own_record
from tests.board.test_corrections import oracle_is_perfect
from tests.unit.cli.test_one_record_reader import DAMAGES, check_says

HOSTILE = (
    '<script>window.__pwned = "script"</script> <img src=x onerror="window.__pwned = \'img\'"> '
    "{{ 7 * 7 }} <a href=\"javascript:window.__pwned = 'link'\">open</a>"
)


@pytest.fixture(scope="module")
def two_runs(tmp_path_factory, shipped) -> Path:
    folder = tmp_path_factory.mktemp("results")
    settings = pipeline.RunSettings(run_id="r-browser", results_dir=folder)
    for name in ("floor", "oracle"):
        pipeline.run(shipped, pipeline.OfflineArm(name), settings)
    return folder


class Served:
    """The board on a free loopback port, in a thread of this process."""

    def __init__(self, tmp: Path, results: Path) -> None:
        self.labelled = tmp / "labelled"
        place = ModelPlace(tmp / ".env", tmp / "cache", tmp / "model-results")
        self.app = create_app(load.shipped_folder(), results, self.labelled, place)
        with socket.socket() as s:
            s.bind(("127.0.0.1", 0))
            self.port = s.getsockname()[1]
        self.answered: list[tuple[str, str, int]] = []  # (method, path, status) of every request served
        config = uvicorn.Config(
            self.recording, host="127.0.0.1", port=self.port, log_level="error", interface="asgi3"
        )
        self.server = uvicorn.Server(config)
        self.thread = threading.Thread(target=self.server.run, daemon=True)
        self.thread.start()
        for _ in range(200):
            if self.server.started:
                break
            time.sleep(0.05)
        self.url = f"http://127.0.0.1:{self.port}/"

    async def recording(self, scope, receive, send) -> None:
        async def noted(message) -> None:
            if message["type"] == "http.response.start":
                self.answered.append((scope["method"], scope["path"], message["status"]))
            await send(message)

        await self.app(scope, receive, noted if scope["type"] == "http" else send)

    def stop(self) -> None:
        self.server.should_exit = True
        self.thread.join(10)


@pytest.fixture
def served(tmp_path, two_runs, no_configuration):
    board = Served(tmp_path, two_runs)
    yield board
    board.stop()


@pytest.fixture
def page(browser, kit_session):
    page = browser.new_page(viewport={"width": 1400, "height": 1000})
    page.shots = kit_session.results_dir / kit_session.run_id / "board-screenshots"
    page.seen = {"console": [], "requests": [], "dialogs": []}
    page.on("console", lambda m: page.seen["console"].append(f"{m.type}: {m.text}"))
    page.on("pageerror", lambda e: page.seen["console"].append(f"pageerror: {e}"))
    page.on("request", lambda r: page.seen["requests"].append(r.url))
    page.on("dialog", lambda d: (page.seen["dialogs"].append(d.message), d.dismiss()))
    yield page
    page.close()


def shot(page, name: str) -> None:
    page.shots.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(page.shots / name), full_page=False)


def own_rows(page) -> list[str]:
    return page.locator("#records tbody tr").all_inner_texts()


def test_a_reviewer_reads_corrects_and_saves(served, page, shipped, two_runs, tmp_path, capsys):
    floor = json.loads((two_runs / "r-browser" / "floor.json").read_text())["records"]
    wrong = {r["id"]: r["gold_support"] for r in floor if not compare.grade_of(r).fully_right}
    page.goto(served.url)
    page.wait_for_selector("#records tbody tr")
    assert page.locator("#records tbody tr").count() == 60
    page.locator("#f-wrong").check()
    assert page.locator("#shown").inner_text() == str(len(wrong)) == "24"  # the floor's 24; the oracle's 0
    page.select_option("#f-verdict", "ORDER-GAP")
    assert page.locator("#shown").inner_text() == str(sum(v == "ORDER-GAP" for v in wrong.values()))
    page.locator("#f-wrong").uncheck()
    page.select_option("#f-verdict", "")
    shot(page, "1-records-list.png")

    page.locator("#records a.open", has_text="ADM-0023").click()
    page.wait_for_selector(".record-view ol.text")
    cited = [g for g in shipped.by_id()["ADM-0023"].gold["elements"] if g["citation"]]
    assert page.locator(".record-view li.keyline").count() == len(cited) == 3
    page.select_option("#rec-source", "run:r-browser/floor")
    page.wait_for_selector('.view[data-source="run:r-browser/floor"] .record-view')
    view = page.locator(".view").first
    assert "order-ambiguous where the key says order-present" in view.inner_text()
    assert view.locator("li.cited").count() == 2 and view.locator("li.keyline").count() == 3
    assert "Anything that reaches this rule" not in view.inner_text()  # the floor's rule is TM-2's
    assert "an admit order carrying no status word" in view.locator("blockquote.rule-sentence").inner_text()
    shot(page, "2-record-wrong-answer.png")
    assert page.locator("#model-go").is_disabled()
    note = page.locator("#model-note").inner_text()
    assert "no model provider is configured" in note and "kit configure" in note

    page.goto(served.url + "#/own")
    page.fill("#own-text", own_record("MY-0300", source="ADM-0023"))
    page.click("#own-check")
    page.wait_for_selector('.view[data-source="floor"]')
    assert page.locator("#rec-title").inner_text() == "own/MY-0300"
    order = page.locator('fieldset[data-element="admitting_order"]')
    order.locator('input[value="correct"]').check()
    order.locator("select.finding").select_option("order-present")
    stay = page.locator('fieldset[data-element="stay_expectation"]')
    stay.locator('input[value="correct"]').check()
    stay.locator("select.finding").select_option("documented")
    stay.locator("button.pick").click()
    page.locator("ol.pickable li", has_text="On admission I anticipate").click()
    assert "On admission I anticipate" in stay.locator("input.citation").input_value()
    stay.locator("input.discharge").fill("2026-08-01")
    page.locator("#correct").scroll_into_view_if_needed()
    shot(page, "4-correction-form.png")
    page.click("#save")
    expect(page.locator("#save-note")).to_have_text(re.compile("^Saved as gold"), timeout=20000)
    assert "INPATIENT-SUPPORTED by rule TM-5" in page.locator("#save-note").inner_text()

    page.goto(served.url)
    page.reload()
    page.wait_for_selector("#records tbody tr")
    assert any(r.startswith("labelled\tMY-0300") and "INPATIENT-SUPPORTED" in r for r in own_rows(page))
    assert corpus_main.main(["--check", str(served.labelled)]) == 0
    assert "1 records, with gold, valid" in capsys.readouterr().out
    assert oracle_is_perfect(served.labelled, tmp_path)
    assert [c for c in page.seen["console"] if "error" in c] == []
    assert all(u.startswith(served.url) for u in page.seen["requests"])


def test_the_model_button(served, page, shipped, monkeypatch):
    with StubServer(replies=served_replies("floor", shipped.records, None)) as stub:
        monkeypatch.setenv("PROVIDER", "stub")
        monkeypatch.setenv("BASE_URL", stub.base_url)
        monkeypatch.setenv("MODEL", "stub-floor")
        page.goto(served.url + "#/record/corpus/ADM-0023")
        expect(page.locator("#model-go")).to_be_enabled(timeout=20000)
        note = page.locator("#model-note").inner_text()
        assert "Estimated cost: not priced: no card for stub-floor" in note
        assert stub.requests == 0
        page.click("#model-go")
        page.wait_for_selector('.views.side .view[data-source="model"]')
        assert stub.requests == 1
        sides = page.locator(".views.side .view")
        assert [sides.nth(i).get_attribute("data-source") for i in range(2)] == ["model", "floor"]
        assert page.locator("#rec-source").input_value() == "model"
        assert "accept the reading shown (model)" in page.locator("#correct").inner_text()
        shot(page, "3-model-beside-floor.png")
        page.select_option("#rec-source", "floor")  # the model's answer stays beside the reading chosen
        page.wait_for_selector('.views.side .view[data-source="floor"] + .view[data-source="model"]')
        assert "accept the reading shown (floor)" in page.locator("#correct").inner_text()


def test_a_record_with_markup_and_script_renders_as_text(served, page):
    page.goto(served.url + "#/own")
    page.fill("#own-text", own_record("MY-0400", change=("Background:", f"{HOSTILE} Background:")))
    page.click("#own-check")
    page.wait_for_selector('.view[data-source="floor"] ol.text')
    assert HOSTILE in page.locator(".view ol.text").inner_text()
    assert page.evaluate("window.__pwned") is None
    assert page.locator(".view img, .view script, .view a[href^=javascript]").count() == 0
    assert page.seen["dialogs"] == []


class _Elsewhere(http.server.BaseHTTPRequestHandler):
    """Another site (another origin on this machine): one page, nothing else."""

    def do_GET(self) -> None:  # noqa: N802 - the handler's own name
        body = b"<p>another site</p>"
        self.send_response(200)
        self.send_header("Content-Type", "text/html")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args) -> None:
        return


def test_a_post_from_another_origin_is_refused(served, page):
    """A page on another origin sends the board a simple (no-preflight) POST: it arrives, and is refused."""
    with socketserver.TCPServer(("127.0.0.1", 0), _Elsewhere) as elsewhere:
        threading.Thread(target=elsewhere.serve_forever, daemon=True).start()
        page.goto(f"http://127.0.0.1:{elsewhere.server_address[1]}/")
        said = page.evaluate(
            """async (url) => {
                try {
                  const r = await fetch(url + "api/own", {method: "POST", mode: "no-cors",
                    body: '{"text": "x"}', headers: {"Content-Type": "text/plain"}});
                  return r.type;
                } catch (e) { return String(e); }
            }""",
            served.url,
        )
        elsewhere.shutdown()
    assert ("POST", "/api/own", 403) in served.answered, said
    assert not any(status == 200 for method, _, status in served.answered if method == "POST")
    assert served.app.state.board.shelf.own == {}


def test_a_chosen_file_that_is_not_utf8_is_named_as_the_checker_names_it(served, page, tmp_path):
    """The page sends the chosen file's bytes; before, it decoded them itself and showed a Latin-1
    record as `n\ufffde M\ufffdller, caf\ufffd`."""
    said = check_says(tmp_path, DAMAGES["latin-1"])
    page.goto(served.url + "#/own")
    page.set_input_files("#own-file", files=[
        {"name": "mine.txt", "mimeType": "text/plain", "buffer": DAMAGES["latin-1"]}])  # fmt: skip
    expect(page.locator("#own-problems")).to_contain_text(f"mine.txt: {said}", timeout=20000)
    assert served.app.state.board.shelf.own == {}


def test_the_form_holds_the_reading_chosen_and_the_list_says_what_is_wrong(served, page, shipped, two_runs):
    """Before: with "read by: floor" chosen the correction form still said "(key)" and held the key's
    findings; and the list showed "ORDER-GAP (wrong)" in red where the verdict was the key's."""
    rid = "ADM-0023"
    record = shipped.by_id()[rid]
    page.goto(served.url + f"#/record/corpus/{rid}")
    page.wait_for_selector('.view[data-source="key"] .record-view')
    assert "accept the reading shown (key)" in page.locator("#correct").inner_text()
    page.select_option("#rec-source", "floor")
    page.wait_for_selector('.view[data-source="floor"]')
    expect(page.locator("#correct")).to_contain_text("accept the reading shown (floor)")
    assert "(key)" not in page.locator("#correct").inner_text()
    floor_answer = floor.answer(record.text, record.admitted_at)
    for element in elements.ELEMENTS:
        shown = page.locator(f'fieldset[data-element="{element}"] select.finding').input_value()
        assert shown == floor_answer.row(element).finding, element
    assert floor_answer.row("admitting_order").finding != record.gold["elements"][0]["finding"]

    graded = json.loads((two_runs / "r-browser" / "floor.json").read_text())["records"]
    partly = next(r for r in graded if r["rechecked_support"] == r["gold_support"]
                  and not compare.grade_of(r).fully_right)  # fmt: skip
    page.goto(served.url)
    cell = page.locator(f'#records tbody tr:has(a.open:text-is("{partly["id"]}")) td.run-reading').first
    expect(cell).to_have_class(re.compile(r"\bpartly\b"))
    said = cell.inner_text()
    assert said.startswith(f"{partly['rechecked_support']} (verdict right)") and "(wrong)" not in said
    wrong = [e["element"] for e in partly["elements"] if e["citation"] not in ("credited", "null-ok")
             or not e["finding_right"]]  # fmt: skip
    assert wrong and all(element in said for element in wrong)
