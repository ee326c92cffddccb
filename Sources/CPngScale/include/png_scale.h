#ifndef MAYUN_PNG_SCALE_H
#define MAYUN_PNG_SCALE_H
#include <stddef.h>
#include <stdint.h>

/// Decodes the PNG in `data` straight to a smaller picture: 8-bit RGBA (not premultiplied), at most `max_width` x
/// `max_height` (aspect kept), averaging the source pixels that fall into each output pixel one source row at a
/// time. gdk-pixbuf's PNG loader allocates the full image before scaling (a 10000 x 10000 PNG of 300 KB became
/// 300-400 MB); this holds one source row, one row of sums and the output. Interlaced images are sampled from
/// their last Adam7 pass (every other row, or every other column of a one-row image).
/// Returns 0 and sets `pixels` (free it with `mayun_png_free`), `width`, `height`, `stride` (bytes per row); or
/// non-zero with a message in `error`. Refuses images of more than `max_pixels`.
int mayun_png_decode_scaled(const uint8_t *data, size_t length, uint32_t max_width, uint32_t max_height,
                            uint64_t max_pixels, uint8_t **pixels, uint32_t *width, uint32_t *height,
                            size_t *stride, char *error, size_t error_length);

void mayun_png_free(uint8_t *pixels);

#endif
