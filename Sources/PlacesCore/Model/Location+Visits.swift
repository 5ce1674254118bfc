#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A place's visits: kept in date order (``VisitDate``'s order, earliest first; visits on equal
/// dates in the order they were added), without repeats when added through ``addVisit(_:)``.
extension Location {
    /// The most recent visit (the last in date order), or `nil` for a place not visited yet.
    public var latestVisit: Visit? { visits.last }

    /// Adds a visit in date order unless the place already has it: a visit with the same
    /// `source`, or with the same date and note (see ``Visit/isSameVisit(as:)``). Importers rely on
    /// this to add nothing when the same data is imported again.
    /// - Returns: whether the visit was added.
    @discardableResult
    public mutating func addVisit(_ visit: Visit) -> Bool {
        guard !visits.contains(where: { $0.isSameVisit(as: visit) }) else { return false }
        // After every visit that is not later: equal dates keep the order they were added in.
        let index = visits.lastIndex(where: { !(visit.date < $0.date) }).map { $0 + 1 } ?? 0
        visits.insert(visit, at: index)
        return true
    }

    /// Dates the place's one visit: adds a visit on `date` when there is none, else moves the latest
    /// visit (keeping its note) to `date`. What `edit --on` does; ``addVisit(_:)`` adds another visit.
    public mutating func setLatestVisitDate(_ date: VisitDate) {
        if visits.isEmpty { visits = [Visit(date: date)] } else { visits[visits.count - 1].date = date }
    }

    /// Adds each of `visits` that the place does not have yet (see ``addVisit(_:)``).
    /// - Returns: how many were added.
    @discardableResult
    public mutating func mergeVisits<S: Sequence>(_ others: S) -> Int where S.Element == Visit {
        var added = 0
        for visit in others where addVisit(visit) { added += 1 }
        return added
    }

    /// Creates a location whose `visits` are already in date order, without comparing them again: a
    /// reader that declines visits out of order has compared each with the one before it (comparing
    /// them again was a tenth of `stats`' read of a journal). The same location as
    /// ``init(id:name:description:latitude:longitude:tags:visited:visits:created:updated:extraFields:)``
    /// makes of those visits, with no description, `updated` time or unknown fields.
    /// - Parameter orderedVisits: the visits, in date order (``sortedVisits(_:)`` returns them as they are).
    package init(id: UUID, name: String, latitude: Double, longitude: Double, tags: [String], visited: Date?,
                 orderedVisits: [Visit], created: Date?) {
        assert(Self.sortedVisits(orderedVisits) == orderedVisits, "visits out of date order")
        self.id = id
        self.name = name
        self.description = ""
        self.latitude = latitude
        self.longitude = longitude
        self.tags = tags
        self.visits = orderedVisits.isEmpty ? visited.map { [Visit(date: VisitDate($0))] } ?? [] : orderedVisits
        self.created = created
        self.updated = nil
        self.extraFields = [:]
    }

    /// `visits` in date order; visits on equal dates keep their order (a stable sort).
    package static func sortedVisits(_ visits: [Visit]) -> [Visit] {
        guard visits.count > 1 else { return visits }
        var ordered = true
        for index in 1..<visits.count where visits[index].date < visits[index - 1].date { ordered = false; break }
        if ordered { return visits }
        return visits.enumerated().sorted { a, b in
            a.element.date < b.element.date || (a.element.date == b.element.date && a.offset < b.offset)
        }.map(\.element)
    }

    /// Whether the visits say more than the one `visited` timestamp does, so the journal must write
    /// them as a `visits` list (and mark itself version 2): more than one visit, a note, a source,
    /// an unknown field, or a date that `visited` would read back differently (a month, a year, an
    /// instant at midnight UTC, which `visited` reads as a day).
    public var needsVisitList: Bool {
        guard visits.count <= 1 else { return true }
        guard let only = visits.first else { return false }
        return only.note != nil || only.source != nil || !only.extraFields.isEmpty || VisitDate(only.date.start) != only.date
    }
}
