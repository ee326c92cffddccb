#ifndef MAYUN_CGTK_SHIM_H
#define MAYUN_CGTK_SHIM_H
#include <gtk/gtk.h>
#include <gtksourceview/gtksource.h>
#include <adwaita.h>
#endif
