#!/usr/bin/env python3
"""Command line tests of `aabb-oracle eval`, one named case per run (see CMakeLists.txt)."""
import argparse
import os
import select
import subprocess
import sys
import tempfile

TOOL = ""
DOCS = ""
OVERLAP = '{"id": %s, "op": "overlap", "a": {"min": [0, 0], "max": [1, 1]}, "b": {"min": [1, 1], "max": [2, 2]}}'
ANSWER = '{"id": %s, "op": "overlap", "overlap": true}'
BAD = '{"id": %s, "op": "overlap"}'
BAD_ANSWER = '{"id": %s, "error": {"kind": "missing_field", "message": "a: missing"}}'


def run(*args, stdin=b""):
    return subprocess.run([TOOL, *args], input=stdin, capture_output=True, timeout=60)


def expect(condition, what):
    if not condition:
        raise AssertionError(what)


def lines(*texts):
    return "".join(t + "\n" for t in texts).encode()


def write_temp(directory, name, content):
    path = os.path.join(directory, name)
    with open(path, "wb") as f:
        f.write(content)
    return path


def help_documents_the_protocol():
    r = run("eval", "--help")
    expect(r.returncode == 0, f"exit {r.returncode}")
    text = r.stdout.decode()
    for word in ["JSON Lines", "standard input", '"-"', "parse", "unknown_op", "missing_field",
                 "invalid_input", "X_f64", "0.1 is 1/10", "Exit", "in:", "out:", "docs/eval.md"]:
        expect(word in text, f"eval --help does not mention {word!r}:\n{text}")


def help_example_is_what_eval_answers():
    text = run("eval", "--help").stdout.decode()
    example_in = next(l for l in text.splitlines() if l.strip().startswith("in:")).split("in:", 1)[1].strip()
    example_out = next(l for l in text.splitlines() if l.strip().startswith("out:")).split("out:", 1)[1].strip()
    r = run("eval", stdin=lines(example_in))
    expect(r.stdout.decode() == example_out + "\n",
           f"help says {example_out!r}, eval answers {r.stdout.decode()!r}")


def top_level_help_lists_eval():
    r = run("--help")
    expect(r.returncode == 0, f"exit {r.returncode}")
    expect("eval" in r.stdout.decode(), r.stdout.decode())


def version_prints_the_version():
    r = run("--version")
    expect(r.returncode == 0, f"exit {r.returncode}")
    expect(r.stdout.decode().startswith("aabb-oracle "), r.stdout.decode())


def no_subcommand_is_a_usage_error():
    r = run()
    expect(r.returncode == 2, f"exit {r.returncode}")
    expect(r.stderr, "no message on stderr")


def unknown_option_is_a_usage_error():
    r = run("eval", "--no-such-option")
    expect(r.returncode == 2, f"exit {r.returncode}")
    expect(b"--no-such-option" in r.stderr, r.stderr)
    expect(r.stdout == b"", r.stdout)


def missing_file_exits_2_before_answering():
    with tempfile.TemporaryDirectory() as d:
        good = write_temp(d, "good.jsonl", lines(OVERLAP % 1))
        missing = os.path.join(d, "no-such-file.jsonl")
        r = run("eval", good, missing)
        expect(r.returncode == 2, f"exit {r.returncode}")
        expect(r.stdout == b"", f"answered before failing: {r.stdout!r}")
        expect(missing.encode() in r.stderr, f"stderr does not name the file: {r.stderr!r}")


def directory_exits_2():
    with tempfile.TemporaryDirectory() as d:
        r = run("eval", d)
        expect(r.returncode == 2, f"exit {r.returncode}")
        expect(d.encode() in r.stderr, r.stderr)


def reads_stdin_without_files():
    r = run("eval", stdin=lines(OVERLAP % 1, OVERLAP % 2))
    expect(r.returncode == 0, f"exit {r.returncode}")
    expect(r.stdout == lines(ANSWER % 1, ANSWER % 2), r.stdout)


def dash_reads_stdin_between_files():
    with tempfile.TemporaryDirectory() as d:
        first = write_temp(d, "first.jsonl", lines(OVERLAP % 1))
        last = write_temp(d, "last.jsonl", lines(OVERLAP % 3))
        r = run("eval", first, "-", last, stdin=lines(OVERLAP % 2))
        expect(r.returncode == 0, f"exit {r.returncode}")
        expect(r.stdout == lines(ANSWER % 1, ANSWER % 2, ANSWER % 3), r.stdout)


def exits_0_when_every_line_is_answered():
    r = run("eval", "-", stdin=lines(OVERLAP % 1, "", OVERLAP % 2))
    expect(r.returncode == 0, f"exit {r.returncode}")
    expect(r.stderr == b"", r.stderr)


def exits_1_when_any_line_is_an_error():
    with tempfile.TemporaryDirectory() as d:
        first = write_temp(d, "first.jsonl", lines(BAD % 1))
        second = write_temp(d, "second.jsonl", lines(OVERLAP % 2))
        r = run("eval", first, second)
        expect(r.returncode == 1, f"exit {r.returncode}")
        expect(r.stdout == lines(BAD_ANSWER % 1, ANSWER % 2), r.stdout)
        expect(r.stderr == b"", r.stderr)


def empty_input_answers_nothing():
    r = run("eval", stdin=b"")
    expect(r.returncode == 0 and r.stdout == b"", (r.returncode, r.stdout))


def answers_each_line_before_the_next_arrives():
    # A client that writes one query and waits for its answer must get it while stdin is open.
    p = subprocess.Popen([TOOL, "eval"], stdin=subprocess.PIPE, stdout=subprocess.PIPE)
    try:
        for i in range(1, 4):
            p.stdin.write(lines(OVERLAP % i))
            p.stdin.flush()
            ready, _, _ = select.select([p.stdout], [], [], 20)
            expect(ready, f"no answer to line {i} within 20 s while stdin stays open")
            expect(p.stdout.readline() == lines(ANSWER % i), f"wrong answer to line {i}")
        p.stdin.close()
        expect(p.wait(timeout=20) == 0, "exit status")
    finally:
        if p.poll() is None:
            p.kill()


def docs_examples_are_what_eval_answers():
    # In docs/eval.md, a ```json block whose lines alternate query / answer (a query has "op",
    # an answer to it has the same id and no input fields) is replayed line by line.
    text = open(DOCS, encoding="utf-8").read()
    pairs = 0
    for block in text.split("```json\n")[1:]:
        body = block.split("```", 1)[0].strip().splitlines()
        if len(body) < 2 or len(body) % 2:
            continue
        for query, answer in zip(body[0::2], body[1::2]):
            r = run("eval", stdin=lines(query))
            expect(r.stdout.decode() == answer + "\n",
                   f"docs/eval.md says\n  {query}\n  -> {answer}\nbut eval answers\n  {r.stdout.decode()}")
            pairs += 1
    expect(pairs >= 12, f"only {pairs} worked examples found")


def main() -> int:
    global TOOL, DOCS
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--tool", required=True)
    parser.add_argument("--docs", default="", help="docs/eval.md, for the docs case")
    parser.add_argument("case")
    args = parser.parse_args()
    TOOL = args.tool
    DOCS = args.docs
    case = globals().get(args.case)
    if case is None or not callable(case):
        print(f"no such case: {args.case}")
        return 2
    try:
        case()
    except AssertionError as e:
        print(f"{args.case}: FAILED: {e}")
        return 1
    print(f"{args.case}: ok")
    return 0


if __name__ == "__main__":
    sys.exit(main())
