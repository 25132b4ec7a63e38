#include "log.h"

#include <stdio.h>

static const char *log_prefix = "genvk";

void
log_set_prefix(const char *prefix)
{
   log_prefix = prefix;
}

static const char *const level_names[] = {
   [LOG_ERROR] = "error",
   [LOG_WARN] = "warning",
   [LOG_INFO] = "info",
   [LOG_DEBUG] = "debug",
};

void
log_vmsg(enum log_level level, const char *fmt, va_list ap)
{
   /* One fprintf per line keeps lines from different threads whole. */
   char line[1024];
   vsnprintf(line, sizeof(line), fmt, ap);
   fprintf(stderr, "%s: %s: %s\n", log_prefix, level_names[level], line);
}

void
log_msg(enum log_level level, const char *fmt, ...)
{
   va_list ap;
   va_start(ap, fmt);
   log_vmsg(level, fmt, ap);
   va_end(ap);
}
