/* The tessellation execution modes of an entry point, read from the
 * module's mode declarations alone: a graphics pipeline learns the domain
 * its control stage writes the patch header for without translating the
 * evaluation stage (SPIR-V 2.4 Logical Layout puts every OpEntryPoint
 * and OpExecutionMode before the debug, annotation, type and function
 * sections, so the scan stops at the first instruction past them). */
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

bool
spirv_tess_modes(const uint32_t *words, size_t num_words, const char *name,
                 enum ir_stage stage, struct ir_stage_info *info, char *err, size_t err_size)
{
   memset(info, 0, sizeof(*info));
   if (stage != IR_STAGE_TESS_CTRL && stage != IR_STAGE_TESS_EVAL)
      return scan_fail(err, err_size, "not a tessellation stage");
   struct scan s = { words, num_words, false };
   if (num_words < 5 || (words[0] != SpvMagicNumber &&
                         words[0] != __builtin_bswap32(SpvMagicNumber)))
      return scan_fail(err, err_size, "not a SPIR-V module (bad header)");
   s.swapped = words[0] != SpvMagicNumber;
   const uint32_t model = stage == IR_STAGE_TESS_CTRL ? SpvExecutionModelTessellationControl
                                                      : SpvExecutionModelTessellationEvaluation;
   uint32_t entry = 0;
   for (size_t pos = 5; pos < num_words;) {
      uint32_t op = word(&s, pos) & 0xffff, wc = word(&s, pos) >> 16;
      if (!wc || wc > num_words - pos)
         return scan_fail(err, err_size, "instruction runs past the end of the module");
      switch (op) {
      case SpvOpCapability: case SpvOpExtension: case SpvOpExtInstImport:
      case SpvOpMemoryModel: case SpvOpExecutionModeId:
         break;
      case SpvOpEntryPoint:
         if (!entry && wc >= 4 && word(&s, pos + 1) == model &&
             name_is(&s, pos + 3, wc - 3, name))
            entry = word(&s, pos + 2);
         break;
      case SpvOpExecutionMode:
         if (entry && wc >= 3 && word(&s, pos + 1) == entry)
            spirv_tess_mode(info, word(&s, pos + 2));
         break;
      default:
         pos = num_words;
         continue;
      }
      pos += wc;
   }
   if (!entry)
      return scan_fail(err, err_size, "no tessellation entry point of that name and stage");
   return true;
}
