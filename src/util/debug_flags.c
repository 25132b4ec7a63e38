#include "debug_flags.h"

#include <stdlib.h>
#include <string.h>

#include "log.h"

static const struct debug_flag *
find_flag(const struct debug_flag *table, const char *name, size_t len)
{
   for (const struct debug_flag *f = table; f->name; f++) {
      if (strlen(f->name) == len && strncmp(f->name, name, len) == 0)
         return f;
   }
   return NULL;
}

static uint64_t
all_flags(const struct debug_flag *table)
{
   uint64_t bits = 0;
   for (const struct debug_flag *f = table; f->name; f++)
      bits |= f->bit;
   return bits;
}

uint64_t
debug_flags_parse(const char *var_name, const char *value,
                  const struct debug_flag *table)
{
   uint64_t bits = 0;
   const char *p = value;

   while (p && *p) {
      size_t len = strcspn(p, ",");
      if (len == 3 && strncmp(p, "all", 3) == 0) {
         bits |= all_flags(table);
      } else if (len > 0) {
         const struct debug_flag *f = find_flag(table, p, len);
         if (f)
            bits |= f->bit;
         else
            log_warn("%s: unknown flag '%.*s' ignored", var_name, (int)len, p);
      }
      p += len;
      if (*p == ',')
         p++;
   }
   return bits;
}

uint64_t
debug_flags_from_env(const char *var_name, const struct debug_flag *table)
{
   const char *value = getenv(var_name);
   return value ? debug_flags_parse(var_name, value, table) : 0;
}
