#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A field-level three-way merge of an edit made in an editor while the journal changed underneath.
///
/// The editor works on a copy read without the lock (the person may take an hour). When it saves,
/// each field the person changed is applied only if nobody else changed that field meanwhile;
/// fields they left alone keep whatever the journal now holds. A field changed on both sides to
/// different values is a conflict, and nothing is applied.
public enum PlaceMerge {
    /// A field changed both in the editor and in the journal, to different values.
    public struct Conflict: Sendable, Equatable {
        /// The field's name as the editor text spells it (`name`, `coordinates`, `tags`, …).
        public var field: String
        /// The value saved in the journal meanwhile, and the value typed in the editor.
        public var saved: String
        public var typed: String
    }

    /// The edit could not be merged.
    public struct Conflicts: Error, Sendable {
        public var conflicts: [Conflict]
    }

    /// The editable fields: name, description, coordinates, tags and visited.
    private static let fields: [(name: String, show: @Sendable (Location) -> String, copy: @Sendable (inout Location, Location) -> Void)] = [
        ("name", { "\"\($0.name)\"" }, { $0.name = $1.name }),
        ("description", { $0.description.isEmpty ? "(none)" : "\"\($0.description)\"" }, { $0.description = $1.description }),
        ("coordinates", { "\(CoordinateFormat.plain($0.latitude)), \(CoordinateFormat.plain($0.longitude))" },
         { $0.latitude = $1.latitude; $0.longitude = $1.longitude }),
        ("tags", { $0.tags.isEmpty ? "(none)" : $0.tags.joined(separator: ", ") }, { $0.tags = $1.tags }),
        ("visited", { $0.visited.map(Timestamp.string) ?? "no" }, { $0.visited = $1.visited }),
    ]

    /// Applies the person's changes (`edited` against `base`, the place as the editor opened it)
    /// to `current`, the place as the journal holds it now.
    /// - Returns: `current` with the person's changes.
    /// - Throws: ``Conflicts`` naming every field changed on both sides to different values.
    public static func merge(base: Location, edited: Location, current: Location) throws -> Location {
        var merged = current
        var conflicts: [Conflict] = []
        for field in fields {
            let (was, typed, saved) = (field.show(base), field.show(edited), field.show(current))
            // Compared through one spelling so that equal values always compare equal.
            guard typed != was else { continue }
            if saved == was || saved == typed {
                field.copy(&merged, edited)
            } else {
                conflicts.append(Conflict(field: field.name, saved: saved, typed: typed))
            }
        }
        if !conflicts.isEmpty { throw Conflicts(conflicts: conflicts) }
        return merged
    }
}
