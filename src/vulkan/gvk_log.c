#include "gvk_log.h"

#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>

#include "debug_flags.h"

static const struct debug_flag gvk_debug_table[] = {
   { "startup", GVK_DEBUG_STARTUP, "log each render node probed and why it is skipped" },
   { "submit", GVK_DEBUG_SUBMIT, "log each execbuffer2 and its result" },
   { NULL, 0, NULL },
};

static uint64_t flags;
static pthread_once_t flags_once = PTHREAD_ONCE_INIT;

static void
parse_flags(void)
{
   flags = debug_flags_from_env("GENVK_DEBUG", gvk_debug_table);
}

uint64_t
gvk_debug_flags(void)
{
   pthread_once(&flags_once, parse_flags);
   return flags;
}

VkResult
gvk_fail(VkResult result, const char *fmt, ...)
{
   char msg[512];
   va_list ap;
   va_start(ap, fmt);
   vsnprintf(msg, sizeof(msg), fmt, ap);
   va_end(ap);
   log_error("%s (VkResult %d)", msg, (int)result);
   return result;
}
