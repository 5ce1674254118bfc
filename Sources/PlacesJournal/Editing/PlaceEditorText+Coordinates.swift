import PlacesCore

/// The form's `latitude:` and `longitude:` lines, read together: either line may hold a whole
/// point (a map link, a `geo:` URI, `51.5074, -0.1278`, `51°30′N 0°7′W`), pasted as people copy it.
extension PlaceEditorText {
    /// A `latitude:` or `longitude:` line as written: its number in the text and its value.
    struct CoordinateLine {
        var number: Int
        var value: String
    }

    /// What one coordinate line holds.
    private enum Reading {
        case empty
        case single(Double)
        case pair(latitude: Double, longitude: Double)
        /// The line is wrong on its own; its problem is already reported.
        case invalid
    }

    /// Degrees within a millionth of each other (about 11 cm) are the same coordinate: the form
    /// writes coordinates in full, but a person retyping one from a link may round it.
    private static let agreement = 0.000_001

    /// Sets `place`'s latitude and longitude from the two lines (`nil` for a line that is missing).
    ///
    /// A line whose value ``CoordinateParser`` reads as a whole point gives both coordinates when the
    /// other line is missing, empty, unchanged from `original` or agrees with it; when the other line
    /// says something else, both lines and their values are named in one problem. Otherwise each line
    /// is one coordinate, as before.
    /// - Returns: whether a pasted point gave both coordinates (then a missing line is no problem).
    static func readCoordinates(latitude: CoordinateLine?, longitude: CoordinateLine?, original: Location,
                                into place: inout Location, problems: inout [String]) -> Bool {
        let latitudeReading = latitude.map { read($0, axis: .latitude, problems: &problems) }
        let longitudeReading = longitude.map { read($0, axis: .longitude, problems: &problems) }
        let pairs: [(line: CoordinateLine, axis: CoordinateParser.Axis, point: (latitude: Double, longitude: Double))] = [
            (latitude, latitudeReading, CoordinateParser.Axis.latitude), (longitude, longitudeReading, .longitude),
        ].compactMap { line, reading, axis in
            guard let line, case .pair(let lat, let lon) = reading else { return nil }
            return (line, axis, (lat, lon))
        }
        guard let pasted = pairs.first else {
            // One coordinate per line, as the form writes them.
            for (line, reading, axis) in [(latitude, latitudeReading, CoordinateParser.Axis.latitude), (longitude, longitudeReading, .longitude)] {
                guard let line, let reading else { continue }
                switch reading {
                case .single(let value):
                    if axis == .latitude { place.latitude = value } else { place.longitude = value }
                    do {
                        try Location.checkCoordinate(value, field: axis.rawValue, limit: axis.limit)
                    } catch {
                        problems.append("line \(line.number): \(error)")
                    }
                case .empty:
                    do { _ = try CoordinateParser.degrees(line.value, axis: axis) } catch { problems.append("line \(line.number): \(error)") }
                case .pair, .invalid: break
                }
            }
            return false
        }
        // The other line may be missing, empty, as it was, or the same point; anything else contradicts the paste.
        let otherAxis: CoordinateParser.Axis = pasted.axis == .latitude ? .longitude : .latitude
        let otherLine = pasted.axis == .latitude ? longitude : latitude
        let otherReading = pasted.axis == .latitude ? longitudeReading : latitudeReading
        func same(_ a: Double, _ b: Double) -> Bool { abs(a - b) <= agreement }
        let wanted = otherAxis == .latitude ? pasted.point.latitude : pasted.point.longitude
        let was = otherAxis == .latitude ? original.latitude : original.longitude
        let agrees: Bool
        switch otherReading {
        case nil, .empty?, .invalid?: agrees = true
        case .single(let value)?: agrees = value == was || same(value, wanted)
        case .pair(let lat, let lon)?: agrees = same(lat, pasted.point.latitude) && same(lon, pasted.point.longitude)
        }
        place.latitude = pasted.point.latitude
        place.longitude = pasted.point.longitude
        if !agrees, let otherLine {
            problems.append("line \(pasted.line.number): \(pasted.axis.rawValue) \(Location.quoted(pasted.line.value)) is the point "
                + "\(CoordinateFormat.plain(pasted.point.latitude)), \(CoordinateFormat.plain(pasted.point.longitude)), but line "
                + "\(otherLine.number): \(otherAxis.rawValue) \(Location.quoted(otherLine.value)) says otherwise: "
                + "leave the \(otherAxis.rawValue) line empty or as it was, or give the same point")
        }
        return true
    }

    /// One line's value: empty, one coordinate, a whole point, or (its problem reported) neither.
    private static func read(_ line: CoordinateLine, axis: CoordinateParser.Axis, problems: inout [String]) -> Reading {
        let value = line.value.trimmed
        if value.isEmpty { return .empty }
        let single: LocationValidationError
        do { return .single(try CoordinateParser.degrees(value, axis: axis)) } catch let error as LocationValidationError {
            single = error
        } catch {
            problems.append("line \(line.number): \(error)")
            return .invalid
        }
        // `51,5` is a decimal comma on a coordinate's line, not the point 51, 5.
        let decimalComma = value.contains(",") && CoordinateParser.plainDecimal(String(value.map { $0 == "," ? "." : $0 })) != nil
        if !decimalComma {
            do {
                let point = try CoordinateParser.read(value)
                return .pair(latitude: point.latitude, longitude: point.longitude)
            } catch let failure where failure.outOfRange != nil {
                problems.append("line \(line.number): \(axis.rawValue) \(failure)")
                return .invalid
            } catch {}
        }
        problems.append("line \(line.number): \(single)")
        return .invalid
    }
}
