# lit configuration for the ompicc test suite.
#
# Folders: parse/ (round trips, syntax errors), driver/ (the ompicc command
# line), hostomp/ (host OpenMP programs that check their own results),
# sema/ (symbols and types), translate/, run/, cuda-compile/ (later issues).
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

if config.nvcc:
    config.available_features.add("nvcc")
