/* The libraries behind lazy_symbols.h: LAZY_LIBRARY(name, soname), in the order of enum LazyLibrary. The sonames are
 * Debian 12's; `mayun --check-libraries` loads each one (LazyLibrariesTests runs it). */

LAZY_LIBRARY(SOUP, "libsoup-3.0.so.0")
LAZY_LIBRARY(JSON_GLIB, "libjson-glib-1.0.so.0")
LAZY_LIBRARY(SECRET, "libsecret-1.so.0")
LAZY_LIBRARY(SQLITE, "libsqlite3.so.0")
LAZY_LIBRARY(CMARK, "libcmark-gfm.so.0.29.0.gfm.6")
LAZY_LIBRARY(CMARK_EXTENSIONS, "libcmark-gfm-extensions.so.0.29.0.gfm.6")
LAZY_LIBRARY(SOURCEVIEW, "libgtksourceview-5.so.0")
LAZY_LIBRARY(XML2, "libxml2.so.2")
