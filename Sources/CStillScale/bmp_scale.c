#include "row_scaler.h"
#include "still_scale.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { BI_RGB = 0, BI_RLE8 = 1, BI_RLE4 = 2, BI_BITFIELDS = 3, BI_ALPHABITFIELDS = 6 };

static uint32_t le16(const uint8_t *p) { return (uint32_t)p[0] | (uint32_t)p[1] << 8; }
static uint32_t le32(const uint8_t *p) { return le16(p) | le16(p + 2) << 16; }

static int fail(char *error, size_t length, const char *message) {
    if (error && length) snprintf(error, length, "%s", message);
    return 1;
}

/// One channel of a BI_BITFIELDS mask: where it starts and how many bits it has.
struct channel {
    uint32_t mask, shift, bits;
};

static struct channel channel_of(uint32_t mask) {
    struct channel channel = {mask, 0, 0};
    if (!mask) return channel;
    while (!(mask & 1)) {
        mask >>= 1;
        channel.shift++;
    }
    while (mask & 1) {
        mask >>= 1;
        channel.bits++;
    }
    return channel;
}

static uint8_t extract(struct channel channel, uint32_t value, uint8_t absent) {
    if (!channel.bits) return absent;
    uint32_t raw = (value & channel.mask) >> channel.shift;
    if (channel.bits >= 8) return (uint8_t)(raw >> (channel.bits - 8));
    // Fewer bits: repeated down the byte (5 bits abcde to abcdeabc), as gdk-pixbuf's loader widens them.
    uint32_t wide = raw << (8 - channel.bits);
    for (uint32_t shift = channel.bits; shift < 8; shift *= 2) wide |= wide >> shift;
    return (uint8_t)wide;
}

struct bmp {
    const uint8_t *data;
    size_t length;
    uint32_t width, height, bpp, compression;
    int top_down;
    const uint8_t *palette;  // BGR(A) entries of `entry` bytes
    uint32_t colors, entry;
    struct channel red, green, blue, alpha;
};

static void palette_pixel(const struct bmp *bmp, uint32_t index, uint8_t *out) {
    if (index >= bmp->colors) {
        out[0] = out[1] = out[2] = 0;
    } else {
        const uint8_t *color = bmp->palette + (size_t)index * bmp->entry;
        out[0] = color[2];
        out[1] = color[1];
        out[2] = color[0];
    }
    out[3] = 255;
}

/// Pixels converted at a time: a row may be 100 million pixels wide, never held whole.
enum { CHUNK = 1024 };

/// `count` pixels of an uncompressed file row from column `start`, to RGBA.
static void convert_span(const struct bmp *bmp, const uint8_t *src, uint32_t start, uint32_t count, uint8_t *out) {
    for (uint32_t x = start; x < start + count; x++, out += 4) {
        switch (bmp->bpp) {
        case 1: palette_pixel(bmp, (src[x >> 3] >> (7 - (x & 7))) & 1, out); break;
        case 4: palette_pixel(bmp, (src[x >> 1] >> ((x & 1) ? 0 : 4)) & 15, out); break;
        case 8: palette_pixel(bmp, src[x], out); break;
        case 24:
            out[0] = src[(size_t)x * 3 + 2];
            out[1] = src[(size_t)x * 3 + 1];
            out[2] = src[(size_t)x * 3];
            out[3] = 255;
            break;
        default: {
            uint32_t value = bmp->bpp == 16 ? le16(src + (size_t)x * 2) : le32(src + (size_t)x * 4);
            out[0] = extract(bmp->red, value, 0);
            out[1] = extract(bmp->green, value, 0);
            out[2] = extract(bmp->blue, value, 0);
            out[3] = extract(bmp->alpha, value, 255);
        }
        }
    }
}

/// The image row of file row `index` (files are bottom-up unless the height is negative).
static uint32_t image_row(const struct bmp *bmp, uint32_t index) {
    return bmp->top_down ? index : bmp->height - 1 - index;
}

/// Rows the file is too short for are transparent (gdk-pixbuf's loader shows a cut file's rows too).
static void decode_plain(const struct bmp *bmp, size_t offset, struct row_scaler *scaler, uint8_t *chunk) {
    uint64_t row_bytes = (((uint64_t)bmp->width * bmp->bpp + 31) / 32) * 4;
    uint64_t present = offset < bmp->length ? (bmp->length - offset) / row_bytes : 0;
    for (uint32_t index = 0; index < bmp->height; index++) {
        row_scaler_start_row(scaler, image_row(bmp, index));
        if (index >= present) {
            row_scaler_blank(scaler, 0, bmp->width);
            continue;
        }
        const uint8_t *src = bmp->data + offset + index * row_bytes;
        for (uint32_t x = 0; x < bmp->width; x += CHUNK) {
            uint32_t count = bmp->width - x < CHUNK ? bmp->width - x : CHUNK;
            convert_span(bmp, src, x, count, chunk);
            row_scaler_span(scaler, x, count, chunk);
        }
    }
}

/// RLE8 and RLE4 (runs, absolute stretches, end-of-line, delta and end-of-bitmap escapes), each pixel summed as it
/// is read. Pixels no run sets are transparent; a file that stops early leaves the rest transparent.
struct rle {
    const struct bmp *bmp;
    struct row_scaler *scaler;
    uint8_t *chunk;
    uint32_t index, x;  // file row, column
};

static void next_row(struct rle *rle) {
    if (rle->x < rle->bmp->width) row_scaler_blank(rle->scaler, rle->x, rle->bmp->width - rle->x);
    rle->index++;
    if (rle->index < rle->bmp->height) row_scaler_start_row(rle->scaler, image_row(rle->bmp, rle->index));
}

/// `count` pixels (at most 255) at the current column: one colour pair repeated, or the nibbles/bytes at `src`.
static void put_pixels(struct rle *rle, uint32_t count, uint32_t value, const uint8_t *src) {
    int four = rle->bmp->compression == BI_RLE4;
    for (uint32_t i = 0; i < count; i++) {
        uint32_t pair = src ? src[four ? i / 2 : i] : value;
        uint32_t color = four ? ((i & 1) ? pair & 15 : pair >> 4) : pair;
        palette_pixel(rle->bmp, color, rle->chunk + (size_t)i * 4);
    }
    row_scaler_span(rle->scaler, rle->x, count, rle->chunk);
    rle->x = rle->x + count < rle->bmp->width ? rle->x + count : rle->bmp->width;
}

static void decode_rle(const struct bmp *bmp, size_t offset, struct row_scaler *scaler, uint8_t *chunk) {
    struct rle rle = {bmp, scaler, chunk, 0, 0};
    int four = bmp->compression == BI_RLE4;
    size_t at = offset;
    row_scaler_start_row(scaler, image_row(bmp, 0));
    while (rle.index < bmp->height && at + 1 < bmp->length) {
        uint32_t count = bmp->data[at], value = bmp->data[at + 1];
        at += 2;
        if (count > 0) {
            put_pixels(&rle, count, value, NULL);
        } else if (value == 0) {  // end of line
            next_row(&rle);
            rle.x = 0;
        } else if (value == 1) {  // end of bitmap
            break;
        } else if (value == 2) {  // delta: right, then down (the column kept)
            if (at + 1 >= bmp->length) break;
            uint32_t right = bmp->data[at], down = bmp->data[at + 1];
            at += 2;
            if (rle.x < bmp->width) row_scaler_blank(scaler, rle.x, right);
            rle.x = rle.x + right < bmp->width ? rle.x + right : bmp->width;
            uint32_t column = rle.x;
            for (; down > 0 && rle.index < bmp->height; down--) {
                next_row(&rle);  // blanks from the column to the end
                rle.x = column;
                if (rle.index < bmp->height) row_scaler_blank(scaler, 0, column);
            }
        } else {  // absolute: `value` pixels, padded to a 16-bit boundary
            size_t bytes = four ? (value + 1) / 2 : value;
            if (at + bytes > bmp->length) break;
            put_pixels(&rle, value, 0, bmp->data + at);
            at += bytes + (bytes & 1);
        }
    }
    // The rest of the row in progress, then the rows never reached.
    while (rle.index < bmp->height) {
        next_row(&rle);
        rle.x = 0;
    }
}

int mayun_bmp_decode_scaled(const uint8_t *data, size_t length, uint32_t width, uint32_t height, uint64_t max_pixels,
                            uint8_t **pixels, size_t *stride, char *error, size_t error_length) {
    *pixels = NULL;
    if (error && error_length) error[0] = 0;
    if (length < 26 || data[0] != 'B' || data[1] != 'M') return fail(error, error_length, "not a BMP file");
    struct bmp bmp = {.data = data, .length = length};
    size_t offset = le32(data + 10);
    uint32_t header = le32(data + 14);
    if (header == 12) {  // OS/2's BITMAPCOREHEADER
        bmp.width = le16(data + 18);
        bmp.height = le16(data + 20);
        bmp.bpp = le16(data + 24);
        bmp.entry = 3;
    } else if (header >= 40 && (uint64_t)14 + header <= length) {
        int32_t signed_height = (int32_t)le32(data + 22);
        bmp.width = le32(data + 18);
        bmp.top_down = signed_height < 0;
        bmp.height = signed_height < 0 ? (uint32_t)0 - (uint32_t)signed_height : (uint32_t)signed_height;
        bmp.bpp = le16(data + 28);
        bmp.compression = le32(data + 30);
        bmp.colors = le32(data + 46);
        bmp.entry = 4;
    } else {
        return fail(error, error_length, "unknown BMP header");
    }
    if ((int32_t)bmp.width <= 0 || bmp.height == 0) return fail(error, error_length, "the image is empty");
    if ((uint64_t)bmp.width * bmp.height > max_pixels) return fail(error, error_length, "the image has too many pixels");
    if (!width || !height) return fail(error, error_length, "no size to decode to");

    size_t palette_at = 14 + (size_t)header;
    switch (bmp.compression) {
    case BI_RGB:
        if (bmp.bpp != 1 && bmp.bpp != 4 && bmp.bpp != 8 && bmp.bpp != 16 && bmp.bpp != 24 && bmp.bpp != 32)
            return fail(error, error_length, "unsupported bits per pixel");
        if (bmp.bpp == 16) bmp.red = channel_of(0x7C00), bmp.green = channel_of(0x03E0), bmp.blue = channel_of(0x1F);
        if (bmp.bpp == 32)
            bmp.red = channel_of(0xFF0000), bmp.green = channel_of(0xFF00), bmp.blue = channel_of(0xFF);
        break;
    case BI_RLE8:
    case BI_RLE4:
        if (bmp.bpp != (bmp.compression == BI_RLE8 ? 8u : 4u)) return fail(error, error_length, "bad RLE depth");
        break;
    case BI_BITFIELDS:
    case BI_ALPHABITFIELDS: {
        if (bmp.bpp != 16 && bmp.bpp != 32) return fail(error, error_length, "bad bitfields depth");
        // The masks follow a 40-byte header, or are its V2/V3 extension.
        size_t masks = bmp.compression == BI_ALPHABITFIELDS ? 16 : 12;
        if (54 + masks > length) return fail(error, error_length, "the file is truncated");
        bmp.red = channel_of(le32(data + 54));
        bmp.green = channel_of(le32(data + 58));
        bmp.blue = channel_of(le32(data + 62));
        if (masks == 16 || header >= 56) bmp.alpha = channel_of(le32(data + 66));
        if (header == 40) palette_at += masks;
        break;
    }
    default:
        return fail(error, error_length, "unsupported BMP compression");
    }
    if (bmp.bpp <= 8) {
        uint32_t most = 1u << bmp.bpp;
        if (bmp.colors == 0 || bmp.colors > most) bmp.colors = most;
        if (palette_at > length) return fail(error, error_length, "the file is truncated");
        size_t room = (length - palette_at) / bmp.entry;
        if (bmp.colors > room) bmp.colors = (uint32_t)room;
        bmp.palette = data + palette_at;
    }

    struct row_scaler scaler;
    uint8_t *row = malloc(CHUNK * 4);
    if (!row || row_scaler_init(&scaler, bmp.width, bmp.height, width, height) != 0) {
        free(row);
        return fail(error, error_length, "out of memory");
    }
    if (bmp.compression == BI_RLE8 || bmp.compression == BI_RLE4) {
        decode_rle(&bmp, offset, &scaler, row);
    } else {
        decode_plain(&bmp, offset, &scaler, row);
    }
    free(row);
    *pixels = row_scaler_finish(&scaler);
    *stride = (size_t)width * 4;
    return 0;
}

void mayun_still_free(uint8_t *pixels) { free(pixels); }
