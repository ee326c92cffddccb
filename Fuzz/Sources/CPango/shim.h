// Pango alone, for the markup-escape target's oracle (pango_parse_markup); the app reaches it through CGtk.
#include <pango/pango.h>
