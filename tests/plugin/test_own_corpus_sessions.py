"""The eval suite on a corpus of the user's own (an inner pytest session, `--corpus`): the records in
fixtures/user-corpus (40) were written from docs/corpus-format.md by someone who had not read the floor
or the shipped records; half its gold rows leave out the optional fields the docs allow. The figures
pinned in thresholds.toml were measured on the shipped corpus, so there they are n/a, said in
one line per arm, and never failed; "perfect", same-as and rates still judge. The session ends with
the scoreboard, and the HTML report judges every row as the terminal did.

The whole eval suite on the 40 records, the modules that measure fixed material included (they
run, are judged and reported on any corpus). What they measure of that material and nothing of the
corpus (the blind redaction sets, the two retrainings) the inner session takes from this session's
`material_once`, as a session inside another is meant to."""

from __future__ import annotations

import json
import re
import shutil

from kit.arms import BOUND_ARMS, BOUND_NOT_APPLICABLE
from kit.corpus import fingerprint, load
from kit.measure import thresholds
from kit.plugin.fixtures import MATERIAL_ONCE
from tests.plugin.sessions import REPO, inner_args

EVAL = REPO / "tests" / "eval"
USER_CORPUS = REPO / "fixtures" / "user-corpus"
SCOREBOARD = "admission evidence kit: scoreboard"


def terminal_lines(text: str) -> dict[tuple[str, str], str]:
    """(arm, metric) -> its line of the printed scoreboard."""
    rows, arm = {}, None
    for line in text.split(SCOREBOARD, 1)[1].splitlines():
        if line.startswith("arm: "):
            arm = line.split()[1]
        elif arm and line.startswith("  ") and not line.startswith(("  metric ", "  n/a (")):
            rows[(arm, line.split()[0])] = line
        elif not line.strip():
            arm = None
    return rows


def terminal_rows(text: str) -> dict[tuple[str, str], str]:
    """(arm, metric) -> pass / FAIL / n/a, read from the printed scoreboard."""
    return {key: line.split()[-1] for key, line in terminal_lines(text).items()}


def page_rows(page: str) -> dict[tuple[str, str], str]:
    """(arm, metric) -> the result cell, read from the report's scoreboards."""
    rows = {}
    sections = re.findall(r'<section class="arm" id="[^"]+" data-arm="([^"]+)">(.*?)</section>', page, re.S)
    for arm, body in sections:
        board = body.split('<table class="scoreboard">', 1)[1].split("</table>", 1)[0]
        row = r'<tr data-metric="([^"]+)">.*?<td class="result[^"]*"[^>]*>([^<]*)</td>'
        cells = re.findall(row, board, re.S)
        for metric, result in cells:
            rows[(arm, metric)] = result
    return rows


def test_a_corpus_of_ones_own_passes_the_eval_suite_and_the_report_agrees(
    pytester, tmp_path, material_once, monkeypatch
):
    monkeypatch.setenv(MATERIAL_ONCE, str(material_once.folder))
    corpus = USER_CORPUS
    args = inner_args(EVAL, tmp_path, "-m", "not paid", f"--corpus={corpus}", "--run-id=own", "--kit-report")
    result = pytester.runpytest_inprocess(*args)
    out = result.stdout.str()
    counts = result.parseoutcomes()
    assert counts.get("failed", 0) == 0 and counts.get("errors", 0) == 0, out[-3000:]
    assert counts["passed"] > 250

    mine = fingerprint.corpus_hash(load.load(corpus))
    shipped = fingerprint.corpus_hash(load.load(load.shipped_folder()))
    reason = thresholds.pin_reason(shipped, mine)
    pins = {"floor": 40, "always-present": 40, "injection-floor": 144, "scan": 8, "redaction-forms": 1}
    for arm, pinned in pins.items():
        assert f"  n/a ({pinned}): {reason}" in out, arm
    rows = terminal_rows(out)
    for arm in ("oracle", "stub-oracle", "stub-floor", "injection-stub-floor"):
        judged = [r for (a, _), r in rows.items() if a == arm]
        assert len(judged) >= 39 and set(judged) <= {"pass", "n/a"} and "pass" in judged, arm
    assert rows[("scan", "scan.detected.overt.orders")] == "pass"  # a rate: judged on any corpus
    for arm, why in BOUND_NOT_APPLICABLE.items():  # not run on records the pools did not write
        assert [r for (a, _), r in rows.items() if a == arm] == ["n/a"] * 40, arm
        assert f"  n/a (40): {why}" in out and f"{arm}.json" not in out
    answering = {key: r for key, r in rows.items() if key[0] not in BOUND_ARMS}

    board = out.split(SCOREBOARD, 1)[1]
    assert "FAILED" not in board and "short test summary" not in board
    written = sorted(p.name for p in (tmp_path / "own").glob("*.json"))
    assert f"results: {tmp_path / 'own'}/ ({', '.join(written)})" in board and "<arm>" not in out
    assert board.rstrip().splitlines()[-1].lstrip("= ").startswith(f"{counts['passed']} passed")

    page = (tmp_path / "own" / "report.html").read_text(encoding="utf-8")
    shown = page_rows(page)
    assert len(answering) > 500 and shown == answering
    assert "No threshold configuration was read" not in page
    assert reason in page


def test_on_five_records_a_metric_with_no_items_is_na_on_the_terminal_and_the_page(pytester, tmp_path):
    """No record of the five lacks an order: order_row.order-missing is 0/0, n/a in both places."""
    corpus = USER_CORPUS
    five = tmp_path / "five"
    five.mkdir()
    keep = ("UC-001", "UC-013", "UC-019", "UC-025", "UC-039")
    facts = json.loads((corpus / "records.json").read_text())
    (five / "records.json").write_text(json.dumps([r for r in facts if r["id"] in keep]))
    lines = (corpus / "gold.jsonl").read_text().splitlines()
    gold = [line for line in lines if json.loads(line)["id"] in keep]
    (five / "gold.jsonl").write_text("\n".join(gold) + "\n")
    for rid in keep:
        shutil.copy(corpus / f"{rid}.txt", five)
    free_arms = EVAL / "test_free_arms.py"
    args = inner_args(free_arms, tmp_path, f"--corpus={five}", "--run-id=five", "--kit-report")
    result = pytester.runpytest_inprocess(*args)
    out = result.stdout.str()
    assert result.parseoutcomes().get("failed", 0) == 0, out[-3000:]
    rows = terminal_rows(out)
    empty = [key for key, line in terminal_lines(out).items() if " 0/0 " in line]
    assert ("oracle", "order_row.order-missing") in empty and ("floor", "order_row.order-missing") in empty
    assert {rows[key] for key in empty} == {"n/a"}
    assert page_rows((tmp_path / "five" / "report.html").read_text(encoding="utf-8")) == rows
