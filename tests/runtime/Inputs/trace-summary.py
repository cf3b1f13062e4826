"""trace-summary.py FILE - what a trace of OMPICC_PROFILE holds, in an
order a test can check: the processes and threads named, then per event
name its count, total bytes, the threads it ran on, and for kernels their
duration and geometry; and whether the events are in time order per
thread.  Fails (status 1) when FILE is not the trace-event JSON format."""
import json
import sys

with open(sys.argv[1]) as f:
    trace = json.load(f)
events = trace["traceEvents"]
for e in events:
    if e["ph"] == "M" and e["name"] == "process_name":
        print("process %d: %s" % (e["pid"], e["args"]["name"]))
for e in events:
    if e["ph"] == "M" and e["name"] == "thread_name":
        print("thread %d of process %d: %s" % (e["tid"], e["pid"], e["args"]["name"]))
by_name = {}
for e in events:
    if e["ph"] != "X":
        continue
    for key in ("ts", "dur", "pid", "tid", "cat"):
        if key not in e:
            sys.exit("event without %s: %r" % (key, e))
    by_name.setdefault(e["name"], []).append(e)
for name in sorted(by_name):
    es = by_name[name]
    line = "%s: %d events, %d bytes, threads %s" % (
        name, len(es), sum(e["args"].get("bytes", 0) for e in es),
        ",".join(str(t) for t in sorted({e["tid"] for e in es})))
    if es[0]["cat"] == "kernel":
        durs = {round(e["dur"]) for e in es}
        geo = {(e["args"]["grid"], e["args"]["block"]) for e in es}
        line += ", %s us each, grid %s, block %s" % (
            ",".join(str(d) for d in sorted(durs)), *sorted(geo)[0])
    print(line)
ordered = True
last = {}
for e in events:
    if e["ph"] == "X":
        ordered &= e["ts"] >= last.get(e["tid"], 0)
        last[e["tid"]] = e["ts"]
print("in time order: %s" % ("yes" if ordered else "no"))
