/// The country a point lies in: its ISO 3166-1 alpha-2 code and English name, or `nil` at sea.
/// The journal's statistics take it as a function so they can be computed without the gazetteer.
public typealias CountryLookup = (_ latitude: Double, _ longitude: Double) -> (code: String, name: String)?

/// The country of a point, fast enough to ask for every place of a large journal (`stats`, the flags in
/// tables): a few microseconds a point, anywhere on Earth.
///
/// The country is the one whose 1:50m outline contains the point (``CountryIndex``). A point outside every
/// outline but within 12 nautical miles (22.2 km, the breadth of the territorial sea) of one is given that
/// country: a pier, a boat in harbour or a beach at the edge of a 1:50m coast. With an imported gazetteer,
/// a territory that has no outline is found from its towns: a point at sea within ``smallTerritoryKm`` of
/// one of them is in it. Anything else is honestly in no country.
public struct CountryLocator: Sendable {
    /// Where a point is, as far as countries go.
    public struct Placement: Sendable, Equatable {
        /// The ISO 3166-1 alpha-2 code of the country the point is in, or whose waters or town it is near.
        public var code: String
        /// That country's English short name (the gazetteer's, else Natural Earth's).
        public var name: String
        /// Whether the point lies outside the country's outline (in its territorial sea, or near a town of
        /// a territory without an outline).
        public var offshore: Bool
    }

    /// The breadth of the territorial sea, 12 nautical miles, in kilometres.
    public static let territorialSeaKm = 22.224
    /// How near a town of a territory without an outline a point at sea must be to count as in it.
    public static let smallTerritoryKm = 30.0

    /// The outline index.
    public let index: CountryIndex
    /// The gazetteer that names countries and finds the towns of territories without an outline.
    public let gazetteer: Gazetteer

    /// Creates a locator naming countries after a gazetteer. Nothing is read until a point is looked up:
    /// a one-point `where` pays for one country name, not 250.
    public init(gazetteer: Gazetteer = .bundled, index: CountryIndex = .bundled) {
        self.index = index
        self.gazetteer = gazetteer
    }

    /// The name of the outlined country at `position` in ``CountryIndex/countries``.
    func name(at position: Int) -> String {
        let country = index.country(at: position)
        let name = gazetteer.countryName(country.code)
        return name.isEmpty ? country.name : name
    }

    /// The country a point is in, or whose territorial sea holds it; `nil` at sea and for coordinates out
    /// of range.
    public func country(latitude: Double, longitude: Double) -> (code: String, name: String)? {
        placement(latitude: latitude, longitude: longitude).map { ($0.code, $0.name) }
    }

    /// The country of a point and whether the point is off its outline; `nil` at sea beyond every
    /// country's waters.
    public func placement(latitude: Double, longitude: Double) -> Placement? {
        placement(latitude: latitude, longitude: longitude, name: name(at:))
    }

    private func placement(latitude: Double, longitude: Double, decoded: CountryIndex.DecodedCells? = nil,
                           name: (Int) -> String) -> Placement? {
        if let inside = index.country(latitude: latitude, longitude: longitude, decoded: decoded) {
            return Placement(code: index.country(at: inside).code, name: name(inside), offshore: false)
        }
        guard CountryIndex.cell(latitude: latitude, longitude: longitude) != nil else { return nil }
        if let near = index.nearestOutline(latitude: latitude, longitude: longitude, limitKm: CountryLocator.territorialSeaKm,
                                           decoded: decoded) {
            return Placement(code: index.country(at: near.country).code, name: name(near.country), offshore: true)
        }
        // Every country of the bundled gazetteer has an outline (a data check tests it); an imported
        // gazetteer may hold towns of territories that have none. Only at sea, so a cheap search: a few
        // grid cells of the gazetteer, most of them empty.
        guard gazetteer.source != .bundled else { return nil }
        for place in gazetteer.places(withinKm: CountryLocator.smallTerritoryKm, ofLatitude: latitude, longitude: longitude, limit: 20)
        where index.position(ofCode: place.entry.countryCode) == nil {
            let code = place.entry.countryCode
            let name = gazetteer.countryName(code)
            return Placement(code: code, name: name.isEmpty ? code : name, offshore: true)
        }
        return nil
    }

    /// The country's name for a code: the gazetteer's, else Natural Earth's, else the code itself.
    public func name(of code: String) -> String {
        if let i = index.position(ofCode: code) { return name(at: i) }
        let name = gazetteer.countryName(code)
        return name.isEmpty ? code : name
    }

    /// This locator as the closure ``TravelStats`` takes.
    /// Each country's name is looked up once, on first use, and each outline cell decoded once.
    public var lookup: CountryLookup {
        var names = [String?](repeating: nil, count: index.countryCount)
        let decoded = CountryIndex.DecodedCells()
        return { latitude, longitude in
            let found = placement(latitude: latitude, longitude: longitude, decoded: decoded) { position in
                if let known = names[position] { return known }
                let name = name(at: position)
                names[position] = name
                return name
            }
            return found.map { ($0.code, $0.name) }
        }
    }
}
