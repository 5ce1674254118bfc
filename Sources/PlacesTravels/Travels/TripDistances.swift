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
    /// The latitude of the home last measured from, and its cosine (NaN until then).
    private var homeLatitude = 0.0, homeCosine = Double.nan

    /// Distances of trips found in `log`.
    public init(_ log: TravelLog) {
        self.log = log
        cosines = [Double](repeating: .nan, count: log.places.count)
    }

    /// Great-circle kilometres from home through every stop of `trip` and back.
    public mutating func km(_ trip: Trip) -> Double { measure(trip).km }

    /// ``km(_:)`` and the trip's ``Trip/routeCount(in:)``, from one walk of its route.
    public mutating func measure(_ trip: Trip) -> (km: Double, stops: Int) {
        // Homes are few: the last one's cosine is kept.
        let home = trip.home.coordinate
        if home.latitude != homeLatitude || homeCosine.isNaN {
            homeLatitude = home.latitude
            homeCosine = Geodesy.latitudeCosine(home.latitude)
        }
        return trip.measureRoute(in: log, homeCosine: homeCosine) { place in
            if cosines[place].isNaN { cosines[place] = Geodesy.latitudeCosine(log.places[place].latitude) }
            return cosines[place]
        }
    }
}
