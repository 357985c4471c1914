"""The app's scoring terminal, SESSION record and task supervisor (cases in
tests/firmware/app_terminal_cases.py): on CPython in process, and under MicroPython in a
subprocess whose heap holds the compiler and the whole app (not 128 KB: see that file)."""

import app_terminal_cases as C
from mpy_cases import passed_under_micropython


def test_after_a_deal_the_buttons_score_the_board():
    C.test_after_a_deal_the_buttons_score_the_board()


def test_mode_offers_no_overplay_check_where_each_table_deals():
    C.test_mode_offers_no_overplay_check_where_each_table_deals()


def test_next_and_mode_together_open_the_director_pin():
    C.test_next_and_mode_together_open_the_director_pin()


def test_session_record_written_when_a_session_starts():
    C.test_session_record_written_when_a_session_starts()


def test_a_raising_task_is_recorded_shown_and_restarted_then_stopped():
    C.test_a_raising_task_is_recorded_shown_and_restarted_then_stopped()


def test_app_start_with_a_pushed_setup_writes_the_session_record():
    C.test_app_start_with_a_pushed_setup_writes_the_session_record()


def test_a_task_that_faults_once_goes_on():
    C.test_a_task_that_faults_once_goes_on()


def test_a_pin_sent_over_the_link_opens_the_directors_menu():
    C.test_a_pin_sent_over_the_link_opens_the_directors_menu()


def test_the_same_cases_under_micropython():
    passed_under_micropython("tests/firmware/app_terminal_cases.py", C)
