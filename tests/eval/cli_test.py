#!/usr/bin/env python3
"""Command line tests of `aabb-oracle eval`, one named case per run (see CMakeLists.txt)."""
import argparse
import json
import os
import re
import resource
import select
import signal
import subprocess
import sys
import tempfile

TOOL = ""
DOCS = ""
SANITIZED = False  # built with -fsanitize=address: no RLIMIT_AS (ASan reserves terabytes)
OVERLAP = '{"id": %s, "op": "overlap", "a": {"min": [0, 0], "max": [1, 1]}, "b": {"min": [1, 1], "max": [2, 2]}}'
ANSWER = '{"id": %s, "op": "overlap", "overlap": true}'
BAD = '{"id": %s, "op": "overlap"}'
BAD_ANSWER = '{"id": %s, "error": {"kind": "missing_field", "message": "a: missing"}}'


def run(*args, stdin=b"", **kwargs):
    return subprocess.run([TOOL, *args], input=stdin, capture_output=True, timeout=120, **kwargs)


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
                 "invalid_input", "too_large", "out_of_memory", "--max-line-memory",
                 "cannot be written", "X_f64", "0.1 is 1/10", "Exit", "in:", "out:", "docs/eval.md"]:
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


# ---- Hostile input and hostile output: eval never loses an answer silently ----------------------

MAX_MESSAGE = 300  # kMaxErrorMessageBytes
MAX_LINE_BITS = 1 << 28  # EvalLimits::max_line_bits


def error_of(answer_line):
    a = json.loads(answer_line)
    expect("error" in a, f"not an error line: {answer_line[:300]!r}")
    return a["error"]["kind"], a["error"]["message"]


def ignore_sigpipe():
    signal.signal(signal.SIGPIPE, signal.SIG_IGN)


def unwritable_output_exits_2():
    with open("/dev/full", "wb") as full:
        r = subprocess.run([TOOL, "eval"], input=lines(OVERLAP % 1, OVERLAP % 2), stdout=full,
                           stderr=subprocess.PIPE, timeout=120)
    expect(r.returncode == 2, f"exit {r.returncode}, stderr {r.stderr!r}")
    expect(r.stderr.decode().startswith("aabb-oracle eval: cannot write the answers: "), r.stderr)
    expect(os.strerror(28).encode() in r.stderr, f"no ENOSPC reason: {r.stderr!r}")


def stops_when_the_reader_goes_away():
    # SIGPIPE ignored, as under some supervisors: the writes fail with EPIPE, and eval must stop
    # instead of reading (and answering into the void) everything that is still coming. Standard
    # input is a file whose open file description eval shares with us, so its offset afterwards
    # says how far eval read.
    count = 300000
    with tempfile.TemporaryFile() as queries:
        queries.write(lines(*(OVERLAP % i for i in range(count))))
        size = queries.tell()
        queries.seek(0)
        p = subprocess.Popen([TOOL, "eval"], stdin=queries, stdout=subprocess.PIPE,
                             stderr=subprocess.PIPE, preexec_fn=ignore_sigpipe)
        try:
            first = p.stdout.readline()
            expect(first == lines(ANSWER % 0), f"first answer {first!r}")
            p.stdout.close()
            status = p.wait(timeout=120)
            err = p.stderr.read()
        finally:
            if p.poll() is None:
                p.kill()
        read = os.lseek(queries.fileno(), 0, os.SEEK_CUR)
    expect(status == 2, f"exit {status}, stderr {err!r}")
    expect(b"cannot write the answers: " + os.strerror(32).encode() in err, err)
    expect(read < size, f"eval read all {size} bytes of input after its reader had gone")


def too_large_line_is_an_error_and_the_next_is_answered():
    # 60,000 points of 10^100000 (42 KB each): without a budget this takes gigabytes and GMP
    # aborts the process. Under a 4 GiB address-space limit (not under ASan, which reserves
    # terabytes of address space up front) the line must get too_large and the next its answer.
    big = '{"id": "big", "op": "bounds_of_points", "points": [%s]}' % ", ".join(
        ['["1e100000", "1e100000"]'] * 30000)
    bits = (10 ** 100000).bit_length() + 1  # numerator and denominator 1
    k = MAX_LINE_BITS // bits  # numbers that fit; number k (from 0) exceeds the budget
    field = f"points[{k // 2}][{k % 2}]"
    limit = None if SANITIZED else (lambda: resource.setrlimit(resource.RLIMIT_AS, (4 << 30, 4 << 30)))
    r = run("eval", stdin=lines(big, OVERLAP % 2), preexec_fn=limit)
    out = r.stdout.decode().splitlines()
    expect(r.returncode == 1, f"exit {r.returncode}, stderr {r.stderr[:500]!r}")
    expect(len(out) == 2, f"{len(out)} answer lines")
    expect(out[0] == '{"id": "big", "error": {"kind": "too_large", "message": "%s: the numbers of this '
           'line exceed %d bits in all (eval\'s limit per line)"}}' % (field, MAX_LINE_BITS), out[0])
    expect(out[1] == ANSWER % 2, out[1])


def without_leak_detection():
    # An allocation that throws out of GMP unwinds through C frames that run no cleanup, so GMP's
    # temporaries of the interrupted call leak (docs/eval.md §6). LeakSanitizer would report them
    # at exit; this is known and bounded, so leak detection is off for these runs only.
    env = dict(os.environ)
    env["ASAN_OPTIONS"] = (env.get("ASAN_OPTIONS", "") + ":detect_leaks=0").lstrip(":")
    return env


def out_of_memory_line_is_an_error_and_the_next_is_answered():
    # 60 numbers of 10^100000 are 20 million bits, well within the bit budget, but 2.5 MB of GMP
    # integers: more than a 1 MiB cap. Then a product-heavy transform of the same kind.
    sphere = '{"id": "mem", "op": "bounds_of_points", "points": [%s]}' % ", ".join(
        ['["1e100000", "-1e100000"]'] * 30)
    # 170,000 digits: the line (about 1.02 MB) fits the 1 MiB cap, its products do not. At this
    # size GMP grew an integer that still pointed at its static limb when the allocation threw,
    # and eval crashed freeing that limb (issue 46's run found it): a permanent regression case.
    big = "1" + "7" * 170000
    transform = ('{"id": "tr", "op": "transform", "box": {"min": [0, 0], "max": ["%s", "%s"]}, '
                 '"m": [["%s", "%s"], ["%s", "%s"]], "t": [0, 0]}' % ((big,) * 6))
    oom = '{"id": %s, "error": {"kind": "out_of_memory", "message": "line: out of memory while answering (more than 1 MiB)"}}'
    r = run("eval", "--max-line-memory", "1", stdin=lines(sphere, OVERLAP % 2, transform, OVERLAP % 3),
            env=without_leak_detection())
    out = r.stdout.decode().splitlines()
    expect(r.returncode == 1, f"exit {r.returncode}, stderr {r.stderr[:500]!r}")
    expect(out == [oom % '"mem"', ANSWER % 2, oom % '"tr"', ANSWER % 3], "\n".join(x[:300] for x in out))
    # The same lines with the default cap are answered.
    r = run("eval", stdin=lines(sphere, transform))
    expect(r.returncode == 0, f"exit {r.returncode}: {r.stdout[:300]!r}")


def long_line_is_an_error_and_the_next_is_answered():
    # Issue 46: a line longer than --max-line-memory is not read into memory: an out_of_memory
    # line, and the lines after it answered (it used to end the input silently, exit 0).
    huge = b'{"id": 9, "op": "overlap", "pad": "' + b"x" * (3 << 20) + b'"}\n'
    r = run("eval", "--max-line-memory", "1", stdin=lines(OVERLAP % 1) + huge + lines(OVERLAP % 2))
    out = r.stdout.decode().splitlines()
    expect(r.returncode == 1, f"exit {r.returncode}, stderr {r.stderr[:500]!r}")
    expect(len(out) == 3, f"{len(out)} answer lines: {out!r:.500}")
    expect(out[0] == ANSWER % 1 and out[2] == ANSWER % 2, repr(out)[:500])
    expect(out[1] == '{"id": null, "error": {"kind": "out_of_memory", "message": "line: longer than the 1 MiB a line '
           'may hold (--max-line-memory); not read"}}', out[1][:500])
    # The same line as the last one, without a newline at the end.
    r = run("eval", "--max-line-memory", "1", stdin=lines(OVERLAP % 1) + huge[:-1])
    out = r.stdout.decode().splitlines()
    expect(r.returncode == 1 and len(out) == 2 and "out_of_memory" in out[1], repr(out)[:500])


def line_beyond_the_address_space_is_an_error_and_the_next_is_answered():
    # Issue 46: a 300 MB line under a 512 MiB address-space limit (prlimit --as=512MiB): the
    # memory to hold it cannot be had, so the line is out_of_memory and the next one answered.
    # ASan reserves terabytes of address space up front, so the sanitized build checks the
    # --max-line-memory form only (long_line_is_an_error_and_the_next_is_answered).
    if SANITIZED:
        print("skipped under ASan (no address-space limit): the line cap is checked instead")
        return
    huge = b'{"id": 9, "op": "overlap", "pad": "' + b"x" * (300 << 20) + b'"}\n'
    limit = lambda: resource.setrlimit(resource.RLIMIT_AS, (512 << 20, 512 << 20))  # noqa: E731
    r = run("eval", stdin=lines(OVERLAP % 1) + huge + lines(OVERLAP % 2), preexec_fn=limit)
    out = r.stdout.decode().splitlines()
    expect(r.returncode == 1, f"exit {r.returncode}, stderr {r.stderr[:500]!r}")
    expect(len(out) == 3 and out[0] == ANSWER % 1 and out[2] == ANSWER % 2, repr(out)[:500])
    expect('"kind": "out_of_memory"' in out[1], out[1][:500])


def unknown_aabb_exact_is_a_usage_error():
    # Issue 46: AABB_EXACT=bogus used to be ignored silently.
    env = dict(os.environ, AABB_EXACT="bogus")
    r = run("eval", stdin=lines(OVERLAP % 1), env=env)
    expect(r.returncode == 2 and r.stdout == b"", f"exit {r.returncode}, {r.stdout!r}")
    expect(b"AABB_EXACT=bogus: unknown value" in r.stderr, r.stderr)
    for good in ("plain", "filtered"):
        r = run("eval", stdin=lines(OVERLAP % 1), env=dict(os.environ, AABB_EXACT=good))
        expect(r.returncode == 0 and r.stdout == lines(ANSWER % 1), f"AABB_EXACT={good}: exit {r.returncode}")


def bad_max_line_memory_is_a_usage_error():
    r = run("eval", "--max-line-memory", "64", stdin=lines(OVERLAP % 1))
    expect(r.returncode == 0 and r.stdout == lines(ANSWER % 1), f"a good value: exit {r.returncode} {r.stderr!r}")
    for value in ["0", "abc", "1.5", "2000000"]:
        r = run("eval", "--max-line-memory", value, stdin=lines(OVERLAP % 1))
        expect(r.returncode == 2, f"--max-line-memory {value}: exit {r.returncode}")
        expect(b"--max-line-memory" in r.stderr, f"--max-line-memory {value}: {r.stderr!r}")
        expect(r.stdout == b"", r.stdout)


def many_files_under_a_low_descriptor_limit():
    count = 1100

    def limit():
        hard = resource.getrlimit(resource.RLIMIT_NOFILE)[1]
        resource.setrlimit(resource.RLIMIT_NOFILE, (1024, min(1024, hard) if hard != resource.RLIM_INFINITY else 1024))

    with tempfile.TemporaryDirectory() as d:
        names = [write_temp(d, f"q{i}.jsonl", lines(OVERLAP % i)) for i in range(count)]
        r = run("eval", *names, preexec_fn=limit)
    expect(r.returncode == 0, f"exit {r.returncode}, stderr {r.stderr[:500]!r}")
    answers = r.stdout.count(b"\n")
    expect(r.stdout == lines(*(ANSWER % i for i in range(count))), f"{answers} answers")


def long_messages_are_capped():
    digits = "1" + "0" * 100000
    cases = [
        # an unterminated 1 MB string: nlohmann's message quotes everything it read
        ('{"id": 1, "op": "contains", "box": "' + "x" * 1000000, "parse", "line: "),
        # a 10 KB key that is an identifier
        ('{"id": 2, "op": "contains", "' + "k" * 10000 + '": 1}', "invalid_input", "k" * 64),
        # a 10 KB key that is not
        ('{"id": 3, "op": "contains", "' + "k " * 5000 + '": 1}', "invalid_input", '["k k k'),
        # hill_climb's message quotes two values of 100,000 digits
        ('{"id": 4, "op": "hill_climb", "points": [[%s, 0], [%s0, 0]], "neighbors": [[], []], '
         '"dir": [1, 0], "start": 0}' % (digits, digits), "invalid_input", "neighbors: vertex 0 is a local maximum"),
    ]
    r = run("eval", stdin=lines(*(c[0] for c in cases)))
    out = r.stdout.decode().splitlines()
    expect(len(out) == len(cases), f"{len(out)} answers")
    for (query, kind, start), answer in zip(cases, out):
        got_kind, message = error_of(answer)
        expect(got_kind == kind, f"kind {got_kind}: {answer[:400]}")
        expect(len(message.encode()) <= MAX_MESSAGE, f"message of {len(message)} characters: {message[:400]}...")
        expect(message.startswith(start), f"message does not start with {start!r}: {message[:400]}")
    # a message cut among multi-byte characters (nlohmann quotes the raw bytes it read) stays
    # valid UTF-8 and ends with "..."
    r = run("eval", stdin=lines('{"id": 5, "op": "contains", "box": "' + "\u00e9" * 1000))
    _, message = error_of(r.stdout.decode())
    expect(len(message.encode()) <= MAX_MESSAGE and message.endswith("..."), message)
    expect("\ufffd" not in message, f"a character was split: {message!r}")


def main() -> int:
    global TOOL, DOCS, SANITIZED
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--tool", required=True)
    parser.add_argument("--docs", default="", help="docs/eval.md, for the docs case")
    parser.add_argument("--sanitized", action="store_true", help="the tool is built with ASan")
    parser.add_argument("case")
    args = parser.parse_args()
    TOOL = args.tool
    DOCS = args.docs
    SANITIZED = args.sanitized
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
