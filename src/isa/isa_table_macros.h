/* Shorthands for the per-generation layout tables (isa_tables_gen*.c). */
#ifndef ISA_TABLE_MACROS_H
#define ISA_TABLE_MACROS_H

#define X 0xff
#define P(f, h, l) { F_##f, h, l }
#define GROUP(a) { a, (uint8_t)(sizeof(a) / sizeof((a)[0])) }

#define SRC_A1(n, file_h, file_l, type_h, type_l, base)                    \
   P(S##n##_FILE, file_h, file_l), P(S##n##_TYPE, type_h, type_l),         \
   P(S##n##_SUB, base + 4, base), P(S##n##_NR, base + 12, base + 5),       \
   P(S##n##_ABS, base + 13, base + 13), P(S##n##_NEG, base + 14, base + 14), \
   P(S##n##_AMODE, base + 15, base + 15), P(S##n##_HS, base + 17, base + 16), \
   P(S##n##_W, base + 20, base + 18), P(S##n##_VS, base + 24, base + 21)

#define SRC3_A16(n, base)                                                  \
   P(S##n##_REP, base, base), P(S##n##_SWZ, base + 8, base + 1),           \
   P(S##n##_SUB, base + 11, base + 9), P(S##n##_NR, base + 19, base + 12)

/* Compaction fields: DIRECT copies native bits; TABLE looks the native
 * ranges (most significant first) up in a compaction table. */
#define R(h, l) { h, l, 0 }
#define R_NOIMM(h, l) { h, l, 1 }   /* not compared when an immediate */
#define NRANGES(...) (uint8_t)(sizeof((uint8_t[][3]){ __VA_ARGS__ }) / 3)
#define DIRECT(ch, cl, nh, nl) { ch, cl, NULL, 0, 0, 1, { R(nh, nl) } }
#define TABLE(ch, cl, t, ...) \
   { ch, cl, t, 0, (uint8_t)(sizeof(t) / sizeof((t)[0])), \
     NRANGES(__VA_ARGS__), { __VA_ARGS__ } }
#define TABLE64(ch, cl, t, ...) \
   { ch, cl, t, 1, (uint8_t)(sizeof(t) / sizeof((t)[0])), \
     NRANGES(__VA_ARGS__), { __VA_ARGS__ } }
#define LAYOUT(a) { a, (uint8_t)(sizeof(a) / sizeof((a)[0])) }

#endif
