#ifndef MAYUN_GLOBAL_EXECUTOR_H
#define MAYUN_GLOBAL_EXECUTOR_H
#include <stdint.h>

// Swift's global concurrent executor on GLib threads instead of libdispatch's workers. See
// GLibRuntime/GlobalExecutor.swift for why.

/// Installs the hook (once; later calls do nothing). `threads` workers run tasks.
void mayun_global_executor_install(unsigned threads);

/// Whether the hook is installed.
int mayun_global_executor_installed(void);

/// Jobs run so far by the workers (tests read it to see that tasks really came here).
uint64_t mayun_global_executor_jobs_run(void);

#endif
