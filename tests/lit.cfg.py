# lit configuration for the ompicc test suite.
#
# Folders: parse/ (round trips, syntax errors), driver/ (the ompicc command
# line), hostomp/ (host OpenMP programs that check their own results),
# sema/ (symbols and types), translate/, run/, cuda-compile/, structure/
# (the arrows between source files, scripts/file-deps).
# Run tests (run/) execute once per device: --param device=host (the
# default: the host fallback), emu (the CPU-executed CUDA device) or gpu;
# scripts/run-tests runs the suite with host and run/ again with emu, and
# make check-gpu run/ with gpu.
# The translator used can be replaced with OMPICC_TEST_BUILD=DIR (a build
# folder), which is how the sanitizer and self-hosted builds run the suite.
import os
import lit.formats

config.name = "ompicc"
config.test_format = lit.formats.ShTest(execute_external=False)
config.suffixes = [".c", ".test"]
config.excludes = ["Inputs", "lit.cfg.py", "lit.site.cfg.py"]
config.test_source_root = os.path.dirname(__file__)

build = os.environ.get("OMPICC_TEST_BUILD", config.ompicc_obj_root)
config.test_exec_root = os.path.join(build, "tests")

ompicc = os.path.join(build, "compiler", "ompicc")
ompicc_tr = os.path.join(build, "compiler", "ompicc-tr")
config.substitutions.append(("%ompicc-tr", ompicc_tr))
config.substitutions.append(("%ompicc", ompicc))
config.substitutions.append(("%srcroot", config.ompicc_src_root))
config.substitutions.append(("%builddir", build))
config.substitutions.append(("%inputs", os.path.join(config.test_source_root, "Inputs")))
config.substitutions.append(("%roundtrip", os.path.join(config.ompicc_src_root, "scripts", "roundtrip")))

llvm_bin = "/usr/lib/llvm-14/bin"
config.environment["PATH"] = os.pathsep.join(
    [llvm_bin, os.path.join(build, "compiler"), os.environ.get("PATH", "")])
config.environment["OMPICC_TR"] = ompicc_tr
for var in ("ASAN_OPTIONS", "UBSAN_OPTIONS", "OMPICC_CC", "TMPDIR", "HOME"):
    if var in os.environ:
        config.environment[var] = os.environ[var]

import shutil
if shutil.which("clang++"):
    config.available_features.add("clangxx")
if shutil.which("clang"):  # clang as the host compiler (OMPICC_CC=clang)
    config.available_features.add("clang")
if shutil.which("gcc-11"):  # an older gcc as the host compiler (tests/driver/host-compilers.test)
    config.available_features.add("gcc-11")


def host_compiler_features():
    """What the host compiler the tests build with (OMPICC_CC, else cc)
    refuses of the host OpenMP some tests use: host-gcc-before-N for a gcc
    older than N, host-clang for clang (README, 'Host compilers').  Those
    tests are UNSUPPORTED there, each saying why."""
    import subprocess
    cc = os.environ.get("OMPICC_CC", "cc")
    try:
        out = subprocess.run(cc.split() + ["-E", "-dM", "-x", "c", "/dev/null"],
                             stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                             timeout=30).stdout.decode()
    except (OSError, subprocess.SubprocessError):
        return
    macros = dict(l.split()[1:3] for l in out.splitlines() if len(l.split()) >= 3)
    if "__clang__" in macros:
        config.available_features.add("host-clang")
    elif "__GNUC__" in macros:
        for n in (9, 10, 11, 12):
            if int(macros["__GNUC__"]) < n:
                config.available_features.add("host-gcc-before-%d" % n)
    # its ThreadSanitizer runtime, which --emu-check=race links with the
    # CPU device's image: that of g++ (OMPICC_CXX), so the same gcc
    # (scripts/old-gcc unpacks none; gcc 11's is not g++ 12's)
    try:
        cxx = subprocess.run([os.environ.get("OMPICC_CXX", "g++"), "-dumpversion"],
                             stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                             timeout=30).stdout.decode().split(".")[0].strip()
    except (OSError, subprocess.SubprocessError):
        cxx = ""
    if "__clang__" in macros or macros.get("__GNUC__") != cxx:
        return
    import tempfile
    with tempfile.TemporaryDirectory() as d:
        try:
            r = subprocess.run(cc.split() + ["-fsanitize=thread", "-x", "c", "-", "-o",
                                             os.path.join(d, "a")],
                               input=b"int main(void) { return 0; }\n", stdout=subprocess.DEVNULL,
                               stderr=subprocess.DEVNULL, timeout=60)
            if r.returncode == 0:
                config.available_features.add("host-tsan")
        except (OSError, subprocess.SubprocessError):
            pass


host_compiler_features()
# An older host compiler to build tests/run with too
# (tests/driver/host-given-cc.test; scripts/old-gcc fetches gcc 9 or 10).
if os.environ.get("OMPICC_TEST_GIVEN_CC"):
    config.available_features.add("given-host-cc")
    config.substitutions.append(("%given-host-cc", os.environ["OMPICC_TEST_GIVEN_CC"]))
if shutil.which("cmake"):  # the examples' CMake builds (scripts/setup installs it)
    config.available_features.add("cmake")
if config.nvcc:
    config.available_features.add("nvcc")


def mpirun_command():
    """How the tests start MPI programs (%mpirun), or None without MPI: an
    mpicc and an mpirun on PATH.  Open MPI's mpirun refuses to run as root
    without its two variables (CI runs as root) and more ranks than cores
    without --oversubscribe; MPICH's takes neither.  A rank that hangs
    ends with the test, not with lit."""
    if not (shutil.which("mpicc") and shutil.which("mpirun")):
        return None
    import subprocess
    try:
        version = subprocess.run(["mpirun", "--version"], stdout=subprocess.PIPE,
                                 stderr=subprocess.STDOUT, timeout=30).stdout
    except (OSError, subprocess.SubprocessError):
        return None
    if b"Open MPI" in version or b"OpenRTE" in version:
        return ("env OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 "
                "timeout 300 mpirun --oversubscribe")
    return "timeout 300 mpirun"


mpirun = mpirun_command()
if mpirun:  # examples/mpi-halo (Debian: openmpi-bin libopenmpi-dev)
    config.available_features.add("mpi")
    config.substitutions.append(("%mpirun", mpirun))
# An nvcc given in OMPICC_NVCC (an older toolkit: scripts/cuda-11.8, a
# Jetson's own) builds the device tests for the architectures of
# OMPICC_TEST_CUDA_ARCHS too (tests/cuda-compile/given-toolkit.test).
if os.environ.get("OMPICC_NVCC"):
    config.available_features.add("given-nvcc")
    config.environment["OMPICC_NVCC"] = os.environ["OMPICC_NVCC"]
    config.environment["OMPICC_TEST_CUDA_ARCHS"] = os.environ.get(
        "OMPICC_TEST_CUDA_ARCHS", "sm_53,sm_62,sm_72,sm_87")

# ---------------------------------------------------------------- devices
# A folder of self-checking programs applies config.ompicc_device in its
# lit.local.cfg (see run/): there %ompicc builds for the device of
# --param device=, and the programs run with its environment.  emu and gpu
# run under OMP_TARGET_OFFLOAD=MANDATORY, so a region that silently falls
# back to the host fails; a device that is not there makes the tests
# UNSUPPORTED (skipped), never passed.  (Plain data: lit pickles configs.)
EMU_ENV = {"OMPICC_DEVICES": "cuda-emu", "OMP_TARGET_OFFLOAD": "MANDATORY"}


def emu(flags="", **env):
    """The CPU device, built with flags added to --devices=cuda-emu and run
    with env added to EMU_ENV."""
    return ("--devices=cuda-emu" + flags, dict(EMU_ENV, **env))


DEVICES = {
    "host": ("--devices=none", {"OMP_TARGET_OFFLOAD": "DISABLED"}),
    "emu": emu(),
    "gpu": ("--devices=cuda", {"OMPICC_DEVICES": "cuda", "OMP_TARGET_OFFLOAD": "MANDATORY"}),
    # the CPU device with the runtime's host-memory paths
    # (runtime-host/rt-transfer.c) taken by every mapping: zero-copy (the
    # host's own bytes), or pinned at its first copy
    "emu-zerocopy": emu(OMPICC_ZERO_COPY="always"),
    "emu-pinned": emu(OMPICC_PINNED="always"),
    # the CPU device's checks (runtime-host/emu-sched.c, OMPICC_EMU_CHECK):
    # the threads of each block resumed in a random order at every
    # switch point, or ThreadSanitizer watching the kernels for races
    # between the threads of a block (a report fails the test: exit 66)
    "emu-order": emu(OMPICC_EMU_CHECK="order=random:1"),
    # only the running thread's stack accessible: a pointer to another
    # thread's local variable faults, as it reads garbage on a GPU (two
    # mprotect calls a switch: not in the default list)
    "emu-local": emu(OMPICC_EMU_CHECK="local"),
    "emu-race": emu(" --emu-check=race", OMPICC_EMU_CHECK="race"),
    # every access of the image outside the thread's own stack checked
    # against the device's memory: a host address (a missing map) or an
    # access past a device array faults, as on a GPU
    "emu-memory": emu(" --emu-check=memory", OMPICC_EMU_CHECK="memory"),
    # every access of the image checked for its type's alignment, which a
    # GPU faults on (misaligned address): UndefinedBehaviorSanitizer's
    # check, its first report ends the program
    "emu-align": emu(" -fsanitize=alignment", UBSAN_OPTIONS="halt_on_error=1:print_stacktrace=1"),
    # the CPU device as a Jetson Nano (sm_53): the device library's
    # pre-Volta path, warps without independent thread scheduling
    "emu-sm53": emu(" --cuda-arch=sm_53", OMPICC_EMU_ARCH="sm_53"),
}
device = lit_config.params.get("device", "host")
if device not in DEVICES:
    lit_config.fatal("unknown device '%s' (%s)" % (device, ", ".join(DEVICES)))


def gpu_count():
    """GPUs the NVIDIA driver sees (0 without a driver)."""
    import ctypes
    try:
        cuda = ctypes.CDLL("libcuda.so.1")
        n = ctypes.c_int(0)
        if cuda.cuInit(0) != 0 or cuda.cuDeviceGetCount(ctypes.byref(n)) != 0:
            return 0
        return n.value
    except (OSError, AttributeError):
        return 0


emu_built = os.path.exists(os.path.join(build, "runtime-host", "ompicc-cuda-emu.so"))
if emu_built:
    config.available_features.add("cuda-emu")
available = {"host": True, "emu": emu_built, "emu-zerocopy": emu_built,
             "emu-pinned": emu_built, "emu-order": emu_built, "emu-local": emu_built,
             "emu-race": emu_built and "host-tsan" in config.available_features,
             "emu-sm53": emu_built, "emu-align": emu_built, "emu-memory": emu_built,
             "gpu": device == "gpu" and bool(config.nvcc) and gpu_count() > 0}
config.ompicc_device = {"name": device, "flags": DEVICES[device][0],
                        "env": DEVICES[device][1], "available": available[device]}
