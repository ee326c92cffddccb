// A check of trampolines.S itself, for `mayun --check-libraries` (LazyLibrariesTests): the first call of a function
// goes through mayun_lazy_bind, which loads the library with dlopen and dlsym; both use the vector registers, so a
// double argument (%xmm0) or an integer one that was not saved and restored would reach SQLite changed.
#include "lazy_libraries.h"

#include <sqlite3.h>
#include <stdio.h>

int mayun_lazy_libraries_selftest(void) {
    // Every sqlite3_* call below is, in this process, that function's first: nothing else runs before it.
    sqlite3 *database = NULL;
    if (sqlite3_open_v2(":memory:", &database, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, NULL) != SQLITE_OK) {
        fprintf(stderr, "selftest: sqlite3_open_v2 failed\n");
        return 1;
    }
    sqlite3_stmt *statement = NULL;
    int failures = 0;
    if (sqlite3_prepare_v2(database, "SELECT ?1 * 2.0, ?2", -1, &statement, NULL) != SQLITE_OK) {
        fprintf(stderr, "selftest: sqlite3_prepare_v2 failed\n");
        failures++;
    } else {
        sqlite3_bind_double(statement, 1, 1.25);                 // %rdi, %esi and %xmm0 through the first call
        sqlite3_bind_int64(statement, 2, 0x123456789abcLL);      // %rdx: all 64 bits
        if (sqlite3_step(statement) != SQLITE_ROW) {
            fprintf(stderr, "selftest: sqlite3_step gave no row\n");
            failures++;
        } else {
            double doubled = sqlite3_column_double(statement, 0);
            long long integer = sqlite3_column_int64(statement, 1);
            if (doubled != 2.5) { fprintf(stderr, "selftest: 1.25 * 2.0 came back as %g\n", doubled); failures++; }
            if (integer != 0x123456789abcLL) { fprintf(stderr, "selftest: 0x123456789abc came back as %llx\n", integer); failures++; }
        }
        sqlite3_finalize(statement);
    }
    sqlite3_close(database);
    return failures;
}
