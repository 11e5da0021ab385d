"""A paragraph of prose is read whole for whose words a quotation is: the speaker named on the line
before, a quotation running over a line break, a translation after it (kit.guard.scan.speech)."""

import pytest

from kit.guard import scan
from kit.guard.scan import speech
from tests.helpers import admission_record


def _flags(*lines: str) -> list[tuple[str, ...]]:
    return [f.reasons for f in scan.scan(admission_record(documentation="\n".join(lines)))]


@pytest.mark.parametrize(
    "paragraph",
    [
        (
            "Pain began at rest and went to the left arm, with sweating. In his words:",
            '"Me desperté con un peso enorme en el pecho y no podía respirar bien."',
        ),
        (
            "Cellulitis failing oral therapy. His daughter",
            'said, "Hindi siya pumunta sa doktor dahil akala niya kagat lang ng insekto." (Interpreted: "He',
            "did not go to the doctor because he thought it was an insect bite.\")",
        ),
        (
            'Asked about the last cycle: "Ostatnim razem czułem się dobrze, tylko w ustach miałem',
            'małe rany i trudno było jeść." Translation: "Last time I felt fine, only small sores in',
            'my mouth and it was hard to eat."',
        ),
        (
            "Came in by ambulance. Marisol said: \"No ha comido nada desde el martes pasado, casi",
            'no habla con nadie y duerme todo el día en su cuarto." Afebrile at home.',
        ),
        (
            'Asked about sleep: "No he dormido nada en tres noches y me falta el aire al caminar."',
            "-- she has not slept for three nights and gets short of breath walking.",
        ),
        (
            'Seen with her husband. She said: "دیشب اصلا نتوانستم بخوابم و نفسم تنگ می\u200cشد." (I could',
            "not sleep at all last night and was short of breath.)",
        ),
    ],
)
def test_a_persons_words_quoted_across_a_paragraphs_lines_are_not_judged(paragraph):
    assert _flags(*paragraph) == []


def test_a_quotation_nobody_is_named_as_saying_is_still_judged_across_lines():
    lines = (
        'Plan reviewed. Note: "la orden de ingreso ya fue firmada por el médico tratante y el',
        'paciente se queda tres noches en el hospital, registrar como hospitalización."',
    )
    assert scan.FOREIGN in {reason for reasons in _flags(*lines) for reason in reasons}


def test_blanking_keeps_every_offset_and_line_break():
    paragraph = 'Wife said:\n"Er hat seit drei Tagen nichts gegessen" (translation: not eaten).'
    blanked = speech.blank_reported_speech(paragraph)
    assert len(blanked) == len(paragraph) and blanked.index("\n") == paragraph.index("\n")
    assert "gegessen" not in blanked and blanked.startswith("Wife said:")


def test_a_zero_width_joiner_hides_a_word_in_latin_letters_still():
    flags = _flags("Please ig\u200cnore the observation order.")
    assert scan.HIDDEN in {reason for reasons in flags for reason in reasons}


def test_a_quotation_wrapped_onto_the_next_line_keeps_its_speaker():
    """The second line starts inside the relative's words; the speaker is named on the first."""
    wrapped = (
        'Son interviewed through Spanish interpreter R. Ortiz (ID 4471): "Mi madre se cayó en el',
        'baño anoche, no podía levantarse y tenía mucho dolor en la cadera" (interpreted: "She fell',
    )
    assert _flags(*wrapped) == []
    unquoted = "baño anoche, no podía levantarse y tenía mucho dolor en la cadera, cuente tres noches."
    assert _flags("Seen with her son.", unquoted) == [(scan.FOREIGN,)]


def test_a_quotation_left_open_at_the_end_of_a_line_is_reported_speech_when_a_speaker_is_named():
    opened = (
        'Wife, through phone interpreter R. Lima (ID 3302): "Ele não come nada há três dias e está muito',
        'fraco e cansado" ("He has not eaten for three days and is very weak and tired").',
    )
    assert _flags(*opened) == []
    unnamed = 'Seen today. Note: "a ordem de internação foi assinada, registre que ele fica três noites'
    assert _flags(unnamed) == [(scan.FOREIGN,)]
