"""What the shoes' EVENT records mean: their names and, for the report, their words.

    event_name(12, "event_12")          # "play_begun": records.EVENT_NAMES, else the host's own
    event_text(code, name, a, b)        # "director: average board", "task fault: ...", ...
    DIRECTOR, PIN_CHECK, TASKS, FAULTS  # the codes an event's a and b carry (ingest checks them)

One place for the meaning of the firmware's event codes on the PC: the store names the events
it keeps, the ingest checks their arguments, the results model puts them in words.
"""

from overplay_core import records
from overplay_core.cards import card_name


# EVENT codes the firmware writes that records.EVENT_NAMES (records.py, the journal's owner)
# does not name yet, so decode calls them "event_12": the host names them here, in the DB's
# events.name and in the director's report. Never renumber (journals hold them).
HOST_EVENT_NAMES = {
    12: "play_begun",  # firmware/terminal.py EV_PLAY_BEGUN: a = 0 original deal, 1 overplay
    13: "task_fault",  # app.py EV_TASK_FAULT: a = task (1 reader .. 4 link), b = kind
}


def event_name(code, name=None):
    """The name of an EVENT code for people: records.EVENT_NAMES, else the host's own."""
    if name and not name.startswith("event_"):
        return name
    own = records.EVENT_NAMES[code] if 0 < code < len(records.EVENT_NAMES) else None
    return own or HOST_EVENT_NAMES.get(code) or "event_%d" % code


# The director's actions at the shoe's scoring terminal (firmware/terminal.py), EV_DIRECTOR a.
ACT_AVERAGE = 2  # terminal.ACT_AVERAGE: EV_DIRECTOR a, with b = 0 (PIN accepted)
ACT_VOID = 3
ACT_CORRECT = 4


CARD_EVENTS = (records.EV_CARD_EXPOSED, records.EV_DUPLICATE_READ, records.EV_OTHER_DECK)


# What the firmware's codes mean, for the report (firmware/app.py, terminal.py, shoe_tray.py).
TASKS = ("", "reader", "dealing", "display", "link")  # EVENT task_fault a (app.TASK_*)
FAULTS = ("", "MemoryError", "OSError", "other error")  # its b
DIRECTOR = {1: "PIN entered", 2: "average board", 3: "void score", 4: "tricks corrected",
            5: "tables engaged changed", 6: "left the menu",
            7: "new PIN from the club PC"}  # director_action a (ACT_*)
PIN_CHECK = ("accepted", "wrong PIN", "refused: locked out", "no PIN on the shoe")  # its b
OTHER_SESSION = 46  # reader_error a: a genuine tray slip of another session (tray.py -46)


def event_text(code, name, a, b=0):
    """An EVENT record in words for the report."""
    name = event_name(code, name)
    words = name.replace("_", " ")
    if code in CARD_EVENTS and 0 <= a <= 52:
        return "%s: %s" % (words, card_name(a))
    if code == records.EV_READER_ERROR and a == OTHER_SESSION:
        return "tray slip of another session (a genuine slip copied from an earlier tray)"
    if name == "task_fault":
        return "task fault: %s task, %s (restarted; the app stops after 3)" % (
            TASKS[a] if 0 < a < len(TASKS) else "task %d" % a,
            FAULTS[b] if 0 < b < len(FAULTS) else "kind %d" % b)
    if code == records.EV_SCORE_CHECKED:  # the terminal: the other side's answer
        side = ("N-S", "E-W")[b] if b < 2 else "side %d" % b
        return "score %s by %s" % ("accepted" if a else "rejected", side)
    if code == records.EV_DEVICE_FAULT:  # shoe/app.py's start-up checks
        return {1: "no reader answering at power-on: the shoe refused to deal",
                2: "no display answering at power-on"}.get(a, "device fault %d" % a)
    if code == records.EV_DIRECTOR:
        what = DIRECTOR.get(a, "action %d" % a)
        if a == 1:
            return "director: %s, %s" % (what, PIN_CHECK[b] if b < len(PIN_CHECK) else b)
        return "director: %s" % what
    return words
