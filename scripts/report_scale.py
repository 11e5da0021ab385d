"""How the report grows with the corpus: page size and time to first render in headless Chromium at
60, 600 and 6,000 records.

  python3 scripts/report_scale.py [--sizes 60,600,6000] [--workdir /tmp/report-scale] [--shots DIR]

For each size it writes a corpus by renumbering the shipped records (ADM-0001.. in turn, the id
replaced in the text, records.json and gold.jsonl; ids keep four digits so every gold span stays
where it was), scores the floor, the oracle and the always-present arm on it offline, writes the
report, and opens it from disk in /usr/bin/chromium: it prints the page's bytes, how long `kit
report` took to write it, and from navigation start the time until the summary table is visible
(the first screen) and until the load event. Nothing is fetched; no model is called.
"""

from __future__ import annotations

import argparse
import json
import shutil
import time
from pathlib import Path

from kit import pipeline
from kit.corpus import load
from kit.measure import report, thresholds

ARGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
    "--disable-component-update", "--disable-sync", "--no-first-run",
]  # fmt: skip
REPO = Path(__file__).resolve().parents[1]


def renumbered(size: int, folder: Path) -> Path:
    """A corpus of `size` records: the shipped ones again and again, each under a new id."""
    shipped = load.shipped_folder()
    if folder.exists():
        shutil.rmtree(folder)
    folder.mkdir(parents=True)
    facts = json.loads((shipped / "records.json").read_text())
    golds = [json.loads(line) for line in (shipped / "gold.jsonl").read_text().splitlines() if line]
    rows, gold_rows = [], []
    for n in range(size):
        old, new = facts[n % len(facts)]["id"], f"ADM-{n + 1:04d}"
        text = (shipped / f"{old}.txt").read_text().replace(old, new)
        (folder / f"{new}.txt").write_text(text)
        rows.append({**facts[n % len(facts)], "id": new})
        gold_rows.append(json.loads(json.dumps(golds[n % len(golds)]).replace(old, new)))
    (folder / "records.json").write_text(json.dumps(rows, indent=1))
    (folder / "gold.jsonl").write_text("".join(json.dumps(g) + "\n" for g in gold_rows))
    manifest = json.loads((shipped / "manifest.json").read_text())
    manifest.update(records=size, dataset_version=f"renumbered-{size}")
    (folder / "manifest.json").write_text(json.dumps(manifest))
    return folder


def build(size: int, work: Path) -> tuple[Path, float]:
    corpus = load.load(renumbered(size, work / f"corpus-{size}"))
    settings = pipeline.RunSettings(run_id=f"scale-{size}", results_dir=work / "results")
    for arm in ("floor", "oracle", "always-present"):
        pipeline.run(corpus, pipeline.OfflineArm(arm), settings)
    started = time.perf_counter()
    path = report.write(work / "results" / f"scale-{size}", corpus, tables=thresholds.load(REPO))
    return path, time.perf_counter() - started


def opened(path: Path, shots: Path | None, size: int) -> dict[str, float]:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as driver:
        browser = driver.chromium.launch(executable_path="/usr/bin/chromium", args=ARGS)
        page = browser.new_page(viewport={"width": 1280, "height": 900})
        errors: list[str] = []
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.goto(path.resolve().as_uri(), wait_until="commit")
        page.wait_for_selector("#summary table.summary", state="visible")
        summary = page.evaluate("() => performance.now()")
        page.wait_for_load_state("load")
        timing = page.evaluate(
            """() => { const n = performance.getEntriesByType('navigation')[0];
                 const p = performance.getEntriesByName('first-contentful-paint')[0];
                 return [n.domContentLoadedEventEnd, n.loadEventEnd, p ? p.startTime : null,
                         document.querySelectorAll('#arm-floor table.records tr.rec').length]; }"""
        )
        if shots is not None:
            page.screenshot(path=str(shots / f"first-screen-{size}-records.png"))
        browser.close()
    if errors:
        raise SystemExit(f"page errors: {errors}")
    return {"summary_visible_ms": summary, "dom_ready_ms": timing[0], "load_ms": timing[1],
            "first_paint_ms": timing[2], "rows_drawn": timing[3]}  # fmt: skip


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sizes", default="60,600,6000")
    parser.add_argument("--workdir", type=Path, default=Path("/tmp/report-scale"))
    parser.add_argument("--shots", type=Path)
    args = parser.parse_args()
    print("records  page bytes  bytes/record  write s  first paint ms  summary visible ms  load ms")
    for size in (int(s) for s in args.sizes.split(",")):
        path, wrote = build(size, args.workdir)
        t = opened(path, args.shots, size)
        size_bytes = path.stat().st_size
        print(f"{size:7d}  {size_bytes:10d}  {size_bytes / size:12.0f}  {wrote:7.1f}  "
              f"{t['first_paint_ms']:14.0f}  {t['summary_visible_ms']:18.0f}  {t['load_ms']:7.0f}", flush=True)  # fmt: skip


if __name__ == "__main__":
    main()
