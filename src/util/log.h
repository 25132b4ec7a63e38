/* One logging helper for every module: messages go to stderr with a prefix
 * naming the component ("genvk", "vgpu", ...). */
#ifndef UTIL_LOG_H
#define UTIL_LOG_H

#include <stdarg.h>

enum log_level { LOG_ERROR, LOG_WARN, LOG_INFO, LOG_DEBUG };

/* The prefix printed before every message of this process; a shared object
 * sets it once when it is loaded.  Defaults to "genvk". */
void log_set_prefix(const char *prefix);

void log_msg(enum log_level level, const char *fmt, ...)
   __attribute__((format(printf, 2, 3)));
void log_vmsg(enum log_level level, const char *fmt, va_list ap);

#define log_error(...) log_msg(LOG_ERROR, __VA_ARGS__)
#define log_warn(...)  log_msg(LOG_WARN, __VA_ARGS__)
#define log_info(...)  log_msg(LOG_INFO, __VA_ARGS__)
#define log_debug(...) log_msg(LOG_DEBUG, __VA_ARGS__)

#endif
