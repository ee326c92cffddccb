#include "row_scaler.h"
#include "still_scale.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static uint32_t le16(const uint8_t *p) { return (uint32_t)p[0] | (uint32_t)p[1] << 8; }

static int fail(char *error, size_t length, const char *message) {
    if (error && length) snprintf(error, length, "%s", message);
    return 1;
}

/// The bytes of a run of sub-blocks (a size byte, that many bytes, until a size of 0), read one at a time.
struct blocks {
    const uint8_t *data;
    size_t length, at, left;  // `left`: bytes remaining in the current sub-block
};

static int next_byte(struct blocks *blocks) {
    while (blocks->left == 0) {
        if (blocks->at >= blocks->length) return -1;
        blocks->left = blocks->data[blocks->at++];
        if (blocks->left == 0) return -1;
    }
    if (blocks->at >= blocks->length) return -1;
    blocks->left--;
    return blocks->data[blocks->at++];
}

/// Skips sub-blocks from `at`; returns the offset after the terminator, or `length` when cut short.
static size_t skip_blocks(const uint8_t *data, size_t length, size_t at) {
    while (at < length) {
        size_t size = data[at++];
        if (size == 0) return at;
        at += size;
    }
    return length;
}

/// The first frame, placed on the logical screen.
struct frame {
    uint32_t screen_width, screen_height, left, top, width, height;
    int interlaced, transparent;  // transparent: the colour index, or -1
    const uint8_t *colors;        // RGB triples
    uint32_t color_count;
    struct row_scaler *scaler;
    uint8_t *row;  // one screen row of RGBA, transparent around the frame
    uint32_t x, y, pass, rows_done;
};

/// Screen rows of an interlaced frame come in four passes: every 8th from 0, every 8th from 4, every 4th from 2,
/// every 2nd from 1.
static const uint32_t pass_start[4] = {0, 4, 2, 1}, pass_step[4] = {8, 8, 4, 2};

static void emit_row(struct frame *frame) {
    uint32_t screen_y = frame->top + frame->y;
    if (frame->interlaced) row_scaler_sample(frame->scaler, screen_y, frame->row);
    else row_scaler_add(frame->scaler, screen_y, frame->row);
    frame->rows_done++;
    if (frame->interlaced) {
        frame->y += pass_step[frame->pass];
        while (frame->y >= frame->height && frame->pass < 3) {
            frame->pass++;
            frame->y = pass_start[frame->pass];
        }
    } else {
        frame->y++;
    }
}

static void put_index(struct frame *frame, uint32_t index) {
    if (frame->rows_done >= frame->height) return;
    uint32_t screen_x = frame->left + frame->x;
    if (screen_x < frame->screen_width) {
        uint8_t *pixel = frame->row + (size_t)screen_x * 4;
        if ((int)index == frame->transparent) {
            memset(pixel, 0, 4);
        } else if (index < frame->color_count) {
            memcpy(pixel, frame->colors + (size_t)index * 3, 3);
            pixel[3] = 255;
        } else {
            pixel[0] = pixel[1] = pixel[2] = 0;
            pixel[3] = 255;
        }
    }
    if (++frame->x == frame->width) {
        frame->x = 0;
        emit_row(frame);
    }
}

/// GIF's LZW: variable-width codes (up to 12 bits), a clear code and an end code. Stops at the end code, at the
/// end of the data, at a code it cannot know, or once the frame is full.
static void decode_lzw(struct frame *frame, struct blocks *blocks, uint32_t minimum) {
    static const uint32_t limit = 4096;
    uint16_t prefix[4096];
    uint8_t suffix[4096], stack[4097];
    uint32_t clear = 1u << minimum, end = clear + 1;
    uint32_t size = minimum + 1, next = clear + 2;
    int32_t previous = -1;
    uint8_t first = 0;
    uint32_t bits = 0, count = 0;
    for (uint32_t i = 0; i < clear; i++) suffix[i] = (uint8_t)i, prefix[i] = 0;
    while (frame->rows_done < frame->height) {
        while (count < size) {
            int byte = next_byte(blocks);
            if (byte < 0) return;
            bits |= (uint32_t)byte << count;
            count += 8;
        }
        uint32_t code = bits & ((1u << size) - 1);
        bits >>= size;
        count -= size;
        if (code == clear) {
            size = minimum + 1;
            next = clear + 2;
            previous = -1;
            continue;
        }
        if (code == end) return;
        if (previous < 0) {
            if (code > clear) return;
            first = (uint8_t)code;
            put_index(frame, code);
            previous = (int32_t)code;
            continue;
        }
        uint32_t depth = 0, current = code;
        if (code > next) return;
        if (code == next) {  // the code being defined: the previous string and its own first byte
            stack[depth++] = first;
            current = (uint32_t)previous;
        }
        while (current > end && depth < limit) {
            stack[depth++] = suffix[current];
            current = prefix[current];
        }
        stack[depth++] = (uint8_t)current;
        first = (uint8_t)current;
        while (depth > 0) put_index(frame, stack[--depth]);
        if (next < limit) {
            prefix[next] = (uint16_t)previous;
            suffix[next] = first;
            next++;
            if (next == (1u << size) && size < 12) size++;
        }
        previous = (int32_t)code;
    }
}

int mayun_gif_decode_scaled(const uint8_t *data, size_t length, uint32_t width, uint32_t height, uint64_t max_pixels,
                            uint8_t **pixels, size_t *stride, char *error, size_t error_length) {
    *pixels = NULL;
    if (error && error_length) error[0] = 0;
    if (length < 13 || memcmp(data, "GIF8", 4) != 0) return fail(error, error_length, "not a GIF file");
    struct frame frame = {.transparent = -1};
    frame.screen_width = le16(data + 6);
    frame.screen_height = le16(data + 8);
    if (!frame.screen_width || !frame.screen_height) return fail(error, error_length, "the image is empty");
    if ((uint64_t)frame.screen_width * frame.screen_height > max_pixels)
        return fail(error, error_length, "the image has too many pixels");
    if (!width || !height) return fail(error, error_length, "no size to decode to");
    size_t at = 13;
    const uint8_t *global = NULL;
    uint32_t global_count = 0;
    if (data[10] & 0x80) {
        global_count = 2u << (data[10] & 7);
        if (at + global_count * 3 > length) return fail(error, error_length, "the file is truncated");
        global = data + at;
        at += global_count * 3;
    }
    // Extensions until the first image descriptor; a graphic control extension may name a transparent colour.
    for (;;) {
        if (at >= length) return fail(error, error_length, "the file has no image");
        uint8_t introducer = data[at++];
        if (introducer == 0x2C) break;
        if (introducer != 0x21 || at >= length) return fail(error, error_length, "the file has no image");
        uint8_t label = data[at++];
        if (label == 0xF9 && at + 5 <= length && data[at] >= 4)
            frame.transparent = (data[at + 1] & 1) ? data[at + 4] : -1;
        at = skip_blocks(data, length, at);
    }
    if (at + 10 > length) return fail(error, error_length, "the file is truncated");
    frame.left = le16(data + at);
    frame.top = le16(data + at + 2);
    frame.width = le16(data + at + 4);
    frame.height = le16(data + at + 6);
    uint8_t flags = data[at + 8];
    at += 9;
    frame.interlaced = (flags & 0x40) != 0;
    frame.colors = global;
    frame.color_count = global_count;
    if (flags & 0x80) {
        uint32_t count = 2u << (flags & 7);
        if (at + count * 3 > length) return fail(error, error_length, "the file is truncated");
        frame.colors = data + at;
        frame.color_count = count;
        at += count * 3;
    }
    if (at >= length) return fail(error, error_length, "the file is truncated");
    uint32_t minimum = data[at++];
    if (minimum < 1 || minimum > 11) return fail(error, error_length, "bad LZW code size");

    struct row_scaler scaler;
    frame.scaler = &scaler;
    frame.row = calloc(frame.screen_width, 4);
    if (!frame.row || row_scaler_init(&scaler, frame.screen_width, frame.screen_height, width, height) != 0) {
        free(frame.row);
        return fail(error, error_length, "out of memory");
    }
    // Rows above the frame, the frame's rows (as decoded), the rows below; all of them only in order.
    uint8_t *blank = calloc(frame.screen_width, 4);
    if (!blank) {
        free(frame.row);
        row_scaler_discard(&scaler);
        return fail(error, error_length, "out of memory");
    }
    if (!frame.interlaced)
        for (uint32_t y = 0; y < frame.top && y < frame.screen_height; y++) row_scaler_add(&scaler, y, blank);
    if (frame.width && frame.height) {
        struct blocks blocks = {data, length, at, 0};
        decode_lzw(&frame, &blocks, minimum);
        // A frame cut short: the rest of its row and its last rows transparent.
        if (!frame.interlaced) {
            if (frame.x > 0) {
                uint64_t from = (uint64_t)frame.left + frame.x, to = (uint64_t)frame.left + frame.width;
                if (to > frame.screen_width) to = frame.screen_width;
                if (from < to) memset(frame.row + from * 4, 0, (size_t)(to - from) * 4);
                emit_row(&frame);
            }
            while (frame.rows_done < frame.height) {
                memset(frame.row, 0, (size_t)frame.screen_width * 4);
                emit_row(&frame);
            }
        }
    }
    if (!frame.interlaced) {
        uint64_t below = (uint64_t)frame.top + frame.height;
        for (uint64_t y = below; y < frame.screen_height; y++) row_scaler_add(&scaler, (uint32_t)y, blank);
    }
    free(blank);
    free(frame.row);
    *pixels = row_scaler_finish(&scaler);
    *stride = (size_t)width * 4;
    return 0;
}
