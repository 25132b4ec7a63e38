/* Lookups in a module's mode declarations alone: which OpEntryPoint a
 * name and stage select (for the translation, spirv_parse.c, and for the
 * scan below), and the tessellation execution modes of an entry point, so
 * that a graphics pipeline learns the domain its control stage writes the
 * patch header for without translating the evaluation stage (SPIR-V 2.4
 * Logical Layout puts every OpEntryPoint and OpExecutionMode before the
 * debug, annotation, type and function sections, so a scan stops at the
 * first instruction past them). */
#include <stdio.h>
#include <string.h>

#include "spirv_private.h"

void
spirv_tess_mode(struct ir_stage_info *in, uint32_t mode)
{
   switch (mode) {
   case SpvExecutionModeSpacingEqual:
   case SpvExecutionModeSpacingFractionalEven:
   case SpvExecutionModeSpacingFractionalOdd:
      in->spacing = mode == SpvExecutionModeSpacingEqual ? IR_SPACING_equal :
                    mode == SpvExecutionModeSpacingFractionalEven ? IR_SPACING_fractional_even
                                                                : IR_SPACING_fractional_odd;
      in->tess_declared |= IR_TESS_DECLARED_SPACING;
      return;
   case SpvExecutionModeVertexOrderCw:
   case SpvExecutionModeVertexOrderCcw:
      in->ccw = mode == SpvExecutionModeVertexOrderCcw;
      in->tess_declared |= IR_TESS_DECLARED_ORDER;
      return;
   case SpvExecutionModePointMode:
      in->point_mode = true;
      in->tess_declared |= IR_TESS_DECLARED_POINT_MODE;
      return;
   case SpvExecutionModeTriangles: in->input_prim = IR_PRIM_triangles; return;
   case SpvExecutionModeQuads: in->input_prim = IR_PRIM_quads; return;
   case SpvExecutionModeIsolines: in->input_prim = IR_PRIM_isolines; return;
   default: return;
   }
}

struct scan {
   const uint32_t *words;
   size_t num_words;
   bool swapped;
};

static uint32_t
word(const struct scan *s, size_t i)
{
   return s->swapped ? __builtin_bswap32(s->words[i]) : s->words[i];
}

/* Whether the literal string at words [i, i + n) is `name` (NULL: any). */
static bool
name_is(const struct scan *s, size_t i, uint32_t n, const char *name)
{
   if (!name)
      return true;
   size_t len = strlen(name);
   if (len >= (size_t)n * 4)
      return false;
   for (size_t b = 0; b <= len; b++) {
      uint32_t w = word(s, i + b / 4);
      if ((char)(w >> (8 * (b % 4))) != (b < len ? name[b] : 0))
         return false;
   }
   return true;
}

static bool
scan_fail(char *err, size_t err_size, const char *msg)
{
   if (err_size)
      snprintf(err, err_size, "%s", msg);
   return false;
}

/* SPIR-V 3.5 Execution Model of each stage the front end translates. */
static const struct { uint32_t model; enum ir_stage stage; } models[] = {
   { SpvExecutionModelVertex, IR_STAGE_VERTEX },
   { SpvExecutionModelFragment, IR_STAGE_FRAGMENT },
   { SpvExecutionModelGLCompute, IR_STAGE_COMPUTE },
   { SpvExecutionModelTessellationControl, IR_STAGE_TESS_CTRL },
   { SpvExecutionModelTessellationEvaluation, IR_STAGE_TESS_EVAL },
   { SpvExecutionModelGeometry, IR_STAGE_GEOMETRY },
};

bool
spirv_model_stage(uint32_t model, enum ir_stage *stage)
{
   for (unsigned i = 0; i < sizeof(models) / sizeof(models[0]); i++) {
      if (models[i].model == model) {
         *stage = models[i].stage;
         return true;
      }
   }
   return false;
}

static uint32_t
stage_model(enum ir_stage stage)
{
   for (unsigned i = 0; i < sizeof(models) / sizeof(models[0]); i++) {
      if (models[i].stage == stage)
         return models[i].model;
   }
   return UINT32_MAX;
}

/* Calls visit on each instruction before the debug section (SPIR-V 2.4)
 * until it returns false; false on a malformed module. */
static bool
scan_preamble(const uint32_t *words, size_t num_words, struct scan *s, char *err,
              size_t err_size, bool (*visit)(const struct scan *s, size_t pos, uint32_t op,
                                             uint32_t wc, void *data),
              void *data)
{
   *s = (struct scan){ words, num_words, false };
   if (num_words < 5 || (words[0] != SpvMagicNumber &&
                         words[0] != __builtin_bswap32(SpvMagicNumber)))
      return scan_fail(err, err_size, "not a SPIR-V module (bad header)");
   s->swapped = words[0] != SpvMagicNumber;
   for (size_t pos = 5; pos < num_words;) {
      uint32_t op = word(s, pos) & 0xffff, wc = word(s, pos) >> 16;
      if (!wc || wc > num_words - pos)
         return scan_fail(err, err_size, "instruction runs past the end of the module");
      switch (op) {
      case SpvOpCapability: case SpvOpExtension: case SpvOpExtInstImport:
      case SpvOpMemoryModel: case SpvOpExecutionModeId:
      case SpvOpEntryPoint: case SpvOpExecutionMode:
         if (!visit(s, pos, op, wc, data))
            return true;
         break;
      default:
         return true;
      }
      pos += wc;
   }
   return true;
}

struct entry_want {
   const char *name;
   uint32_t model;       /* UINT32_MAX: any */
   struct spirv_entry found;
};

static bool
visit_entry(const struct scan *s, size_t pos, uint32_t op, uint32_t wc, void *data)
{
   struct entry_want *w = data;
   if (op != SpvOpEntryPoint || wc < 4)
      return true;
   uint32_t model = word(s, pos + 1);
   if ((w->model != UINT32_MAX && model != w->model) || !name_is(s, pos + 3, wc - 3, w->name))
      return true;
   w->found = (struct spirv_entry){ word(s, pos + 2), model };
   return false;
}

bool
spirv_find_entry(const uint32_t *words, size_t num_words, const char *name,
                 const enum ir_stage *stage, struct spirv_entry *entry, char *err,
                 size_t err_size)
{
   struct entry_want w = { name, stage ? stage_model(*stage) : UINT32_MAX, { 0, 0 } };
   struct scan s;
   if (!scan_preamble(words, num_words, &s, err, err_size, visit_entry, &w))
      return false;
   *entry = w.found;
   if (!w.found.id)
      return scan_fail(err, err_size, stage ? "no entry point of that name and stage"
                                            : "no entry point of that name");
   return true;
}

struct tess_modes {
   uint32_t entry;
   struct ir_stage_info *info;
};

static bool
visit_tess_mode(const struct scan *s, size_t pos, uint32_t op, uint32_t wc, void *data)
{
   struct tess_modes *t = data;
   if (op == SpvOpExecutionMode && wc >= 3 && word(s, pos + 1) == t->entry)
      spirv_tess_mode(t->info, word(s, pos + 2));
   return true;
}

bool
spirv_tess_modes(const uint32_t *words, size_t num_words, const char *name,
                 enum ir_stage stage, struct ir_stage_info *info, char *err, size_t err_size)
{
   memset(info, 0, sizeof(*info));
   if (stage != IR_STAGE_TESS_CTRL && stage != IR_STAGE_TESS_EVAL)
      return scan_fail(err, err_size, "not a tessellation stage");
   struct spirv_entry entry;
   if (!spirv_find_entry(words, num_words, name, &stage, &entry, err, err_size))
      return false;
   struct tess_modes t = { entry.id, info };
   struct scan s;
   return scan_preamble(words, num_words, &s, err, err_size, visit_tess_mode, &t);
}
