#include "png_scale.h"
#include "row_scaler.h"

#include <png.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct source {
    const uint8_t *data;
    size_t length;
    size_t offset;
};

struct failure {
    char *message;
    size_t length;
};

static void read_bytes(png_structp png, png_bytep out, size_t count) {
    struct source *source = png_get_io_ptr(png);
    if (count > source->length - source->offset) png_error(png, "the file is truncated");
    memcpy(out, source->data + source->offset, count);
    source->offset += count;
}

static void fail(png_structp png, png_const_charp message) {
    struct failure *failure = png_get_error_ptr(png);
    if (failure->message && failure->length) snprintf(failure->message, failure->length, "%s", message);
    png_longjmp(png, 1);
}

static void ignore_warning(png_structp png, png_const_charp message) {
    (void)png;
    (void)message;
}

int mayun_png_decode_scaled(const uint8_t *data, size_t length, uint32_t max_width, uint32_t max_height,
                            uint64_t max_pixels, uint8_t **pixels, uint32_t *width, uint32_t *height,
                            size_t *stride, char *error, size_t error_length) {
    struct source source = {data, length, 0};
    struct failure failure = {error, error_length};
    if (error && error_length) error[0] = 0;
    *pixels = NULL;
    png_structp png = png_create_read_struct(PNG_LIBPNG_VER_STRING, &failure, fail, ignore_warning);
    if (!png) return 1;
    png_infop info = png_create_info_struct(png);
    if (!info) {
        png_destroy_read_struct(&png, NULL, NULL);
        return 1;
    }
    // Set after setjmp and read after a longjmp: volatile, or the compiler may keep them in registers.
    uint8_t *volatile row = NULL;
    struct row_scaler *volatile scaler = NULL;
    if (setjmp(png_jmpbuf(png))) {
        free(row);
        if (scaler) row_scaler_discard(scaler);
        free(scaler);
        png_destroy_read_struct(&png, &info, NULL);
        return 1;
    }
    png_set_read_fn(png, &source, read_bytes);
    png_read_info(png, info);
    uint32_t full_width = png_get_image_width(png, info), full_height = png_get_image_height(png, info);
    if (full_width == 0 || full_height == 0) png_error(png, "the image is empty");
    if ((uint64_t)full_width * full_height > max_pixels) png_error(png, "the image has too many pixels");
    int color = png_get_color_type(png, info);
    // Everything to 8-bit RGBA: palettes and low bit depths expanded, transparency chunks to alpha.
    png_set_expand(png);
    png_set_strip_16(png);
    if (color == PNG_COLOR_TYPE_GRAY || color == PNG_COLOR_TYPE_GRAY_ALPHA) png_set_gray_to_rgb(png);
    png_set_filler(png, 0xff, PNG_FILLER_AFTER);
    int interlaced = png_get_interlace_type(png, info) != PNG_INTERLACE_NONE;
    png_read_update_info(png, info);
    if (png_get_rowbytes(png, info) < (size_t)full_width * 4) png_error(png, "unexpected row size");

    double scale = 1.0;
    if (max_width && full_width > max_width) scale = (double)max_width / full_width;
    if (max_height && full_height > max_height && (double)max_height / full_height < scale)
        scale = (double)max_height / full_height;
    uint32_t out_width = (uint32_t)(full_width * scale + 0.5), out_height = (uint32_t)(full_height * scale + 0.5);
    if (out_width < 1) out_width = 1;
    if (out_height < 1) out_height = 1;

    // The rows sampled: all of them, or those of one Adam7 pass (pass 7 holds every odd row at full width).
    int sampled_pass = interlaced ? (full_height >= 2 ? 6 : 5) : 0;
    uint32_t source_width = interlaced ? PNG_PASS_COLS(full_width, sampled_pass) : full_width;
    uint32_t source_height = interlaced ? PNG_PASS_ROWS(full_height, sampled_pass) : full_height;
    if (source_width == 0 || source_height == 0) png_error(png, "the image is too small to scale");
    if (out_width > source_width) out_width = source_width;
    if (out_height > source_height) out_height = source_height;

    row = malloc(png_get_rowbytes(png, info));
    scaler = calloc(1, sizeof *scaler);
    if (!row || !scaler) png_error(png, "out of memory");
    if (row_scaler_init(scaler, source_width, source_height, out_width, out_height) != 0) png_error(png, "out of memory");

    for (int pass = 0; pass < (interlaced ? 7 : 1); pass++) {
        uint32_t rows = interlaced ? PNG_PASS_ROWS(full_height, pass) : full_height;
        uint32_t columns = interlaced ? PNG_PASS_COLS(full_width, pass) : full_width;
        // libpng skips empty passes.
        if (rows == 0 || columns == 0) continue;
        for (uint32_t y = 0; y < rows; y++) {
            png_read_row(png, row, NULL);
            if (pass == sampled_pass) row_scaler_add(scaler, y, row);
        }
    }
    // Not png_read_end: what follows the pixels (text chunks, a damaged IEND) does not change the picture.
    free(row);
    uint8_t *out = row_scaler_finish(scaler);
    free(scaler);
    png_destroy_read_struct(&png, &info, NULL);
    *pixels = out;
    *width = out_width;
    *height = out_height;
    *stride = (size_t)out_width * 4;
    return 0;
}

void mayun_png_free(uint8_t *pixels) { free(pixels); }
