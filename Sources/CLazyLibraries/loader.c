// The other half of trampolines.S: the address table its trampolines jump through, and the one function that
// fills a row of it. include/lazy_libraries.h says why Mayun loads these libraries late.
#include "lazy_libraries.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

enum LazyLibrary {
#define LAZY_LIBRARY(name, soname) LAZY_LIBRARY_##name,
#include "lazy_library_list.h"
#undef LAZY_LIBRARY
    LAZY_LIBRARY_COUNT
};

static const char *const sonames[LAZY_LIBRARY_COUNT] = {
#define LAZY_LIBRARY(name, soname) soname,
#include "lazy_library_list.h"
#undef LAZY_LIBRARY
};

static const struct {
    enum LazyLibrary library;
    const char *name;
} symbols[] = {
#define LAZY_SYMBOL(library, function) {LAZY_LIBRARY_##library, #function},
#include "lazy_symbols.h"
#undef LAZY_SYMBOL
};

enum { SYMBOL_COUNT = sizeof symbols / sizeof symbols[0] };

// One row per trampoline, in lazy_symbols.h's order. Zero until the function is first called; trampolines.S reads a
// row with one load (an aligned pointer store is atomic on x86-64, so a thread sees zero or the whole address).
__attribute__((visibility("hidden"))) void *mayun_lazy_addresses[SYMBOL_COUNT];

static void *handles[LAZY_LIBRARY_COUNT];
static pthread_once_t loading[LAZY_LIBRARY_COUNT];

// pthread_once takes a function without arguments: one per library.
#define LAZY_LIBRARY(name, soname) \
    static void load_##name(void) { handles[LAZY_LIBRARY_##name] = dlopen(soname, RTLD_LAZY | RTLD_GLOBAL); }
#include "lazy_library_list.h"
#undef LAZY_LIBRARY

static void (*const loaders[LAZY_LIBRARY_COUNT])(void) = {
#define LAZY_LIBRARY(name, soname) load_##name,
#include "lazy_library_list.h"
#undef LAZY_LIBRARY
};

// Loads a library once, whichever thread asks first; the others wait for it in pthread_once.
static void *library(enum LazyLibrary library) {
    pthread_once(&loading[library], loaders[library]);
    return handles[library];
}

static void *lookup(unsigned index, const char **error) {
    void *handle = library(symbols[index].library);
    if (handle == NULL) {
        *error = "the library could not be loaded";
        return NULL;
    }
    void *address = dlsym(handle, symbols[index].name);
    if (address == NULL) *error = "the library has no such function";
    return address;
}

// Called by trampolines.S on a function's first call, with the argument registers saved: loads its library,
// finds the function, keeps its address for every later call and returns it for this one. A library or function
// that is not there ends the process, as the dynamic loader would have at start, but with the name of both.
__attribute__((visibility("hidden"))) void *mayun_lazy_resolve(unsigned index) {
    const char *error = NULL;
    void *address = lookup(index, &error);
    if (address == NULL) {
        const char *detail = dlerror();
        fprintf(stderr, "mayun: cannot call %s in %s: %s (%s)\n", symbols[index].name,
                sonames[symbols[index].library], error, detail ? detail : "no detail");
        abort();
    }
    __atomic_store_n(&mayun_lazy_addresses[index], address, __ATOMIC_RELEASE);
    // MAYUN_LAZY_TRACE=1: what calls first into each library (a breakpoint on this line shows who, in gdb). Read
    // each time: this runs once per function, on whichever thread calls it first.
    if (getenv("MAYUN_LAZY_TRACE") != NULL) {
        struct timespec now;  // CLOCK_MONOTONIC in µs: the clock of the startup steps (MayunCore's StartupSteps)
        clock_gettime(CLOCK_MONOTONIC, &now);
        fprintf(stderr, "mayun: first call of %s (%s) at %lld\n", symbols[index].name, sonames[symbols[index].library],
                (long long)now.tv_sec * 1000000 + now.tv_nsec / 1000);
    }
    return address;
}

int mayun_lazy_libraries_check(void) {
    int failures = 0;
    for (unsigned index = 0; index < SYMBOL_COUNT; index++) {
        const char *error = NULL;
        if (lookup(index, &error) == NULL) {
            const char *detail = dlerror();
            fprintf(stderr, "%s: %s: %s (%s)\n", sonames[symbols[index].library], symbols[index].name, error,
                    detail ? detail : "no detail");
            failures++;
        }
    }
    return failures;
}

int mayun_lazy_libraries_loaded(const char **names, int capacity) {
    int count = 0;
    for (int library = 0; library < LAZY_LIBRARY_COUNT; library++) {
        // RTLD_NOLOAD: is it mapped in this process (by a trampoline, or as another library's dependency)?
        void *handle = dlopen(sonames[library], RTLD_LAZY | RTLD_NOLOAD);
        if (handle == NULL) continue;
        dlclose(handle);
        if (count < capacity) names[count] = sonames[library];
        count++;
    }
    return count;
}
