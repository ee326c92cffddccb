#ifndef MAYUN_STILL_SCALE_H
#define MAYUN_STILL_SCALE_H
#include <stddef.h>
#include <stdint.h>

/// BMP and GIF stills decoded straight to a smaller picture, like png_scale.h does for PNGs: gdk-pixbuf 2.42's BMP
/// and GIF loaders call the size-prepared hook, then allocate the full image anyway and scale it at the end (an
/// 8000 x 8000 RLE BMP of 500 KB, or a GIF whose 2 x 2 frame sits on an 8000 x 8000 screen, peaked at 250 MB).
/// These hold one source row, one row of sums and the output: 8-bit RGBA, not premultiplied, exactly
/// `width` x `height` (the caller picks it, aspect kept), each output pixel the average of the source pixels that
/// fall into it (an interlaced GIF's rows arrive out of order: each output row takes one source row).
/// Unset pixels (RLE gaps, the GIF screen around its first frame, transparent colour) are transparent.
/// Return 0 and set `pixels` (free it with `mayun_still_free`) and `stride`; or non-zero with a message in `error`.
/// Refuse images of more than `max_pixels`. Only a GIF's first frame is decoded.
int mayun_bmp_decode_scaled(const uint8_t *data, size_t length, uint32_t width, uint32_t height, uint64_t max_pixels,
                            uint8_t **pixels, size_t *stride, char *error, size_t error_length);
int mayun_gif_decode_scaled(const uint8_t *data, size_t length, uint32_t width, uint32_t height, uint64_t max_pixels,
                            uint8_t **pixels, size_t *stride, char *error, size_t error_length);

void mayun_still_free(uint8_t *pixels);

#endif
