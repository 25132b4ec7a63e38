/* The emulated device: which GPU vgpu pretends to be, chosen by VGPU_DEVICE,
 * and process-wide set-up of the fake render node. */
#include <errno.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <sys/sysinfo.h>
#include <time.h>

#include "debug_flags.h"
#include "log.h"
#include "macros.h"
#include "vgpu_priv.h"

struct vgpu_device vgpu = {
   .lock = PTHREAD_MUTEX_INITIALIZER,
};

/* Revision ids are those of production steppings of each part. */
static const struct vgpu_model vgpu_models[] = {
   { "ivb-gt2", 0x0162, 0x09 },
   { "hsw-gt2", 0x0416, 0x06 },
   { "bdw-gt2", 0x1616, 0x09 },
   { "skl-gt2", 0x1912, 0x07 },
   { "kbl-gt2", 0x5912, 0x04 },
   { "icl-gt2", 0x8a52, 0x07 },
   { "tgl-gt2", 0x9a49, 0x01 },
};

#define VGPU_DEFAULT_MODEL "skl-gt2"

/* Older kernels, to test how drivers cope without a feature. */
static const struct debug_flag vgpu_lacks_flags[] = {
   { "softpin", VGPU_LACKS_SOFTPIN, "GETPARAM HAS_EXEC_SOFTPIN is 0" },
   { "fence-array", VGPU_LACKS_FENCE_ARRAY, "no execbuffer fence arrays" },
   { "syncobj", VGPU_LACKS_SYNCOBJ, "no DRM syncobjs" },
   { "engines", VGPU_LACKS_ENGINES, "no I915_CONTEXT_PARAM_ENGINES" },
   { NULL, 0, NULL },
};

static const struct debug_flag vgpu_debug_flags[] = {
   { "ioctl", VGPU_DEBUG_IOCTL, "log every ioctl and its result" },
   { "fault", VGPU_DEBUG_FAULT, "log GPU page faults and hangs" },
   { "files", VGPU_DEBUG_FILES, "log redirected paths" },
   { "draw", VGPU_DEBUG_DRAW, "log each 3DPRIMITIVE with its parameters and state" },
   { "vertex", VGPU_DEBUG_VERTEX, "log each vertex's VUE after the vertex shader" },
   { NULL, 0, NULL },
};

/* A device is named by its short name ("skl-gt2") or its PCI id ("0x1912"). */
const struct vgpu_model *
vgpu_model_by_name(const char *name)
{
   char *end;
   unsigned long id = strtoul(name, &end, 16);
   bool is_id = *name && *end == '\0';
   for (size_t i = 0; i < ARRAY_SIZE(vgpu_models); i++) {
      if (strcmp(vgpu_models[i].name, name) == 0 ||
          (is_id && vgpu_models[i].pci_id == id))
         return &vgpu_models[i];
   }
   return NULL;
}

const struct vgpu_model *
vgpu_model_at(unsigned index)
{
   return index < ARRAY_SIZE(vgpu_models) ? &vgpu_models[index] : NULL;
}

static const struct vgpu_model *
choose_model(void)
{
   const char *name = getenv("VGPU_DEVICE");
   if (!name || !*name)
      name = VGPU_DEFAULT_MODEL;
   const struct vgpu_model *model = vgpu_model_by_name(name);
   if (model)
      return model;
   log_error("VGPU_DEVICE=%s is not an emulated device; using %s", name,
             VGPU_DEFAULT_MODEL);
   return vgpu_model_by_name(VGPU_DEFAULT_MODEL);
}

/* The command streamer TIMESTAMP register counts at the device's timestamp
 * frequency in DEVINFO_TIMESTAMP_BITS bits, wrapping; vgpu derives it from
 * CLOCK_MONOTONIC. */

uint64_t
vgpu_timestamp_now(void)
{
   struct timespec ts;
   clock_gettime(CLOCK_MONOTONIC, &ts);
   unsigned __int128 ns = (unsigned __int128)ts.tv_sec * 1000000000u + ts.tv_nsec;
   uint64_t ticks = (uint64_t)(ns * vgpu.info->timestamp_frequency / 1000000000u);
   return ticks & DEVINFO_TIMESTAMP_MASK;
}

/* A GPU's hang detection is a timer; vgpu's is a count of EU instructions
 * per batch, so that an endless kernel loop ends as a hang whatever the
 * host's speed.  The largest legitimate batch of the tests, the 2^20
 * invocation big_dispatch, runs about 16M (Mesa's kernels on Gen7) to 22M
 * (genvk's, 1.35x longer) instructions: the default leaves 6x headroom. */
#define DEFAULT_EU_BUDGET (1ull << 27)

static uint64_t
eu_budget_from_env(void)
{
   const char *v = getenv("VGPU_BUDGET");
   if (!v || !*v)
      return DEFAULT_EU_BUDGET;
   char *end;
   unsigned long long n = strtoull(v, &end, 0);
   if (*end || n == 0) {
      log_warn("VGPU_BUDGET=%s is not a positive number of EU instructions; "
               "using %llu", v, (unsigned long long)DEFAULT_EU_BUDGET);
      return DEFAULT_EU_BUDGET;
   }
   return n;
}

static void
vgpu_init_once(void)
{
   log_set_prefix("vgpu");
   /* Syncobj timeouts are absolute CLOCK_MONOTONIC times. */
   pthread_condattr_t attr;
   pthread_condattr_init(&attr);
   pthread_condattr_setclock(&attr, CLOCK_MONOTONIC);
   pthread_cond_init(&vgpu.signalled, &attr);
   pthread_condattr_destroy(&attr);

   vgpu.debug = debug_flags_from_env("VGPU_DEBUG", vgpu_debug_flags);
   vgpu.model = choose_model();
   vgpu.info = devinfo_from_pci_id(vgpu.model->pci_id);
   vgpu.pci_id = vgpu.model->pci_id;
   /* VGPU_PCI_ID reports another id (say, one no driver knows) while the
    * device keeps behaving as VGPU_DEVICE. */
   const char *pci_id = getenv("VGPU_PCI_ID");
   if (pci_id && *pci_id)
      vgpu.pci_id = (uint16_t)strtoul(pci_id, NULL, 16);
   vgpu.lacks = debug_flags_from_env("VGPU_KERNEL_LACKS", vgpu_lacks_flags);
   vgpu.capture_dir = getenv("VGPU_CAPTURE");
   const char *exec = getenv("VGPU_EXEC");
   vgpu.execute = !(exec && strcmp(exec, "0") == 0);
   vgpu.eu_budget = eu_budget_from_env();
   vgpu_rules_init_from_env();
   vgpu.next_mmap_offset = 1ull << 20;
   vgpu.next_context_id = 1;

   struct sysinfo si;
   vgpu.system_memory = sysinfo(&si) == 0 ?
      (uint64_t)si.totalram * si.mem_unit : 8ull << 30;

   if (vgpu_sysfs_create() != 0)
      log_error("cannot create the fake /dev/dri and /sys tree: %s",
                strerror(errno));
}

static pthread_once_t vgpu_once = PTHREAD_ONCE_INIT;

void
vgpu_ensure_init(void)
{
   pthread_once(&vgpu_once, vgpu_init_once);
}

__attribute__((constructor)) static void
vgpu_constructor(void)
{
   vgpu_ensure_init();
}

__attribute__((destructor)) static void
vgpu_destructor(void)
{
   vgpu_sysfs_destroy();
}
