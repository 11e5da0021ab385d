"""pyspellchecker's English word list, loaded once per process for both guards: the scan reads it to
tell English from another language (kit.guard.scan.script), the redactor to tell a common word from an
identifier (kit.guard.redact.lexicon). Loading it takes a sixth of a second, paid once for all three uses
(the scan's word list, the redactor's common words with and without the name words).

It only hands out the list, which no caller changes; it judges no word itself.
"""

from __future__ import annotations

import functools

from spellchecker import SpellChecker, WordFrequency


@functools.cache
def word_frequency() -> WordFrequency:
    """The English word list with each word's count, as pyspellchecker ships it."""
    return SpellChecker(language="en").word_frequency
