import PlacesCore

/// The distances of many trips of one log (``Trip/distanceKm(in:)``), each place's latitude cosine worked
/// out once rather than once for every leg that reaches it.
///
/// A thousand places' trips have some ten thousand legs between a thousand places: the cosines were a
/// fifth of measuring them. Each distance is the one ``Trip/distanceKm(in:)`` gives, to the last bit.
public struct TripDistances {
    private let log: TravelLog
    /// Each place's cosine by its index in ``TravelLog/places``; NaN until needed.
    private var cosines: [Double]

    /// Distances of trips found in `log`.
    public init(_ log: TravelLog) {
        self.log = log
        cosines = [Double](repeating: .nan, count: log.places.count)
    }

    /// Great-circle kilometres from home through every stop of `trip` and back.
    public mutating func km(_ trip: Trip) -> Double {
        trip.distanceKm(in: log) { place in
            if cosines[place].isNaN { cosines[place] = Geodesy.latitudeCosine(log.places[place].latitude) }
            return cosines[place]
        }
    }
}
