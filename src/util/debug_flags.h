/* Parsing of comma-separated debug flag sets (GENVK_DEBUG, VGPU_DEBUG, ...). */
#ifndef UTIL_DEBUG_FLAGS_H
#define UTIL_DEBUG_FLAGS_H

#include <stdint.h>

struct debug_flag {
   const char *name;
   uint64_t bit;
   const char *help;
};

/* Parses a comma-separated list ("a,b,c", "all" for every flag) against a
 * table terminated by a {NULL, 0, NULL} entry.  Unknown names are reported
 * once through log_warn() naming the variable, and otherwise ignored. */
uint64_t debug_flags_parse(const char *var_name, const char *value,
                           const struct debug_flag *table);

/* Reads the environment variable and parses it; 0 when unset. */
uint64_t debug_flags_from_env(const char *var_name,
                              const struct debug_flag *table);

#endif
