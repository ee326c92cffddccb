#ifndef MAYUN_APP_VERSION_H
#define MAYUN_APP_VERSION_H

// The app's version: the bytes of the VERSION file at the top of the repository, the one place it is written
// (meson-wrapper/meson.build and tools/make-deb.sh read the same file). May end in a newline.
const char *mayun_app_version(void);

#endif
