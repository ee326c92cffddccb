// Swift's global concurrent executor on a GLib thread pool.
//
// Why: on Linux, the first job libdispatch hands to a worker thread starts its workqueue monitor, a timer on the
// manager thread that fires every second for the rest of the process (_dispatch_workq_init_once in
// src/event/workqueue.c). A Mayun waiting in the background would wake 60 times a minute for nothing. The runtime lets
// a program take over the global executor through a hook (swift_task_enqueueGlobal_hook, the one JavaScriptKit and
// FoundationDB's Flow use); jobs then run here and libdispatch never starts a worker.
//
// Workers: an exclusive GThreadPool, whose idle threads wait on its queue without a timeout (no wake-ups).
// Not sleeps: Swift 6.3's Task.sleep no longer goes through the runtime's delay hooks but asks the current executor
// (the main actor: the main queue's own timers, no worker) or the default global executor (dispatch_after on a global
// queue: a worker). So the app sleeps only on the main actor (GLibRuntime/GlobalExecutor.swift).

#include "global_executor.h"
#include <glib.h>
#include <stdatomic.h>

#define SWIFT_CC __attribute__((swiftcall))

typedef struct SwiftJob SwiftJob;
// The runtime's SerialExecutorRef: {0, 0} is the generic executor, the one global jobs run on.
typedef struct {
  void *identity;
  uintptr_t implementation;
} SwiftSerialExecutorRef;

extern SWIFT_CC void swift_job_run(SwiftJob *job, SwiftSerialExecutorRef executor);

typedef SWIFT_CC void (*EnqueueOriginal)(SwiftJob *job);
extern void *swift_task_enqueueGlobal_hook;

static GThreadPool *workers;
static _Atomic int installed;
static _Atomic uint64_t jobs_run;

static void run_job(gpointer job, gpointer unused) {
  (void)unused;
  atomic_fetch_add_explicit(&jobs_run, 1, memory_order_relaxed);
  SwiftSerialExecutorRef generic = {0, 0};
  swift_job_run((SwiftJob *)job, generic);
}

static SWIFT_CC void enqueue(SwiftJob *job, EnqueueOriginal original) {
  (void)original;
  g_thread_pool_push(workers, job, NULL);
}

void mayun_global_executor_install(unsigned threads) {
  int expected = 0;
  if (!atomic_compare_exchange_strong(&installed, &expected, 1)) return;
  workers = g_thread_pool_new(run_job, NULL, (gint)(threads > 0 ? threads : 1), TRUE, NULL);
  swift_task_enqueueGlobal_hook = (void *)enqueue;
}

int mayun_global_executor_installed(void) { return atomic_load(&installed); }
uint64_t mayun_global_executor_jobs_run(void) { return atomic_load(&jobs_run); }
