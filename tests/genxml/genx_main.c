/* Runs the per-generation genX checks (genx_sample.c built six times). */
#include <stdio.h>

int gfx70_check_pack(void), gfx75_check_pack(void), gfx80_check_pack(void),
    gfx90_check_pack(void), gfx110_check_pack(void), gfx120_check_pack(void);

int
main(void)
{
   int failures = gfx70_check_pack() + gfx75_check_pack() + gfx80_check_pack() +
                  gfx90_check_pack() + gfx110_check_pack() + gfx120_check_pack();
   printf("genX pack checks for 6 generations: %d failures\n", failures);
   return failures ? 1 : 0;
}
