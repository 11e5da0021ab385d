"""The corpus: the generated 60-record set (plan, pools, writer) and the loader for a user's own
folder of records. `python -m kit.corpus --out DIR` regenerates the shipped set byte for byte."""
