/* Reading and writing a whole file, for the tools, programs and
 * benchmarks that take SPIR-V, kernels or captures from disk and write
 * results. */
#ifndef UTIL_FILE_H
#define UTIL_FILE_H

#include <stdbool.h>
#include <stddef.h>

/* The contents of the file at path in a malloc'd buffer (the caller frees
 * it) and their size; NULL when the file cannot be opened, read or held. */
void *util_read_file(const char *path, size_t *size);
/* Writes size bytes to the file at path (created or truncated); false
 * when it cannot be written in full. */
bool util_write_file(const char *path, const void *data, size_t size);

#endif
