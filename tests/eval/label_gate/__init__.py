"""The label gate: an independent second derivation of the corpus answer key.

The generator writes `gold.jsonl` by planting lines in each record and calling the kit's own
benchmark and rule engine. This package does not trust any of that. It reads the corpus folder as
plain files and works every answer-key row out again from the record it belongs to, using its own
vocabulary and rule table (vocabulary), calendar-day counter (days), text normaliser and span finder
(spans), record layout (layout) and loader (loader). It imports nothing from the `kit` package,
directly or indirectly (tests/eval/test_label_gate.py walks this package to prove it), so a bug in
the library cannot hide itself by producing a key that agrees with the same bug.

Every check (key_checks, citation_checks, record_checks, plan; listed in checks) is a plain function
taking the loaded corpus and returning a list of problems, each written "ADM-NNNN: what is wrong" (or
"corpus: ..." when no single record is at fault). policy_check holds the rulebook renderings against
the gate's own table, and bites the tools that damage a copy of the real corpus for the bite tests.
"""
