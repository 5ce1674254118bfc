#include <string.h>
#include "PlacesData.h"

PlacesTableBytes places_table_named(const char *file) {
#define PLACES_TABLE(name, path) \
    if (strcmp(file, path) == 0) return places_##name();
#include "PlacesTables.def"
#undef PLACES_TABLE
    PlacesTableBytes none = {places_table_gazetteer_info, 0};
    return none;
}
