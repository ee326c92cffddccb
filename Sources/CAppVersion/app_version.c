#include "app_version.h"

// #embed (C23; clang has it since 19) copies VERSION into the binary at compile time. clang lists the embedded file
// in the dependency file it writes for SwiftPM, so editing VERSION rebuilds this file and nothing else.
#pragma clang diagnostic ignored "-Wc23-extensions"
static const char version[] = {
#embed "../../VERSION"
    , 0
};

const char *mayun_app_version(void) { return version; }
