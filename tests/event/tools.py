#!/usr/bin/env python3
"""whist-movement and whist-score as programs (docs/events.md): their exact
output formats, exit statuses and one-line messages.

    tools.py WHIST-MOVEMENT WHIST-SCORE SCORES-FOLDER

Every NAME.json of SCORES-FOLDER goes through whist-score (as a file and on
standard input) and must give NAME.expected.json: the standings (worked out
by hand, in the same order), or {"exit": 2, "stderr": "..."}. whist-movement
runs every kind over its fields and is checked here again, independently of
the C++ tests, from its printed JSON."""
import json
import pathlib
import subprocess
import sys

failures = []


def fail(what):
    failures.append(what)
    print("FAIL:", what)


def run(args, stdin=None):
    return subprocess.run(args, input=stdin, capture_output=True, text=True)


def check_scores(score, folder):
    cases = sorted(p for p in folder.glob("*.json") if not p.name.endswith(".expected.json"))
    if not cases:
        fail(f"no results files in {folder}")
    for case in cases:
        expected = json.loads(case.with_name(case.stem + ".expected.json").read_text())
        for how, r in (("file", run([score, str(case)])), ("stdin", run([score, "-"], case.read_text()))):
            name = f"{case.name} ({how})"
            if "exit" in expected:
                if r.returncode != expected["exit"] or r.stdout:
                    fail(f"{name}: exit {r.returncode}, stdout {r.stdout!r}")
                if r.stderr.rstrip("\n") != expected["stderr"] or r.stderr.count("\n") != 1:
                    fail(f"{name}: stderr {r.stderr!r}, expected {expected['stderr']!r}")
                continue
            if r.returncode != 0:
                fail(f"{name}: exit {r.returncode}: {r.stderr}")
                continue
            got = json.loads(r.stdout)
            if got != expected:
                fail(f"{name}:\n  got      {json.dumps(got)}\n  expected {json.dumps(expected)}")
            for lst in got.values():
                for entry in lst:
                    keys = ["pair", "score", "percent", "rank"] if "percent" in entry else ["pair", "score", "rank"]
                    if list(entry) != keys:
                        fail(f"{name}: entry keys {list(entry)}")
    for args, why in (([score, "/nonexistent/results.json"], "cannot read /nonexistent/results.json"),
                      ([score], "usage: whist-score RESULTS.json")):
        r = run(args)
        if r.returncode != 2 or r.stderr != f"whist-score: {why}\n":
            fail(f"{args}: exit {r.returncode}, stderr {r.stderr!r}")
    r = run([score, "-"], "{not json")
    if r.returncode != 2 or r.stderr != "whist-score: - is not JSON\n":
        fail(f"not JSON: exit {r.returncode}, stderr {r.stderr!r}")


def movement(binary, *args):
    r = run([binary, *map(str, args)])
    if r.returncode != 0:
        fail(f"whist-movement {args}: exit {r.returncode}: {r.stderr}")
        return None
    return json.loads(r.stdout)


def check_common(m, name):
    keys = list(m)
    field = {"mitchell": "tables", "howell": "pairs", "drive": "players"}[m["kind"]]
    if keys[:2] != ["kind", field] or keys[-4:] != ["rounds", "boards_per_round", "boards", "rounds_list"]:
        fail(f"{name}: keys {keys}")
    if len(m["rounds_list"]) != m["rounds"]:
        fail(f"{name}: {len(m['rounds_list'])} rounds listed, {m['rounds']} said")
    played = set()
    for i, rnd in enumerate(m["rounds_list"]):
        if rnd["round"] != i + 1 or list(rnd) != ["round", "tables", "bye", "sit_out"]:
            fail(f"{name}: round {i + 1} is {list(rnd)}")
        for j, t in enumerate(rnd["tables"]):
            if t["table"] != j + 1 or len(t["boards"]) != m["boards_per_round"]:
                fail(f"{name}: round {i + 1} table {t}")
            played.update(t["boards"])
    if played != set(range(1, m["boards"] + 1)):
        fail(f"{name}: boards played {sorted(played)} of {m['boards']}")


def check_mitchell(binary):
    for tables in range(3, 21):
        name = f"mitchell {tables}"
        m = movement(binary, "--kind", "mitchell", "--tables", tables)
        if m is None:
            continue
        check_common(m, name)
        if m["rounds"] != (tables if tables % 2 else tables - 1) or m["boards"] != 3 * tables:
            fail(f"{name}: {m['rounds']} rounds, {m['boards']} boards")
        boards, met = {}, set()
        for rnd in m["rounds_list"]:
            if rnd["sit_out"] != {"ns": [], "ew": []} or rnd["bye"]:
                fail(f"{name}: sit-out or bye {rnd}")
            for t in rnd["tables"]:
                if t["ns"] != t["table"]:
                    fail(f"{name}: N/S pair {t['ns']} moved")
                if (t["ns"], t["ew"]) in met:
                    fail(f"{name}: N/S {t['ns']} meets E/W {t['ew']} twice")
                met.add((t["ns"], t["ew"]))
                for side in ("ns", "ew"):
                    seen = boards.setdefault((side, t[side]), set())
                    if seen & set(t["boards"]):
                        fail(f"{name}: {side} {t[side]} plays a board twice")
                    seen.update(t["boards"])


def check_howell(binary):
    for pairs in range(4, 11):
        name = f"howell {pairs}"
        m = movement(binary, "--kind", "howell", "--pairs", pairs)
        if m is None:
            continue
        check_common(m, name)
        met = set()
        for rnd in m["rounds_list"]:
            if len(rnd["sit_out"]) != pairs % 2:
                fail(f"{name}: sit-out {rnd['sit_out']}")
            for t in rnd["tables"]:
                pair = frozenset((t["ns"], t["ew"]))
                if pair in met:
                    fail(f"{name}: {sorted(pair)} meet twice")
                met.add(pair)
        if len(met) != pairs * (pairs - 1) // 2:
            fail(f"{name}: {len(met)} meetings")


def check_drive(binary):
    for players in list(range(4, 24)) + [40, 41, 42, 43, 80]:
        name = f"drive {players}"
        m = movement(binary, "--kind", "drive", "--players", players, "--boards-per-round", 4)
        if m is None:
            continue
        check_common(m, name)
        partnered = set()
        for rnd in m["rounds_list"]:
            seated = [p for t in rnd["tables"] for p in t["players"]]
            if sorted(seated + rnd["sit_out"]) != list(range(1, players + 1)):
                fail(f"{name}: round {rnd['round']} seats {seated} + {rnd['sit_out']}")
            for t in rnd["tables"]:
                n, e, s, w = t["players"]
                for pair in (frozenset((n, s)), frozenset((e, w))):
                    if pair in partnered:
                        fail(f"{name}: {sorted(pair)} partner twice")
                    partnered.add(pair)


def check_refusals(binary):
    cases = [
        (["--kind", "mitchell", "--tables", "2"], "a Mitchell takes 3 to 60 tables, not 2"),
        (["--kind", "mitchell", "--tables", "6", "--rounds", "6"], "this mitchell allows at most 5 rounds, not 6"),
        (["--kind", "mitchell", "--tables", "5", "--rounds", "6"], "this mitchell allows at most 5 rounds, not 6"),
        (["--kind", "howell", "--pairs", "12"], "a Howell takes 4 to 10 pairs (a Mitchell is for more), not 12"),
        (["--kind", "drive", "--players", "3"], "a drive takes 4 to 240 players, not 3"),
        (["--kind", "howell", "--tables", "3"], "a howell is sized by --pairs, not --tables"),
        (["--kind", "swiss", "--tables", "3"], '--kind is mitchell, howell or drive, not "swiss"'),
        (["--tables", "3"], "--kind is missing (mitchell, howell or drive)"),
        (["--kind", "mitchell"], "a mitchell needs --tables"),
        (["--kind", "mitchell", "--tables", "x5"], '--tables needs a whole number, not "x5"'),
        (["--kind", "mitchell", "--tables", "5", "--boards-per-round", "0"], "boards per round must be 1 to 16, not 0"),
        (["--kind", "mitchell", "--tables"], "--tables needs a value"),
        (["--frobnicate"], 'unknown argument "--frobnicate" (--help lists them)'),
    ]
    for args, why in cases:
        r = run([binary, *args])
        if r.returncode != 2 or r.stdout or r.stderr != f"whist-movement: {why}\n":
            fail(f"whist-movement {args}: exit {r.returncode}, stderr {r.stderr!r}")
    m = movement(binary, "--kind", "mitchell", "--tables", "6", "--rounds", "2", "--boards-per-round", "2")
    if m and (m["rounds"], m["boards"], m["rounds_list"][0]["tables"][0]) != (2, 12, {"table": 1, "ns": 1, "ew": 1, "boards": [1, 2]}):
        fail(f"mitchell 6x2x2: {m['rounds']} {m['boards']} {m['rounds_list'][0]['tables'][0]}")


def main():
    movement_bin, score_bin, folder = sys.argv[1], sys.argv[2], pathlib.Path(sys.argv[3])
    check_scores(score_bin, folder)
    check_mitchell(movement_bin)
    check_howell(movement_bin)
    check_drive(movement_bin)
    check_refusals(movement_bin)
    print(f"{len(failures)} failures" if failures else "whist-movement and whist-score: all checks pass")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
