#include "gvk_log.h"

#include <pthread.h>
#include <stdbool.h>
#include <stdarg.h>
#include <stdio.h>

#include "debug_flags.h"
#include "gvk_entrypoints.h"

static const struct debug_flag gvk_debug_table[] = {
   { "startup", GVK_DEBUG_STARTUP, "log each render node probed and why it is skipped" },
   { "submit", GVK_DEBUG_SUBMIT, "log each execbuffer2 and its result" },
   { "cs", GVK_DEBUG_CS, "print each compiled compute kernel's disassembly and statistics" },
   { "nocache", GVK_DEBUG_NOCACHE, "compile every shader: no pipeline cache lookups or insertions" },
   { "sync", GVK_DEBUG_SYNC, "wait after each submission, so that a hang is reported at the one that caused it" },
   { "bat", GVK_DEBUG_BAT, "decode each submitted batch to stderr" },
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

/* Names already reported; each generated fallback passes the same string
 * literal every time, so pointers identify commands. */
#define MAX_REPORTED 256
static const char *reported[MAX_REPORTED];
static unsigned num_reported;
static pthread_mutex_t reported_lock = PTHREAD_MUTEX_INITIALIZER;

static bool
first_report(const char *name)
{
   pthread_mutex_lock(&reported_lock);
   bool first = true;
   for (unsigned i = 0; i < num_reported && first; i++)
      first = reported[i] != name;
   if (first && num_reported < MAX_REPORTED)
      reported[num_reported++] = name;
   pthread_mutex_unlock(&reported_lock);
   return first;
}

void
gvk_report_unimplemented(const char *name)
{
   if (first_report(name))
      log_error("%s is not implemented yet: the call fails (reported once)", name);
}
