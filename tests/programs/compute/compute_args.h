/* The command line of a compute program (programs.txt's options), shared
 * by compute_run (any Vulkan driver) and tests/compiler/gbe_run (the Gen
 * back end on vgpu's EU): parsing, the initial contents of every binding,
 * and the output files.  The syntax is described at the top of
 * compute_run.c. */
#ifndef COMPUTE_ARGS_H
#define COMPUTE_ARGS_H

#include <stdbool.h>
#include <stdint.h>

#include "compute_vk.h"

#define COMPUTE_MAX_BINDINGS 48
#define COMPUTE_MAX_PUSH_WORDS 32   /* 128 bytes: the minimum maxPushConstantsSize */
#define COMPUTE_MAX_SPECS 16
#define COMPUTE_MAX_ADDRESSES 32
#define COMPUTE_EXIT_UNSUPPORTED 77
#define COMPUTE_EXIT_USAGE 2

struct compute_buffer {
   uint32_t binding;
   uint32_t element;             /* array element ("B[E]") */
   bool out;                     /* written back to PREFIX.bB (PREFIX.bB.E for E > 0) */
   bool memory;                  /* reached by its device address only, not bound */
   VkDescriptorType type;
   uint32_t bytes;
   char init[64];
   VkFormat format;
   struct compute_vk_image image;
   struct compute_vk_sampler sampler;   /* --texture's, set by --sampler */
};

struct compute_args {
   const char *spv;
   const char *out;
   uint32_t groups[3];
   uint32_t base[3];
   bool indirect;
   struct compute_buffer buffers[COMPUTE_MAX_BINDINGS];
   uint32_t num_buffers;
   uint32_t push[COMPUTE_MAX_PUSH_WORDS];
   uint32_t num_push;
   bool push_given;
   VkSpecializationMapEntry spec_map[COMPUTE_MAX_SPECS];
   uint32_t spec_data[COMPUTE_MAX_SPECS];
   uint32_t num_specs;
   struct compute_vk_address addresses[COMPUTE_MAX_ADDRESSES];
   uint32_t num_addresses;
};

/* An option compute_args does not know: returns how many arguments it
 * took (1 for a flag, 2 with its value; val is NULL at the end of the
 * line), 0 when it is unknown to the caller too. */
typedef int compute_args_extra_fn(void *user, const char *opt, const char *val);

/* Parses argv (program name first); a malformed line ends the program
 * with exit status COMPUTE_EXIT_USAGE and a message. */
void compute_args_parse(int argc, char **argv, struct compute_args *a,
                        compute_args_extra_fn *extra, void *user);

/* The bindings with their initial contents (malloc'd data, whole words)
 * and the job that dispatches them; free with compute_args_free. */
void compute_args_job(const struct compute_args *a, struct compute_vk_binding *bindings,
                      VkSpecializationInfo *spec, struct compute_vk_job *job);
void compute_args_free(const struct compute_args *a, struct compute_vk_binding *bindings);

/* Writes every output binding to prefix.bB (prefix.bB.E for array
 * element E > 0); exits on an I/O error. */
void compute_args_write_outputs(const struct compute_args *a,
                                const struct compute_vk_binding *bindings, const char *prefix);

#endif
