"""`overplay virtual-shoe`'s arguments: a script, an irregularity, a link or a flash folder it
cannot use ends in one line and exit status 2 before any shoe starts; the irregularities it
offers are the ones the simulated table can deal. (Serving: tests/e2e/test_virtual_shoe.py.)"""

import os

import pytest

from overplay import cli, virtual_shoe
from overplay.errors import UserError


def one_line_error(capsys, argv):
    status = cli.main(argv)
    err = capsys.readouterr().err
    assert status == 2 and err.count("\n") == 1 and "Traceback" not in err, err
    return err


def test_a_script_names_boards_irregularities_and_tricks(tmp_path):
    path = tmp_path / "boards.txt"
    path.write_text("# what happens\n\n3 twice short tricks=8   # board 3\n 5\n7 wrong-trump\n")
    assert virtual_shoe.read_script(str(path)) == [
        (3, ["twice", "short"], 8, {}), (5, [], None, {}), (7, ["wrong-trump"], None, {})]


def test_a_script_names_each_games_score_fields(tmp_path):
    path = tmp_path / "boards.txt"
    path.write_text("1 makers=ew alone=yes tricks=5\n2 proposal=not-proposed king=p1 tricks=2\n"
                    "3 declarer=W strain=nt doubles=2 tricks=9\n4 declarer=1 strain=2 king=none\n")
    assert virtual_shoe.read_script(str(path)) == [
        (1, [], 5, {"makers": 1, "alone": 1}), (2, [], 2, {"proposal": 1, "king": 1}),
        (3, [], 9, {"declarer": 3, "strain": 4, "doubles": 2}),
        (4, [], None, {"declarer": 1, "strain": 2, "king": -1})]


@pytest.mark.parametrize("text, names", [
    ("3 twice\nx foreign\n", "line 2: 'x' is not a board number"),
    ("0\n", "line 1: '0' is not a board number"),
    ("3 twise\n", "line 1: 'twise': use BOARD"),
    ("3 tricks=14\n", "line 1: 'tricks=14'"),
    ("3 strain=x\n", "line 1: 'strain=x'"),
    ("3 doubles=11\n", "line 1: 'doubles=11'"),
    ("3 declarer=4\n", "line 1: 'declarer=4'"),
    ("# nothing\n", "names no board"),
])
def test_a_bad_script_is_one_line_naming_the_line(tmp_path, capsys, text, names):
    path = tmp_path / "boards.txt"
    path.write_text(text)
    err = one_line_error(capsys, ["virtual-shoe", "--dir", str(tmp_path / "shoe"),
                                  "--script", str(path)])
    assert names in err
    assert not os.path.exists(tmp_path / "shoe")  # refused before anything was made


def test_a_missing_script_or_a_bad_board_is_one_line(tmp_path, capsys):
    err = one_line_error(capsys, ["virtual-shoe", "--dir", str(tmp_path),
                                  "--script", str(tmp_path / "none.txt")])
    assert "cannot read the script" in err
    err = one_line_error(capsys, ["virtual-shoe", "--dir", str(tmp_path), "--twice", "0"])
    assert "board '0'" in err
    err = one_line_error(capsys, ["virtual-shoe", "--dir", str(tmp_path), "--deal", "-1"])
    assert "deal '-1'" in err


def test_a_link_over_a_real_file_is_refused(tmp_path, capsys):
    keep = tmp_path / "notes.txt"
    keep.write_text("mine")
    err = one_line_error(capsys, ["virtual-shoe", "--dir", str(tmp_path / "shoe"),
                                  "--link", str(keep)])
    assert "not a symlink" in err and keep.read_text() == "mine"


def test_one_flash_folder_serves_one_shoe_at_a_time(tmp_path):
    fd = virtual_shoe._lock(str(tmp_path))
    try:
        with pytest.raises(UserError, match="in use by another virtual shoe"):
            virtual_shoe._lock(str(tmp_path))
    finally:
        os.close(fd)
    os.close(virtual_shoe._lock(str(tmp_path)))  # free again once the first has stopped


def test_the_irregularities_offered_are_the_ones_the_table_deals():
    import sim.demo_table as demo_table  # firmware/: the simulated table (conftest puts firmware/ on the path)
    import sim.virtual_shoe as table_shoe
    assert set(virtual_shoe.IRREGULAR) == set(demo_table.ODD) | set(table_shoe.CHECK_ODD)
    assert set(virtual_shoe._ODD_HELP) == set(virtual_shoe.IRREGULAR)
