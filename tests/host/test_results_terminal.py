"""What the shoe's scoring terminal records, read by `overplay results`: play begun decides
the phase of an overplay's ruling (no longer guessed from a score), the director's average and
void awards count, and the ruling ids in CHECK records map back to the laws engine's codes."""

from overplay import results
from overplay.store import Store
from signed_shoe import PACK, Shoe, seats_of, trump_of
from overplay_core import findings as F
from overplay_core import games, handprint, records, ruling_ids

EV_PLAY_BEGUN = records.EV_PLAY_BEGUN
ACT_AVERAGE, ACT_VOID = 2, 3  # terminal.ACT_*
TRICKS = {1: (7, 6, 8), 2: (8, 9, 4)}


def build(path, begun_before_check=False):
    st = Store(str(path))
    hp = bytearray(handprint.MAX_BYTES)
    for t in (1, 2, 3):
        sh = Shoe(20 + t)
        st.enroll(sh.shoe_id, sh.key, "table %d" % t)
        setup = st.new_setup(games.DUPLICATE_WHIST, 0, 1, 2, t, 3, 0, sh.shoe_id)
        sh.add(records.encode_session, sh.shoe_id, (0, 2, 0), setup, 1, 0, t, 3, 1, 2, 0)
        for b in (1, 2):
            dealer = (b - 1) % 4
            hl = handprint.pack(seats_of(b), PACK, hp)
            if t == 1:
                sh.add(records.encode_deal, b, t, 1, 0, dealer, records.MODE_ORIGINAL,
                       trump_of(b), records.FLAG_COMPLETE, (), 0, hp, hl)
                sh.add(records.encode_event, EV_PLAY_BEGUN, b, 0, 0, None, 0)
            else:
                bad = (t, b) == (3, 1)
                turned = min(c for c in PACK if (c + b) % 4 == dealer) if bad else trump_of(b)
                fnd = (F.TRUMP_DIFFERS_FROM_SLIP,) if bad else ()
                rul = (ruling_ids.id_of("DW-IV-8"),) if bad else ()
                if bad and begun_before_check:
                    sh.add(records.encode_event, EV_PLAY_BEGUN, b, 1, 0, None, 0)
                flags = records.FLAG_SLIP_WRITTEN | records.FLAG_HANDS_CHECKED
                if not bad:
                    flags |= records.FLAG_COMPLETE  # as the shoe marks a clean overplay
                sh.add(records.encode_deal, b, t, 1, 0, dealer, records.MODE_OVERPLAY, turned,
                       flags, fnd, len(fnd), hp, hl)
                sh.add(records.encode_check, b, t, records.SLIP_MISMATCH if bad else
                       records.SLIP_OK, fnd, len(fnd), rul, len(rul))
                sh.add(records.encode_event, EV_PLAY_BEGUN, b, 1, 0, None, 0)
            ns = TRICKS[b][t - 1]
            sh.add(records.encode_score, b, t, 1, ns, 13 - ns, ns, 13 - ns)
        if t == 3:  # the director at table 3: board 2 takes the average
            sh.add(records.encode_event, records.EV_DIRECTOR, 0, 1, 0, None, 0)  # PIN ok
            sh.add(records.encode_event, records.EV_DIRECTOR, 2, ACT_AVERAGE, 0, None, 0)
        if t == 2:  # ... and table 2's board 2 score is void; a refused try does nothing
            sh.add(records.encode_event, records.EV_DIRECTOR, 2, ACT_VOID, 0, None, 0)
            sh.add(records.encode_event, records.EV_DIRECTOR, 1, ACT_VOID, 1, None, 0)
        sync = st.begin_sync(sh.shoe_id, 1)
        st.commit_batch(sync, sh.shoe_id, sh.recs, len(sh.recs) + 1, sh.journal_id)
        st.finish_sync(sync, "ok")
    st.close()
    return str(path)


def table(r, board, t):
    return [x for x in r["boards"][board - 1]["tables"] if x["table"] == t][0]


def test_found_before_play_began_is_ruled_so_though_the_table_scored(tmp_path):
    r = results.build(build(tmp_path / "c.sqlite"))
    row = table(r, 1, 3)
    # the check found the wrong trump, then play began: corrected before play (Law IV §8),
    # where a score alone used to mean "play begun" (Law IV §9, average)
    assert row["phase"] == "trump_turned" and row["play_begun"] is False
    assert [x["code"] for x in row["rulings"]] == ["DW-IV-8"]
    assert row["award"] is None and row["score_ns"] == 8
    assert row["shoe_rulings"] == ["DW-IV-8"]  # the id the shoe recorded, mapped back
    # play begun is no irregularity: not listed among them; the director's actions are
    names = [e["event"] for e in r["events"]]
    assert "event_12" not in names and "play_begun" not in names
    assert "director_action" in names


def test_found_after_play_began_takes_the_average(tmp_path):
    r = results.build(build(tmp_path / "c.sqlite", begun_before_check=True))
    row = table(r, 1, 3)
    assert row["phase"] == "play_begun" and row["play_begun"] is True
    assert [x["code"] for x in row["rulings"]] == ["DW-IV-9a"] and row["award"] == "average"


def test_director_average_and_void_from_the_terminal(tmp_path):
    r = results.build(build(tmp_path / "c.sqlite"))
    avg = table(r, 2, 3)
    assert avg["award"] == "average" and avg["award_by"] == ["director"]
    void = table(r, 2, 2)
    assert void["tricks_ns"] is None and "score_ns" not in void
    assert table(r, 1, 2)["tricks_ns"] == 6  # the refused void (b = 1) did nothing
    # board 2 compares tables 1 and 3; table 3 takes table 1's score as the average
    assert (avg["score_ns"], avg["score_ew"]) == (8, 5)
