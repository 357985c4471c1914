"""Displays for tests and the unix port: a recording one (tests assert what the dealer was
shown) and a console one (`make demo`, the desk shoe).

    d = RecordingDisplay(rows=4, cols=16)
    d.show(("Board 3  N deals", "12/52  S", "", ""))
    d.lines           # ['Board 3  N deals', '12/52  S', '', '']
    d.screens[-1]     # the same, as a tuple; the last `keep` screens are kept
    d = ConsoleDisplay(prefix="> ")      # d.show(("line 1", "line 2")) prints a line
"""

from shoe.display import TextDisplay


class RecordingDisplay(TextDisplay):
    """Keeps the last `keep` screens as tuples: tests assert what the dealer was shown."""

    def __init__(self, rows=4, cols=16, keep=8):
        TextDisplay.__init__(self, rows, cols)
        self.keep = keep
        self.screens = []

    def render(self):
        self.renders += 1
        if len(self.screens) >= self.keep:
            self.screens.pop(0)
        self.screens.append(tuple(self.lines))

    def shown(self, fragment):
        """True if any kept screen has a line containing fragment."""
        for s in self.screens:
            for line in s:
                if fragment in line:
                    return True
        return False


class ConsoleDisplay(TextDisplay):
    """Prints each screen on one line, ' | ' between rows (the unix port and `make demo`)."""

    def __init__(self, rows=4, cols=21, prefix="shoe> ", out=None):
        TextDisplay.__init__(self, rows, cols)
        self.prefix = prefix
        self.out = out

    def render(self):
        self.renders += 1
        rows = [s for s in self.lines if s]
        text = self.prefix + " | ".join(rows)
        if self.out is None:
            print(text)
        else:
            self.out.write(text + "\n")
