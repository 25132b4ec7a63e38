/* Reading a whole file, for the tools and benchmarks that take SPIR-V,
 * kernels or captures from disk. */
#ifndef UTIL_FILE_H
#define UTIL_FILE_H

#include <stddef.h>

/* The contents of the file at path in a malloc'd buffer (the caller frees
 * it) and their size; NULL when the file cannot be opened, read or held. */
void *util_read_file(const char *path, size_t *size);

#endif
