#!/usr/bin/env python3
"""kill-ompicc.py OMPICC WORKDIR SIGNAL [cc|tr|nvcc|link] - start ompicc with a host
compiler (cc), a translator (tr) or an nvcc that leaves a file of its own in
$TMPDIR (nvcc) that hangs (slow-cc.sh), or a host compiler that hangs in
the link after writing part of the program (link, failing-link-cc.sh:
then nothing may be left beside the program's place either), send SIGNAL to
ompicc once that tool runs, then check that ompicc died of SIGNAL, that the
tool was killed as well, and that the temporary folder is gone (with tr,
it holds the preprocessed file by then).  Waiting for the compiler's own "I have
started" file, not for a guessed time, keeps the test from being flaky."""
import os
import signal
import subprocess
import sys
import time

ompicc, work, signame = sys.argv[1], sys.argv[2], sys.argv[3]
tool = sys.argv[4] if len(sys.argv) > 4 else "cc"
sig = getattr(signal, "SIG" + signame)
inputs = os.path.dirname(os.path.abspath(__file__))
tmp = os.path.join(work, "tmp")
ready = os.path.join(work, "ready")
subprocess.run(["rm", "-rf", work], check=True)
os.makedirs(tmp)
with open(os.path.join(work, "prog.c"), "w") as f:
    f.write("int main(void) { int x = 0;\n#pragma omp target map(tofrom: x)\n  x = 1;\n"
            "  return x - 1; }\n")

slow = os.path.join(inputs, "slow-cc.sh")
env = dict(os.environ, TMPDIR=tmp, SLOW_CC_READY=ready)
args = []
if tool == "cc":
    env["OMPICC_CC"] = "sh " + slow
elif tool == "nvcc":
    env["OMPICC_NVCC"] = "sh " + slow
    env["SLOW_CC_TEMP"] = "1"
    args = ["--devices=cuda"]
elif tool == "link":
    env["OMPICC_CC"] = "sh " + os.path.join(inputs, "failing-link-cc.sh")
    env["FAILING_LINK_HANG"] = ready
else:
    env["OMPICC_TR"] = slow


def default_signals():
    # lit runs tests with SIGINT ignored, and ompicc rightly keeps a signal
    # that was ignored when it started ignored: start it as a shell would.
    for s in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP, signal.SIGQUIT):
        signal.signal(s, signal.SIG_DFL)


proc = subprocess.Popen([ompicc] + args + ["-o", "prog", "prog.c"], cwd=work, env=env,
                        preexec_fn=default_signals)


def fail(msg):
    print("FAIL: " + msg)
    proc.kill()
    sys.exit(1)


deadline = time.time() + 60
while not os.path.exists(ready) or not open(ready).read().strip():
    if time.time() > deadline or proc.poll() is not None:
        fail("the host compiler did not start")
    time.sleep(0.05)
child = int(open(ready).read())
made = [os.path.join(d, f) for d, _, files in os.walk(tmp) for f in files + [d]]
if len(made) < (2 if tool in ("cc", "link") else 3):
    fail("not what is expected in TMPDIR while ompicc runs: %s" % made)

proc.send_signal(sig)
try:
    status = proc.wait(timeout=60)
except subprocess.TimeoutExpired:
    fail("ompicc still runs 60 s after SIG%s" % signame)
if status != -sig:
    fail("ompicc ended with %d, not killed by SIG%s" % (status, signame))
try:
    os.kill(child, 0)
    os.kill(child, signal.SIGKILL)
    fail("the host compiler (pid %d) still runs" % child)
except ProcessLookupError:
    pass
left = os.listdir(tmp)
if left:
    fail("left in TMPDIR: %s" % left)
left = [f for f in os.listdir(work) if f not in ("prog.c", "tmp", "ready")]
if left:
    fail("left beside the program: %s" % left)
print("ok: ompicc died of SIG%s, its tool too, nothing left" % signame)
