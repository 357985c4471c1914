"""A whole session's screens (cases in tests/firmware/screens_session_cases.py): on CPython in
process (the words), and under MicroPython in a subprocess whose heap holds the compiler and
the whole app (the words and the panel's pixels through framebuf)."""

import screens_session_cases as C
from mpy_cases import passed_under_micropython


def test_a_whole_session_goes_through_every_kind_of_screen():
    C.test_a_whole_session_goes_through_every_kind_of_screen()


def test_findings_and_rulings_in_words_with_the_law_scroll():
    C.test_findings_and_rulings_in_words_with_the_law_scroll()


def test_result_entry_acceptance_and_refusal_screens():
    C.test_result_entry_acceptance_and_refusal_screens()


def test_each_games_score_is_keyed_in_its_own_words_and_scored_before_confirm():
    C.test_each_games_score_is_keyed_in_its_own_words_and_scored_before_confirm()


def test_sync_and_fault_screens_say_what_to_do():
    C.test_sync_and_fault_screens_say_what_to_do()


def test_no_reader_at_boot_is_an_event_and_no_deal_until_it_answers():
    C.test_no_reader_at_boot_is_an_event_and_no_deal_until_it_answers()


def test_the_same_cases_and_the_panel_under_micropython():
    passed_under_micropython("tests/firmware/screens_session_cases.py", C)
