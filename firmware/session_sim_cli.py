"""session_sim's command line (module docstring of session_sim.py), apart so that the
200-deal session, whose heap is the memory benchmark, does not load it (run as a script, its
~0.8 KB is loaded before the session and so counts in that run's heap_sim_world).

    session_sim.main(["--deals", "200"])   # imports this module
"""


def main(argv, session, overplay_session):
    """session_sim.main: parse the options, run (the caller's session functions: run as a
    script, session_sim is __main__), print the JSON line, return the exit status."""
    import json

    opts = {"--deals": 200, "--game": 1, "--variant": 0, "--seed": 7, "--overplay": 0}
    flash = "host"
    verbose = False
    i = 0
    while i < len(argv):
        if argv[i] == "--verbose":
            verbose = True
            i += 1
        elif argv[i] == "--flash":
            flash = argv[i + 1]
            i += 2
        elif argv[i] in opts:
            opts[argv[i]] = int(argv[i + 1])
            i += 2
        else:
            print("session_sim: unknown option %r: use --deals N --game 1..4 --variant V "
                  "--seed S --flash host|ram --verbose, or --overplay BOARDS" % argv[i])
            return 2
    if opts["--overplay"]:
        r = overplay_session(opts["--overplay"], 2, opts["--seed"], flash)
        print(json.dumps(r))
        return 1 if r["errors"] or r["boards"] != opts["--overplay"] else 0
    r = session(opts["--deals"], opts["--game"], opts["--variant"], opts["--seed"], flash,
                verbose)
    print(json.dumps(r))
    return 1 if r["errors"] or r["deals"] != opts["--deals"] else 0
