/* The data tables compiled into places: the gazetteer, boundaries, map outlines, the map font and
 * the vendored Leaflet. Generators in Scripts/ write the files in Tables/; Embed.S places their bytes
 * in the binary's read-only pages, so the Swift compiler never reads them and nothing is parsed or
 * copied until a table is touched. */
#ifndef PLACES_DATA_H
#define PLACES_DATA_H

#include <stddef.h>

/** The bytes of one table: they live as long as the program and never move. */
typedef struct {
    const unsigned char *_Nonnull start;
    size_t count;
} PlacesTableBytes;

#define PLACES_TABLE(name, file)                                                              \
    extern const unsigned char places_table_##name[];                                         \
    extern const unsigned char places_table_##name##_end[];                                   \
    static inline PlacesTableBytes places_##name(void) {                                      \
        PlacesTableBytes bytes = {places_table_##name,                                        \
                                  (size_t)(places_table_##name##_end - places_table_##name)}; \
        return bytes;                                                                         \
    }
#include "PlacesTables.def"
#undef PLACES_TABLE

/** The table written from `file` (its name in Tables/), or a table of no bytes when none is:
 *  lets the tests hold every embedded table against the file it came from. */
PlacesTableBytes places_table_named(const char *_Nonnull file);

#endif
