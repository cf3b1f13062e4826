/* rt-tsan.c - ThreadSanitizer's defaults for a program built with
 * ompicc --emu-check=race (the cuda-emu race check, OMPICC_EMU_CHECK=race),
 * which links this file in whole (libompicc-tsan.a) and nothing else
 * does.
 *
 * Only the kernel image is instrumented there.  The host code, libgomp and
 * the runtime are not, and libgomp orders its threads with futexes that
 * ThreadSanitizer cannot see, so the memcpy, malloc and free it intercepts
 * in them would be reported as races between host threads: interceptors
 * called from uninstrumented code are ignored.  TSAN_OPTIONS, read after
 * these, can change them.
 */

const char *__tsan_default_options(void);

const char *__tsan_default_options(void) { return "ignore_noninstrumented_modules=1"; }

/* What is reported only because libgomp's ordering is invisible: a race
 * with a frame in libgomp, or in the runtime's own host code (its
 * mappings, queues and tables pass between host threads at libgomp's
 * task and barrier boundaries).  A kernel's races have neither: its
 * threads run on fibres whose stacks start in the device module. */
const char *__tsan_default_suppressions(void);

const char *__tsan_default_suppressions(void)
{
  return "called_from_lib:libgomp.so\n"
         "race:libgomp.so\n"
         "race:runtime-host/rt-\n";
}
