/* Declarations shared by the IR's own files only. */
#ifndef IR_PRIVATE_H
#define IR_PRIVATE_H

#include "ir.h"

struct ir_type_table *ir_type_table_create(struct ir_shader *s);

#endif
