#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import PlacesCore
import PlacesJournal

/// The journal as `places browse` sees it: the places, read again whenever another process replaces
/// the file, and browse's own changes, each one transaction of the store (the same validation as the
/// commands) and each undoable.
///
/// Undo reverses only browse's own changes, and only while the place is as browse left it: a place
/// another process changed, removed or re-added since is left alone, with a message saying why.
public final class BrowseJournal {
    /// One of browse's own changes, with what undoing it needs.
    public enum Change: Sendable {
        case added(Location)
        case changed(before: Location, after: Location)
        case removed(Location, index: Int)
    }

    public let store: JournalStore
    /// Every place, in journal order, without its description (each is `""`): the map, the list and
    /// the search never show one, and the descriptions are most of a large journal's bytes. A place
    /// in full is ``place(_:)``. Never saved: every change is made to the place as the store reads it.
    public private(set) var places: [Location] = [] { didSet { generation += 1 } }
    /// Every place in full, read for the generation it holds when a place's details or form need one.
    private var complete: (generation: Int, places: [Location])?
    /// Counts the times ``places`` was set: what was worked out from one generation holds until it changes.
    public private(set) var generation = 0
    private var version: FileVersion?
    /// Browse's own changes, the latest last.
    public private(set) var changes: [Change] = []

    /// Opens the journal and reads it.
    public init(store: JournalStore) throws {
        self.store = store
        try reload()
    }

    /// Reads the journal again.
    public func reload() throws {
        // The version first: a write after it is noticed next time, never missed.
        version = PosixFile.version(store.resolvedPath)
        places = try store.loadWithoutDescriptions()
    }

    /// The place with this id as the journal has it, description and all: read in full once a
    /// generation (details, forms and the editor are opened one place at a time).
    public func place(_ id: UUID) throws -> Location? {
        if complete?.generation != generation { complete = (generation, try store.load()) }
        return complete?.places.first { $0.id == id }
    }

    /// Reads the journal again when its file was replaced or rewritten since it was read (file
    /// identity, size and modification time).
    /// - Returns: whether it was read again.
    @discardableResult
    public func reloadIfChanged() throws -> Bool {
        guard PosixFile.version(store.resolvedPath) != version else { return false }
        try reload()
        return true
    }

    /// Adds a place.
    @discardableResult
    public func add(_ place: Location) throws -> Location {
        let saved = try store.add(place)
        changes.append(.added(saved))
        try reload()
        return saved
    }

    /// Changes a place by id.
    @discardableResult
    public func update(_ id: UUID, _ change: (inout Location) throws -> Void) throws -> (before: Location, after: Location) {
        var before: Location?
        let after = try store.update(id) { place in
            before = place
            try change(&place)
        }
        if let before, !before.hasSameContent(as: after) { changes.append(.changed(before: before, after: after)) }
        try reload()
        return (before ?? after, after)
    }

    /// Records a change made elsewhere on browse's behalf (the `$EDITOR` flow), so it can be undone.
    public func recordChange(before: Location, after: Location) throws {
        if !before.hasSameContent(as: after) { changes.append(.changed(before: before, after: after)) }
        try reload()
    }

    /// Removes a place by id.
    @discardableResult
    public func remove(_ id: UUID) throws -> Location {
        let removed: (Location, Int)? = try store.transaction { places in
            guard let index = places.firstIndex(where: { $0.id == id }) else { return nil }
            return (places.remove(at: index), index)
        }
        guard let (place, index) = removed else { throw PlaceLookupError.notFound(Location.lowercaseText(of: id)) }
        changes.append(.removed(place, index: index))
        try reload()
        return place
    }

    /// Why an undo was refused.
    public struct UndoRefusal: Error, CustomStringConvertible, Sendable {
        public var description: String
    }

    /// Reverses browse's latest change still on the list.
    /// - Returns: a sentence saying what was undone.
    /// - Throws: ``UndoRefusal`` when there is nothing to undo, or the place was changed by another
    ///   process since (nothing is written then), or the store's errors.
    public func undo() throws -> String {
        guard let last = changes.last else { throw UndoRefusal(description: "Nothing to undo in this session") }
        let message: String = try store.transaction { places in
            switch last {
            case .added(let place):
                guard let index = places.firstIndex(where: { $0.id == place.id }), places[index].hasSameContent(as: place) else {
                    throw UndoRefusal(description: "Not undone: \(place.name) was changed elsewhere since it was added")
                }
                places.remove(at: index)
                return "Undid adding \(place.name)"
            case .changed(let before, let after):
                guard let index = places.firstIndex(where: { $0.id == after.id }), places[index].hasSameContent(as: after) else {
                    throw UndoRefusal(description: "Not undone: \(after.name) was changed elsewhere since")
                }
                places[index] = before
                return "Undid the change to \(before.name)"
            case .removed(let place, let index):
                guard !places.contains(where: { $0.id == place.id }) else {
                    throw UndoRefusal(description: "Not undone: \(place.name) is back in the journal already")
                }
                places.insert(place, at: min(index, places.count))
                return "Brought back \(place.name)"
            }
        }
        changes.removeLast()
        try reload()
        return message
    }
}
