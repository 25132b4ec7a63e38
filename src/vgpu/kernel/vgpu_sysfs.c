/* The files libdrm and the drivers read to find the GPU: /dev/dri/renderD128
 * and the sysfs entries of its PCI device.  vgpu builds them as a small real
 * tree in a private temp directory and redirects the application's paths
 * into it, so every libc call that walks them (stat, readlink, realpath,
 * opendir, fopen...) sees a consistent device.  Real /dev/dri nodes and DRM
 * sysfs entries of the machine are hidden behind the same redirection. */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdarg.h>
#include <ftw.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "log.h"
#include "macros.h"
#include "vgpu_priv.h"

#define PCI_DEV "pci0000:00/0000:00:02.0"
#define PCI_SLOT "0000:00:02.0"
#define SUBSYSTEM_DEVICE 0x2212

static pid_t fake_root_owner;
static const char *build_root;   /* tree being populated */

/* Paths an application may name that vgpu answers from the fake tree. */
static const char *const redirected_prefixes[] = {
   "/dev/dri",
   "/sys/dev/char/226:",
   "/sys/class/drm",
   "/sys/devices/" PCI_DEV,
   "/sys/bus/pci/drivers/i915",
};

static bool
has_prefix(const char *path, const char *prefix)
{
   size_t n = strlen(prefix);
   if (strncmp(path, prefix, n) != 0)
      return false;
   /* "/sys/dev/char/226:" matches any minor; the others match whole names. */
   return prefix[n - 1] == ':' || path[n] == '\0' || path[n] == '/';
}

const char *
vgpu_redirect_path(const char *path, char *buf, size_t size)
{
   if (!path || path[0] != '/' || !vgpu.fake_root[0])
      return path;
   for (size_t i = 0; i < ARRAY_SIZE(redirected_prefixes); i++) {
      if (has_prefix(path, redirected_prefixes[i])) {
         snprintf(buf, size, "%s%s", vgpu.fake_root, path);
         if (vgpu.debug & VGPU_DEBUG_FILES)
            log_info("redirect %s -> %s", path, buf);
         return buf;
      }
   }
   return path;
}

bool
vgpu_is_render_node_path(const char *path)
{
   return path && strcmp(path, "/dev/dri/renderD128") == 0;
}

void
vgpu_unredirect_path(char *resolved)
{
   size_t n = strlen(vgpu.fake_root);
   if (n && strncmp(resolved, vgpu.fake_root, n) == 0 &&
       (resolved[n] == '/' || resolved[n] == '\0'))
      memmove(resolved, resolved + n, strlen(resolved + n) + 1);
}

static int
make_dirs(const char *rel)
{
   char path[PATH_MAX];
   snprintf(path, sizeof(path), "%s/%s", build_root, rel);
   for (char *p = path + strlen(build_root) + 1; *p; p++) {
      if (*p != '/')
         continue;
      *p = '\0';
      if (mkdir(path, 0755) != 0 && errno != EEXIST)
         return -1;
      *p = '/';
   }
   return mkdir(path, 0755) != 0 && errno != EEXIST ? -1 : 0;
}

static int
write_file(const char *rel, const char *fmt, ...)
   __attribute__((format(printf, 2, 3)));

static int
write_file(const char *rel, const char *fmt, ...)
{
   char path[PATH_MAX], text[512];
   snprintf(path, sizeof(path), "%s/%s", build_root, rel);
   va_list ap;
   va_start(ap, fmt);
   int len = vsnprintf(text, sizeof(text), fmt, ap);
   va_end(ap);

   int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
   if (fd < 0)
      return -1;
   bool ok = write(fd, text, len) == len;
   close(fd);
   return ok ? 0 : -1;
}

static int
make_link(const char *rel, const char *target)
{
   char path[PATH_MAX];
   snprintf(path, sizeof(path), "%s/%s", build_root, rel);
   return symlink(target, path);
}

/* PCI configuration space header: libdrm's fallback when the separate
 * vendor/device/revision files are missing. */
static int
write_pci_config(void)
{
   uint8_t config[64] = { 0 };
   uint16_t pci_id = vgpu.pci_id;
   config[0x00] = 0x86; config[0x01] = 0x80;
   config[0x02] = pci_id & 0xff; config[0x03] = pci_id >> 8;
   config[0x08] = vgpu.model->revision;
   config[0x0b] = 0x03;  /* class: display controller */
   config[0x2c] = 0x86; config[0x2d] = 0x80;
   config[0x2e] = SUBSYSTEM_DEVICE & 0xff; config[0x2f] = SUBSYSTEM_DEVICE >> 8;

   char path[PATH_MAX];
   snprintf(path, sizeof(path), "%s/sys/devices/" PCI_DEV "/config",
            build_root);
   int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
   if (fd < 0)
      return -1;
   bool ok = write(fd, config, sizeof(config)) == (ssize_t)sizeof(config);
   close(fd);
   return ok ? 0 : -1;
}

static int
populate_at(const char *root)
{
   build_root = root;
   const uint16_t id = vgpu.pci_id;
   const char *dev = "sys/devices/" PCI_DEV;
   char rel[512];
   int err = 0;

   err |= make_dirs("dev/dri");
   err |= write_file("dev/dri/renderD128", "%s", "");
   err |= make_dirs("sys/bus/pci/drivers/i915");
   err |= make_dirs("sys/class/drm");
   err |= make_dirs("sys/dev/char");
   snprintf(rel, sizeof(rel), "%s/drm/renderD128", dev);
   err |= make_dirs(rel);

#define FILE_IN(dir, name, ...) \
   (snprintf(rel, sizeof(rel), "%s/%s", dir, name), write_file(rel, __VA_ARGS__))
#define LINK_IN(dir, name, target) \
   (snprintf(rel, sizeof(rel), "%s/%s", dir, name), make_link(rel, target))

   err |= FILE_IN(dev, "vendor", "0x8086\n");
   err |= FILE_IN(dev, "device", "0x%04x\n", id);
   err |= FILE_IN(dev, "subsystem_vendor", "0x8086\n");
   err |= FILE_IN(dev, "subsystem_device", "0x%04x\n", SUBSYSTEM_DEVICE);
   err |= FILE_IN(dev, "revision", "0x%02x\n", vgpu.model->revision);
   err |= FILE_IN(dev, "class", "0x030000\n");
   err |= FILE_IN(dev, "uevent",
                  "DRIVER=i915\nPCI_CLASS=30000\nPCI_ID=8086:%04X\n"
                  "PCI_SUBSYS_ID=8086:%04X\nPCI_SLOT_NAME=" PCI_SLOT "\n"
                  "MODALIAS=pci:v00008086d0000%04Xsv00008086sd0000%04Xbc03sc00i00\n",
                  id, SUBSYSTEM_DEVICE, id, SUBSYSTEM_DEVICE);
   err |= write_pci_config();
   err |= LINK_IN(dev, "subsystem", "../../../bus/pci");
   err |= LINK_IN(dev, "driver", "../../../bus/pci/drivers/i915");

   snprintf(rel, sizeof(rel), "%s/drm/renderD128", dev);
   char node[256];
   memcpy(node, rel, sizeof(node));
   err |= FILE_IN(node, "dev", "226:128\n");
   err |= FILE_IN(node, "uevent", "MAJOR=226\nMINOR=128\nDEVNAME=dri/renderD128\nDEVTYPE=drm_minor\n");
   err |= LINK_IN(node, "device", "../../../0000:00:02.0");
   err |= LINK_IN(node, "subsystem", "../../../../../class/drm");

   err |= make_link("sys/dev/char/226:128",
                    "../../devices/" PCI_DEV "/drm/renderD128");
   err |= make_link("sys/class/drm/renderD128",
                    "../../devices/" PCI_DEV "/drm/renderD128");
#undef FILE_IN
#undef LINK_IN
   return err ? -1 : 0;
}

int
vgpu_sysfs_create(void)
{
   const char *tmp = getenv("TMPDIR");
   if (!tmp || !*tmp || strlen(tmp) > 128)
      tmp = "/tmp";
   char templ[256];
   snprintf(templ, sizeof(templ), "%s/vgpu-XXXXXX", tmp);
   if (!mkdtemp(templ))
      return -1;
   char resolved[PATH_MAX];
   if (!realpath(templ, resolved) || strlen(resolved) >= sizeof(vgpu.fake_root))
      return -1;
   fake_root_owner = getpid();
   if (populate_at(resolved) != 0)
      return -1;
   /* Publishing the root turns redirection on. */
   memcpy(vgpu.fake_root, resolved, strlen(resolved) + 1);
   return 0;
}


static int
remove_entry(const char *path, const struct stat *st, int type, struct FTW *ftw)
{
   return remove(path);
}

void
vgpu_sysfs_destroy(void)
{
   /* A forked child shares the tree with its parent: only the creator
    * removes it. */
   if (!vgpu.fake_root[0] || getpid() != fake_root_owner)
      return;
   nftw(vgpu.fake_root, remove_entry, 16, FTW_DEPTH | FTW_PHYS);
}
