/* Message descriptor naming for the disassembler (isa_send.c). */
#ifndef ISA_SEND_H
#define ISA_SEND_H

#include "isa.h"

const char *isa_sfid_name(unsigned sfid);
int isa_send_describe(enum isa_gen gen, unsigned sfid, uint32_t desc,
                      char *buf, size_t size);

#endif
