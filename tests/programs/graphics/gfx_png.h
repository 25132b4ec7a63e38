#ifndef GFX_PNG_H
#define GFX_PNG_H

#include <stdbool.h>
#include <stdint.h>

/* Writes width x height RGBA8 pixels (rows top to bottom) as a PNG file. */
bool gfx_png_write(const char *path, const uint8_t *rgba, uint32_t width, uint32_t height);

#endif
