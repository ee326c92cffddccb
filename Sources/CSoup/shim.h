#ifndef MAYUN_CSOUP_SHIM_H
#define MAYUN_CSOUP_SHIM_H
// GLib, GIO, libsoup 3, json-glib and libxml2's HTML parser, as one C module.
#define G_SETTINGS_ENABLE_BACKEND 1
#include <glib.h>
#include <glib-unix.h>
#include <glib-object.h>
#include <gio/gio.h>
#include <gio/gsettingsbackend.h>
#include <libsoup/soup.h>
#include <json-glib/json-glib.h>
#include <libsecret/secret.h>
#include <libintl.h>
#include <locale.h>

// Debian's libxml2 is built with ICU, and its encoding.h pulls in <unicode/ucnv.h>, whose ICU types clash with the
// copy of ICU inside swift-corelibs-foundation ("UErrorCode has different definitions"). libxml2 only needs the two
// type names for pointer and buffer fields we never touch, so declare them and skip the ICU header.
#ifndef UCNV_H
#define UCNV_H
#include <stdint.h>
typedef struct UConverter UConverter;
typedef uint16_t UChar;
#endif
#include <libxml/HTMLparser.h>
#include <libxml/HTMLtree.h>
#include <libxml/tree.h>

// libdispatch's private hooks for driving the main queue from a foreign run loop (CoreFoundation uses them).
// On Linux the handle is an eventfd. See GLibRuntime/MainQueueBridge.swift.
extern int _dispatch_get_main_queue_port_4CF(void);
extern void _dispatch_main_queue_callback_4CF(void *msg);

#endif
