import PlacesData
import PlacesCore

extension SortedTable {
    /// The offset where a column of a `places` line starts.
    @inline(__always) func field(_ column: GazetteerSchema.PlaceColumn, ofLineAt offset: Int) -> Int {
        field(column.rawValue, ofLineAt: offset)
    }

    /// The text of a column of a `places` line.
    func text(_ column: GazetteerSchema.PlaceColumn, ofLineAt offset: Int) -> Substring {
        text(field: column.rawValue, ofLineAt: offset)
    }
}

/// The bundled gazetteer's tables, written by `Scripts/gazetteer/build.py` into `Sources/PlacesData/Tables`
/// and compiled into the binary; ``GazetteerSchema`` names their columns.
enum GazetteerData {
    /// Folded names and codes with the kind and byte offset of the line they name (``KeyTable``).
    static var keys: KeyTable {
        let table = places_gazetteer_keys()
        return KeyTable(base: table.start, count: table.count)
    }
    /// Places, features, airports and sights, one a line, sorted by 1 degree grid cell.
    static var places: SortedTable { SortedTable(places_gazetteer_places()) }
    /// Second-level administrative units.
    static var counties: SortedTable { SortedTable(places_gazetteer_counties()) }
    /// First-level administrative regions.
    static var regions: SortedTable { SortedTable(places_gazetteer_regions()) }
    /// Countries.
    static var countries: SortedTable { SortedTable(places_gazetteer_countries()) }
    /// One byte per 1 degree grid cell (row-major, from 90S 180W): 1 where a place lies in it.
    static var occupancy: SortedTable { SortedTable(places_gazetteer_occupancy()) }
    /// Where the bundled gazetteer comes from and what it holds.
    static var info: SortedTable { SortedTable(places_gazetteer_info()) }
}
