import PlacesCore

/// Why journal bytes the fast reader refused are not a journal: the careful path.
///
/// ``JournalCodec`` only says yes or no. When it says no, this reads the same bytes with
/// ``JSONParser`` (the same grammar) into a tree and looks for the first problem, named the way a
/// person fixing the file by hand needs it: the line and column of a syntax error, or the place's
/// index and field (`places[3].latitude is not a number`).
enum JournalProblem: Equatable {
    /// The file is not a journal, for this reason.
    case unreadable(String)
    /// The file is a journal of a newer version than this program reads.
    case newerVersion(Int)

    /// The first problem in `bytes`.
    static func find(in bytes: [UInt8]) -> JournalProblem {
        var parser = JSONParser(bytes: bytes)
        let document: JSONValue
        do {
            document = try parser.parse()
        } catch let error as JSONSyntaxError {
            return .unreadable(error.sentence)
        } catch {
            return .unreadable("\(error)")
        }
        switch document {
        case .array(let places):
            return placesProblem(places, path: "").map(JournalProblem.unreadable) ?? generic
        case .object(let members):
            if let repeated = repeatedKey(members) { return .unreadable("the top level has \"\(repeated)\" twice") }
            guard let version = document["version"] else { return .unreadable("the top level has no \"version\"") }
            guard case .number(let number) = version, number == number.rounded(), abs(number) < 1e9 else {
                return .unreadable("version is not a whole number")
            }
            // The version first: a newer journal may hold places this code cannot read.
            if Int(number) > JournalStore.currentVersion { return .newerVersion(Int(number)) }
            let readable = JournalStore.readableVersions
            if Int(number) < readable.lowerBound {
                return .unreadable("version \(Int(number)) is not a journal version (this program reads versions \(readable.lowerBound) to \(readable.upperBound))")
            }
            guard let places = document["places"] else { return .unreadable("the top level has no \"places\"") }
            guard case .array(let list) = places else { return .unreadable("places is not a list of places") }
            return placesProblem(list, path: "places").map(JournalProblem.unreadable) ?? generic
        default:
            return .unreadable("the top level is not a journal: expected {\"version\": 1, \"places\": [...]}")
        }
    }

    /// Only reached if the fast reader refused what this finds nothing wrong with.
    private static let generic = JournalProblem.unreadable("the journal is not in the form this version reads")

    private static func repeatedKey(_ members: [(key: String, value: JSONValue)]) -> String? {
        var seen = Set<String>()
        return members.first { !seen.insert($0.key).inserted }?.key
    }

    /// The first problem in a place's `visits` (absent or null is fine), as a sentence.
    private static func visitsProblem(_ value: JSONValue?, here: String) -> String? {
        guard let value else { return nil }
        if case .null = value { return nil }
        guard case .array(let visits) = value else { return "\(here) is not a list of visits" }
        for (index, visit) in visits.enumerated() {
            let at = "\(here)[\(index)]"
            guard case .object(let members) = visit else { return "\(at) is not an object" }
            if let repeated = repeatedKey(members) { return "\(at) has \"\(repeated)\" twice" }
            guard let date = visit["date"] else { return "\(at) has no \"date\"" }
            guard case .string(let text) = date else { return "\(at).date is not a string" }
            if VisitDate(journalText: text) == nil { return "\(at).\(VisitDate.notADateSentence(text))" }
            for key in ["note", "source"] {
                guard let member = visit[key] else { continue }
                switch member {
                case .null, .string: continue
                default: return "\(at).\(key) is not a string"
                }
            }
        }
        return nil
    }

    /// The first problem among the places, as a sentence.
    private static func placesProblem(_ places: [JSONValue], path: String) -> String? {
        for (index, place) in places.enumerated() {
            let here = "\(path)[\(index)]"
            guard case .object(let members) = place else { return "\(here) is not an object" }
            if let repeated = repeatedKey(members) { return "\(here) has \"\(repeated)\" twice" }
            func field(_ key: String, required: Bool, _ check: (JSONValue) -> String?) -> String? {
                guard let value = place[key] else { return required ? "\(here) has no \"\(key)\"" : nil }
                if case .null = value {
                    return required ? "\(here).\(key) is null where \(check(.null) ?? "a value") is needed" : nil
                }
                return check(value).map { "\(here).\(key) is not \($0)" }
            }
            func string(_ value: JSONValue) -> String? {
                if case .string = value { return nil }
                return "a string"
            }
            func number(_ value: JSONValue) -> String? {
                if case .number = value { return nil }
                return "a number"
            }
            let problem = field("id", required: true) { value in
                guard case .string(let text) = value else { return "a string" }
                return UUID(uuidString: text) == nil ? "an id such as 5A3B1F0E-7C2D-4E8A-9B6F-1D2C3E4F5A6B" : nil
            }
                ?? field("name", required: true, string)
                ?? field("description", required: false, string)
                ?? field("latitude", required: true, number)
                ?? field("longitude", required: true, number)
                ?? field("tags", required: false) { value in
                    guard case .array(let tags) = value, tags.allSatisfy({ string($0) == nil }) else { return "a list of strings" }
                    return nil
                }
            if let problem { return problem }
            if let problem = visitsProblem(place["visits"], here: "\(here).visits") { return problem }
            for key in ["visited", "created", "updated"] {
                guard let value = place[key] else { continue }
                if case .null = value { continue }
                guard case .string(let text) = value else { return "\(here).\(key) is not a string" }
                if Timestamp.date(from: text) == nil {
                    return "\(here).\(key): \(key) \"\(text)\" is not an ISO 8601 date such as 2024-05-01T12:00:00Z"
                }
            }
        }
        return nil
    }
}

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
