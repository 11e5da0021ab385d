from collections import defaultdict

import pytest

from kit.rules import elements as E


def test_four_elements_in_answer_order():
    assert E.ELEMENTS == ("admitting_order", "stay_expectation", "comorbidities", "services_delivered")


def test_three_classes():
    assert E.CLASSES == ("AMBIGUOUS", "PRESENT", "ABSENT")


def test_each_element_has_three_distinct_words():
    for element in E.ELEMENTS:
        assert len(set(E.vocabulary(element))) == 3, element


def test_word_to_class_is_a_function_across_all_elements():
    classes_of_word = defaultdict(set)
    for element in E.ELEMENTS:
        for klass in E.CLASSES:
            classes_of_word[E.word(element, klass)].add(klass)
    clashes = {w: c for w, c in classes_of_word.items() if len(c) != 1}
    assert not clashes


def test_order_words_belong_to_the_order_element_only():
    order_words = set(E.vocabulary(E.ADMITTING_ORDER))
    for element in E.ELEMENTS[1:]:
        assert not order_words & set(E.vocabulary(element)), element


@pytest.mark.parametrize(
    ("element", "word", "klass"),
    [
        ("admitting_order", "order-ambiguous", "AMBIGUOUS"),
        ("admitting_order", "order-present", "PRESENT"),
        ("admitting_order", "order-missing", "ABSENT"),
        ("stay_expectation", "documented", "PRESENT"),
        ("comorbidities", "ambiguous", "AMBIGUOUS"),
        ("services_delivered", "absent", "ABSENT"),
    ],
)
def test_class_of(element, word, klass):
    assert E.class_of(element, word) == klass


def test_another_elements_word_is_refused():
    with pytest.raises(KeyError, match="documented"):
        E.class_of("admitting_order", "documented")
    assert not E.is_finding_of("stay_expectation", "order-present")
