"""The PBN export read back two ways: by the project's reader (results.export.read_pbn) and by
an independent PBN reader (endplay, pinned in requirements-dev.txt). Both must see the deals
the shoes dealt and the results each table scored, as the report shows them."""

from endplay.parsers import pbn as endplay_pbn
from endplay.types import Player

from overplay import results
from overplay.results import export
from overplay.store import Store
from overplay_core.cards import parse_card
from test_results import build_db

SEATS = {"N": Player.north, "E": Player.east, "S": Player.south, "W": Player.west}
ENDPLAY_SUIT = {"spades": "S", "hearts": "H", "diamonds": "D", "clubs": "C"}


def _session(tmp_path):
    """Three tables, three boards: a wrong trump (an average awarded at table 3, board 2), and
    a score voided at the PC (board 3, table 2: no result there)."""
    db = build_db(tmp_path / "club.sqlite")
    st = Store(db)
    try:
        sid = st.club_sessions()[-1]["id"]
        st.add_adjustment(sid, 3, 2, "void", "director", "wrong board played")
    finally:
        st.close()
    return results.build(db)


def _expected(result):
    """{board: (dealer, hands as card ints, [(table, contract, result, score_ns, score_ew)])}
    from the results model, what the report shows."""
    out = {}
    for b in result["boards"]:
        d = b["deal"]
        side = "ns" if d["dealer"] in "NS" else "ew"
        rows = []
        for r in b["tables"]:
            trump = r.get("trump_turned") or d["trump"]
            rows.append((r["table"], "1" + trump[-1], r.get("tricks_" + side),
                         r.get("score_ns"), r.get("score_ew")))
        out[b["board"]] = (d["dealer"], {s: sorted(h) for s, h in d["hands"].items()}, rows)
    return out


def _endplay_games(text):
    out = {}
    for board in endplay_pbn.loads(text):
        hands = {}
        for seat, player in SEATS.items():
            hands[seat] = sorted(parse_card(c.rank.abbr + ENDPLAY_SUIT[c.suit.name])
                                 for c in board.deal[player])
        table = board.info["ScoreTable"]
        names = [h["name"] if isinstance(h, dict) else h for h in table["headers"]]
        rows = []
        for cells in table["rows"]:
            row = dict(zip(names, [None if v == "-" else v for v in cells]))
            rows.append((int(row["Table"]), row["Contract"],
                         None if row["Result"] is None else int(row["Result"]),
                         None if row["Score_NS"] is None else int(row["Score_NS"]),
                         None if row["Score_EW"] is None else int(row["Score_EW"])))
        out[board.board_num] = (board.dealer.abbr, hands, rows)
    return out


def _own_games(text):
    out = {}
    for g in export.read_pbn(text):
        rows = [(r["Table"], r["Contract"], r["Result"], r["Score_NS"], r["Score_EW"])
                for r in g["tables"]]
        out[g["board"]] = (g["dealer"], {s: sorted(h) for s, h in g["hands"].items()}, rows)
    return out


def test_pbn_read_back_by_our_reader_and_by_endplay_gives_the_same_deals_and_results(tmp_path):
    result = _session(tmp_path)
    text = results.render(result, "pbn")
    want = _expected(result)
    assert sorted(want) == [1, 2, 3]
    # the session's particular results are there to be read back
    assert want[2][2][2] == (3, "1C", 9, 9, 5)    # wrong trump turned: the average 9/5
    assert want[3][2][1] == (2, "1S", None, None, None)  # voided at the PC
    assert _own_games(text) == want
    assert _endplay_games(text) == want


def test_endplay_plays_each_deal_with_the_trump_as_strain_from_the_dealers_left(tmp_path):
    result = _session(tmp_path)
    boards = endplay_pbn.loads(results.render(result, "pbn"))
    for board, b in zip(boards, result["boards"]):
        assert ENDPLAY_SUIT[board.contract.denom.name] == b["deal"]["trump"][-1]
        assert board.contract.declarer.abbr == b["deal"]["dealer"]
        assert board.deal.first == board.contract.declarer.lho  # the lead from dealer's left


def test_our_reader_refuses_what_is_not_pbn():
    import pytest
    from overplay_core.errors import ParseError
    for bad in ('[Board "1"]\nnot a tag\n', '[Board "x"]\n\n', '[Board "1"\n',
                '[Board "1"]\n[ScoreTable "Table;Result"]\n1 2 3\n'):
        with pytest.raises(ParseError):
            export.read_pbn(bad)
