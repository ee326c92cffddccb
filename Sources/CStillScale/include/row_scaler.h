#ifndef MAYUN_ROW_SCALER_H
#define MAYUN_ROW_SCALER_H
#include <stddef.h>
#include <stdint.h>

/// Box-averages RGBA source rows into a smaller RGBA picture, one output row of sums at a time: the one scaler of
/// the BMP and GIF decoders here and of the PNG decoder (Sources/CPngScale).
struct row_scaler {
    uint32_t source_width, source_height, width, height;
    uint64_t *sums;  // per output pixel of the current row: red, green, blue (weighted by alpha), alpha, samples
    uint8_t *pixels; // the output, zeroed (transparent)
    int64_t row;     // the output row being summed, -1 before the first
};

/// 0, or -1 when out of memory (nothing to free then).
int row_scaler_init(struct row_scaler *scaler, uint32_t source_width, uint32_t source_height, uint32_t width,
                    uint32_t height);
/// Source row `y`, `source_width` RGBA pixels. Rows come in increasing or decreasing order, each once.
void row_scaler_add(struct row_scaler *scaler, uint32_t y, const uint8_t *rgba);
/// The same in pieces, for rows too wide to hold (a BMP may be 100 million pixels wide): start row `y`, then
/// `count` pixels from column `x` (`rgba`), or `count` transparent ones. Columns past the width are dropped.
void row_scaler_start_row(struct row_scaler *scaler, uint32_t y);
void row_scaler_span(struct row_scaler *scaler, uint32_t x, uint32_t count, const uint8_t *rgba);
void row_scaler_blank(struct row_scaler *scaler, uint32_t x, uint32_t count);
/// Source row `y` in any order: kept only when it is the first source row of its output row (no averaging down).
void row_scaler_sample(struct row_scaler *scaler, uint32_t y, const uint8_t *rgba);
/// Writes the last row summed; returns the pixels (the caller owns them) and frees the rest.
uint8_t *row_scaler_finish(struct row_scaler *scaler);
/// Frees everything (after a failure).
void row_scaler_discard(struct row_scaler *scaler);

#endif
