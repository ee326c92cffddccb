#ifndef MAYUN_LAZY_LIBRARIES_H
#define MAYUN_LAZY_LIBRARIES_H

/* Libraries the first window does not need (libsoup with its Kerberos/PSL stack, json-glib, libsecret, SQLite,
 * cmark-gfm, GtkSourceView, libxml2 with ICU) are not among the executable's needed libraries: each is loaded by
 * the first call of one of its functions, after the first frame. 23 fewer libraries for the dynamic loader to map
 * and relocate before `main`.
 *
 * How: trampolines.S defines every function Mayun calls in them (lazy_symbols.h) as a small trampoline, hidden
 * inside the executable. The first call of a function loads its library (dlopen, once per library) and looks the
 * function up (dlsym); the trampoline jumps to the address found then, and every later call jumps there at once.
 * The `mayun` executable is linked by tools/link-as-needed, which passes --as-needed so that a library whose
 * functions are all trampolines is not recorded as needed. Only the `mayun` product links this target: the tests and
 * the other executables link the libraries as usual. */

/** Loads every lazily loaded library and resolves every function of lazy_symbols.h, printing one line for each
 *  failure to stderr. Returns the number of failures (0: the list and the sonames match this system). */
int mayun_lazy_libraries_check(void);

/** Calls SQLite through its trampolines, each call the first of its function, and checks that the arguments (in
 *  integer and vector registers) and the answers came through unchanged. Returns the number of failures. */
int mayun_lazy_libraries_selftest(void);

/** How many of the lazily loaded libraries are loaded in this process so far, and their sonames, for the startup
 *  trace: writes at most `capacity` sonames into `names`. */
int mayun_lazy_libraries_loaded(const char **names, int capacity);

#endif
