"""Admission evidence kit: assembles four evidence elements from one admission record and derives,
in pure code, what the two-midnight rulebook supports. It supports a reviewer's decision; it never
makes one and never writes a status anywhere."""
