#include "row_scaler.h"

#include <stdlib.h>
#include <string.h>

enum { SUMS = 5 };

int row_scaler_init(struct row_scaler *scaler, uint32_t source_width, uint32_t source_height, uint32_t width,
                    uint32_t height) {
    memset(scaler, 0, sizeof *scaler);
    if (!source_width || !source_height || !width || !height) return -1;
    scaler->source_width = source_width;
    scaler->source_height = source_height;
    scaler->width = width;
    scaler->height = height;
    scaler->row = -1;
    scaler->sums = calloc((size_t)width * SUMS, sizeof(uint64_t));
    scaler->pixels = calloc((size_t)width * height, 4);
    if (!scaler->sums || !scaler->pixels) {
        row_scaler_discard(scaler);
        return -1;
    }
    return 0;
}

static void flush(struct row_scaler *scaler) {
    if (scaler->row < 0) return;
    uint8_t *out = scaler->pixels + (size_t)scaler->row * scaler->width * 4;
    for (uint32_t x = 0; x < scaler->width; x++) {
        const uint64_t *sum = scaler->sums + (size_t)x * SUMS;
        uint8_t *pixel = out + (size_t)x * 4;
        if (sum[3] == 0 || sum[4] == 0) {
            memset(pixel, 0, 4);
            continue;
        }
        pixel[0] = (uint8_t)(sum[0] / sum[3]);
        pixel[1] = (uint8_t)(sum[1] / sum[3]);
        pixel[2] = (uint8_t)(sum[2] / sum[3]);
        pixel[3] = (uint8_t)(sum[3] / sum[4]);
    }
    memset(scaler->sums, 0, (size_t)scaler->width * SUMS * sizeof(uint64_t));
}

static void sum_span(struct row_scaler *scaler, uint32_t start, uint32_t count, const uint8_t *rgba) {
    if (start >= scaler->source_width) return;
    if (count > scaler->source_width - start) count = scaler->source_width - start;
    for (uint32_t x = start; x < start + count; x++) {
        uint64_t *sum = scaler->sums + (size_t)((uint64_t)x * scaler->width / scaler->source_width) * SUMS;
        if (!rgba) {
            sum[4] += 1;
            continue;
        }
        const uint8_t *pixel = rgba + (size_t)(x - start) * 4;
        uint64_t alpha = pixel[3];
        sum[0] += pixel[0] * alpha;
        sum[1] += pixel[1] * alpha;
        sum[2] += pixel[2] * alpha;
        sum[3] += alpha;
        sum[4] += 1;
    }
}

static int64_t output_row(const struct row_scaler *scaler, uint32_t y) {
    return (int64_t)((uint64_t)y * scaler->height / scaler->source_height);
}

void row_scaler_start_row(struct row_scaler *scaler, uint32_t y) {
    if (y >= scaler->source_height) return;
    int64_t target = output_row(scaler, y);
    if (target != scaler->row) {
        flush(scaler);
        scaler->row = target;
    }
}

void row_scaler_span(struct row_scaler *scaler, uint32_t x, uint32_t count, const uint8_t *rgba) {
    if (scaler->row >= 0) sum_span(scaler, x, count, rgba);
}

void row_scaler_blank(struct row_scaler *scaler, uint32_t x, uint32_t count) {
    if (scaler->row >= 0) sum_span(scaler, x, count, NULL);
}

void row_scaler_add(struct row_scaler *scaler, uint32_t y, const uint8_t *rgba) {
    if (y >= scaler->source_height) return;
    row_scaler_start_row(scaler, y);
    sum_span(scaler, 0, scaler->source_width, rgba);
}

void row_scaler_sample(struct row_scaler *scaler, uint32_t y, const uint8_t *rgba) {
    if (y >= scaler->source_height) return;
    int64_t target = output_row(scaler, y);
    // The first source row of output row `target` is ceil(target * source_height / height).
    uint64_t first = ((uint64_t)target * scaler->source_height + scaler->height - 1) / scaler->height;
    if (y != first) return;
    scaler->row = target;
    sum_span(scaler, 0, scaler->source_width, rgba);
    flush(scaler);
    scaler->row = -1;
}

uint8_t *row_scaler_finish(struct row_scaler *scaler) {
    flush(scaler);
    uint8_t *pixels = scaler->pixels;
    scaler->pixels = NULL;
    row_scaler_discard(scaler);
    return pixels;
}

void row_scaler_discard(struct row_scaler *scaler) {
    free(scaler->sums);
    free(scaler->pixels);
    scaler->sums = NULL;
    scaler->pixels = NULL;
}
