import PlacesJournal

/// Naming the trips the travel log finds: a name is kept with the trip's first stop (``TripNames``).
extension TripNames {
    /// The name of the trip that holds an anchored visit.
    public func name(for trip: Trip, in log: TravelLog) -> String? {
        guard !names.isEmpty else { return nil }
        for stop in trip.stops {
            let anchor = Anchor(place: log.places[stop.entry.place].id, date: stop.entry.date)
            if let found = names.first(where: { $0.anchor == anchor }) { return found.name }
        }
        return nil
    }

    /// Names a trip: any name kept with one of its stops is replaced by this one, kept with its first stop.
    public mutating func setName(_ name: String, for trip: Trip, in log: TravelLog) {
        let stops = Set(trip.stops.map { Anchor(place: log.places[$0.entry.place].id, date: $0.entry.date) })
        names.removeAll { stops.contains($0.anchor) }
        names.append((trip.anchor(in: log), name))
    }

    /// Removes the name of a trip (every name kept with one of its stops); returns the name removed, `nil`
    /// when the trip had none.
    @discardableResult
    public mutating func removeName(for trip: Trip, in log: TravelLog) -> String? {
        let stops = Set(trip.stops.map { Anchor(place: log.places[$0.entry.place].id, date: $0.entry.date) })
        let removed = name(for: trip, in: log)
        names.removeAll { stops.contains($0.anchor) }
        return removed
    }
}
