import PlacesCommandLine
import PlacesKit
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Option values shared by several commands, read once with one wording of their errors.
enum OptionValues {
    /// Reads `--radius` (`25km`, `500m`, `10mi`, or kilometres), at most half the Earth's circumference.
    static func radius(_ text: String) throws -> Double {
        guard let kilometres = DistanceParser.kilometres(text) else {
            throw UsageError("--radius \"\(text)\" is not a distance up to \(grouped(Int(DistanceParser.maximumKilometres))) km "
                             + "(half the Earth's circumference)",
                             hint: "e.g. --radius 25km, 500m or 10mi")
        }
        return kilometres
    }

    /// Reads a pair of coordinates in any form ``CoordinateParser`` knows (`--at`, `where`), on the globe.
    /// - Parameter option: the option or argument named in the error (`--at`, `<lat,lon>`).
    static func coordinates(_ text: String, option: String) throws -> (latitude: Double, longitude: Double) {
        do {
            return try CoordinateParser.read(text)
        } catch {
            throw UsageError("\(option) \(error)", hint: "accepted: \(CoordinateParser.acceptedForms)")
        }
    }

    /// Reads `--limit`, which must be a positive whole number.
    static func limit(_ text: String?, default value: Int) throws -> Int {
        guard let text else { return value }
        guard let limit = Int(text), limit > 0 else {
            throw UsageError("--limit \"\(text)\" is not a positive whole number", hint: "e.g. --limit 5")
        }
        return limit
    }

    /// Reads a date option (`--on`) with the one reader of typed dates, in the machine's time zone.
    static func date(_ text: String, option: String, reader: VisitDateReader = VisitDateReader()) throws -> VisitDate {
        do {
            return try reader.read(text)
        } catch {
            throw UsageError("\(option) \(error)", hint: "e.g. \(option) yesterday, \(option) \"last friday\", \(option) 2024-05")
        }
    }

    /// Reads `--country`, an ISO 3166-1 alpha-2 code.
    static func country(_ text: String?, in gazetteer: Gazetteer) throws -> String? {
        guard let text else { return nil }
        let code = text.uppercased()
        guard code.count == 2, !gazetteer.countryName(code).isEmpty else {
            throw UsageError("--country \"\(text)\" is not an ISO 3166-1 country code", hint: "e.g. --country FR")
        }
        return code
    }
}
