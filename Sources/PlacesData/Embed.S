/* Places each table file's bytes in the binary's read-only data, between a start and an end symbol
 * (see include/PlacesData.h). The assembler finds the files through the target's Tables/ search path. */

/* .incbin is not a dependency the build system sees: the digest changes whenever a table's bytes do
 * (the generators rewrite it), so including it makes the build assemble this file again. */
#include "TablesDigest.h"

#define PLACES_TABLE(name, file)                                   \
    .global places_table_##name; .type places_table_##name, @object; \
    .balign 16; places_table_##name: .incbin file;                 \
    .global places_table_##name##_end; places_table_##name##_end:

    .section .rodata
#include "PlacesTables.def"

    /* No executable stack. */
    .section .note.GNU-stack, "", @progbits
