extension Gazetteer {
    /// What a line of the `places` table says about a place's importance, read without building an entry.
    // Unchecked: the name's bytes lie in a table that never moves and is never freed (``SortedTable``).
    public struct Standing: @unchecked Sendable, Equatable {
        /// What sort of place it is.
        public let kind: GazetteerEntry.Kind
        /// Inhabitants (0 for features).
        public let population: Int
        /// Whether it is its country's capital.
        public let isCapital: Bool
        /// Natural Earth's importance, 0 (world-famous) to 12; `nil` for populated places but the curated
        /// villages, which carry their notability.
        public let rank: Int?
        /// The main name (lets a caller tell an ocean from a sea, which Natural Earth ranks alike).
        public var name: Substring { Substring(decoding: UnsafeBufferPointer(start: nameStart, count: nameCount), as: UTF8.self) }
        /// Where the name lies in the table: it is read only when asked, as few callers ask.
        let nameStart: UnsafePointer<UInt8>
        let nameCount: Int
    }

    /// The most important entries inside a latitude/longitude box, most important first.
    ///
    /// Maps use it to choose the towns, seas and ranges worth naming around the user's pins.
    /// - Parameters:
    ///   - south: southern edge, degrees north.
    ///   - west: western edge, degrees east; may be below −180 for a box across the antimeridian.
    ///   - north: northern edge.
    ///   - east: eastern edge; may exceed 180.
    ///   - limit: how many entries to return at most.
    ///   - minimumPopulation: populated places below this are passed over before their other columns
    ///     are read, which makes a world-wide scan for capitals several times faster.
    ///   - importance: a score for a line, higher first, or `nil` to leave it out.
    /// - Complexity: one binary search per row of 1-degree cells, then a walk over the lines in the box.
    public func entries(south: Double, west: Double, north: Double, east: Double, limit: Int,
                        minimumPopulation: Int = 0, importance: (Standing) -> Double?) -> [GazetteerEntry] {
        entries(south: south, west: west, north: north, east: east, limit: limit, groups: 1,
                minimumPopulation: minimumPopulation) { standing in importance(standing).map { ($0, 0) } }[0]
    }

    /// The most important entries inside a box for several groups at once, in one walk over the box:
    /// `importance` gives a line's score and its group (`0..<groups`), and each group keeps its own
    /// `limit` best, most important first (a map's towns are not crowded out by its seas).
    /// See ``entries(south:west:north:east:limit:minimumPopulation:importance:)`` for the other parameters.
    public func entries(south: Double, west: Double, north: Double, east: Double, limit: Int, groups: Int,
                        minimumPopulation: Int = 0,
                        importance: (Standing) -> (score: Double, group: Int)?) -> [[GazetteerEntry]] {
        var found = [[(score: Double, offset: Int)]](repeating: [], count: max(groups, 0))
        guard limit > 0, groups > 0, south.isFinite, north.isFinite, west.isFinite, east.isFinite, south <= north, west <= east else {
            return found.map { _ in [] }
        }
        let wholeWorld = east - west >= 360
        // Column runs in 0..<360, split where the box crosses the antimeridian, and again where its
        // cells lie wholly inside the box: their lines need no coordinate test (most of a wide box).
        var runs: [(columns: ClosedRange<Int>, inside: Bool)] = []
        if wholeWorld {
            runs = [(0...359, true)]
        } else {
            let first = Int(saturating: west.rounded(.down)) + 180, last = Int(saturating: east.rounded(.down)) + 180
            // Cell c holds longitudes c − 180 ..< c − 179; shifted by a turn, c − turn − 180 ..< c − turn − 179.
            let insideFirst = Int(saturating: west.rounded(.up)) + 180, insideLast = Int(saturating: east.rounded(.down)) + 179
            for turn in [-360, 0, 360] {
                let low = max(first + turn, 0), high = min(last + turn, 359)
                guard low <= high else { continue }
                let insideLow = max(insideFirst + turn, low), insideHigh = min(insideLast + turn, high)
                guard insideLow <= insideHigh else { runs.append((low...high, false)); continue }
                if low < insideLow { runs.append((low...(insideLow - 1), false)) }
                runs.append((insideLow...insideHigh, true))
                if insideHigh < high { runs.append(((insideHigh + 1)...high, false)) }
            }
        }
        let lowRow = max(0, Int(saturating: south.rounded(.down)) + 90), highRow = min(179, Int(saturating: north.rounded(.down)) + 90)
        guard lowRow <= highRow else { return found.map { _ in [] } }
        // Features and towns of `minimumPopulation` or more: from the list of such lines when there is one.
        let prominent = prominentLines(passingOver: minimumPopulation)
        func consider(_ offset: Int, inside: Bool) {
            if !inside {
                let latitudeStart = places.field(.latitude, ofLineAt: offset)
                let latitude = places.double(at: latitudeStart)
                guard latitude >= south, latitude <= north else { return }
                let longitude = places.double(at: places.fieldEnd(from: latitudeStart) + 1)
                guard wholeWorld || (longitude >= west && longitude <= east) || (longitude - 360 >= west && longitude - 360 <= east)
                        || (longitude + 360 >= west && longitude + 360 <= east) else { return }
            }
            if minimumPopulation > 0 {
                // Features have no inhabitants (0) and always go on to `importance`.
                let population = places.integer(at: places.field(.population, ofLineAt: offset))
                if population > 0 && population < minimumPopulation { return }
            }
            guard let standing = standing(ofLineAt: offset), let scored = importance(standing),
                  found.indices.contains(scored.group) else { return }
            found[scored.group].append((scored.score, offset))
        }
        for row in lowRow...highRow {
            // Row r holds latitudes r − 90 ..< r − 89.
            let rowInside = Double(row - 90) >= south && Double(row - 89) <= north
            for run in runs {
                let inside = rowInside && run.inside
                let start = places.lowerBound(Self.cellKey(row * 360 + run.columns.lowerBound))
                let end = places.lowerBound(Self.cellKey(row * 360 + run.columns.upperBound + 1))
                if let prominent {
                    var index = prominent.firstIndex(atOrAfter: start)
                    while index < prominent.count, prominent[index] < end {
                        consider(prominent[index], inside: inside)
                        index += 1
                    }
                } else {
                    var offset = start
                    while offset < end {
                        consider(offset, inside: inside)
                        offset = places.nextLine(after: offset)
                    }
                }
            }
        }
        return found.map { group in
            group.sorted { $0.score != $1.score ? $0.score > $1.score : $0.offset < $1.offset }
                .prefix(limit).map { placeEntry(at: $0.offset) }
        }
    }

    /// A grid cell's number as the five digits that start its lines.
    static func cellKey(_ cell: Int) -> [UInt8] {
        var digits = Array(String(cell).utf8)
        while digits.count < 5 { digits.insert(UInt8(ascii: "0"), at: 0) }
        return digits
    }

    /// Reads the name, population, kind, flags and rank columns of a `places` line.
    func standing(ofLineAt offset: Int) -> Standing? {
        let nameStart = places.field(.name, ofLineAt: offset)
        let populationStart = places.field(.population, ofLineAt: offset)
        let kindStart = places.fieldEnd(from: populationStart) + 1
        let flagsStart = places.fieldEnd(from: kindStart) + 1
        let rankStart = places.fieldEnd(from: flagsStart) + 1
        guard let kind = GazetteerEntry.Kind(word: UnsafeBufferPointer(start: places.base + kindStart, count: flagsStart - 1 - kindStart)) else {
            return nil
        }
        let rankEnd = places.fieldEnd(from: rankStart)
        return Standing(kind: kind, population: places.integer(at: populationStart),
                        isCapital: places.base[flagsStart] == UInt8(ascii: "C"),
                        rank: rankEnd > rankStart ? places.integer(at: rankStart) : nil,
                        nameStart: places.base + nameStart, nameCount: places.fieldEnd(from: nameStart) - nameStart)
    }
}
