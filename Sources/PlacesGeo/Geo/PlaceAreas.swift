#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import PlacesCore

/// The country and first-level region of a journal place, and the names people type for them.
///
/// One country lookup (``CountryLocator``) and one region lookup
/// (``ReverseGeocoder/firstLevelRegion(latitude:longitude:country:)``), each asked at the point's own
/// coordinates, so a place's answers never depend on which other places were asked first. Each point is
/// looked up once: its answers are remembered for the run and, with a memo file (``init(gazetteer:memoFile:)``),
/// between runs, so a command's second run on the same journal looks up only the points it has not seen.
public final class PlaceAreas {
    /// The reverse geocoder whose country and region lookups are used.
    public let geocoder: ReverseGeocoder
    private let countryLookup: CountryLookup
    /// The gazetteer's cells, decoded as region lookups reach them.
    private let cells: RegionCells
    /// Every point's answers: the memo file's, read at the first lookup, and this run's. Unchecked for
    /// exclusive access: only this class's methods touch it, none while another does (the checks cost a
    /// fifth of a warm lookup).
    @exclusivity(unchecked) private var memo = PlaceAreaMemo()
    private var memoRead = false
    /// Where the answers are kept between runs, and what identifies their sources; `nil` without a file.
    private let memoFile: (path: String, identity: [UInt8])?
    /// Regions asked for in another country than the point's own (no command does): kept for the run only.
    private var otherRegions: [OtherRegion: ReverseGeocoder.Region?] = [:]

    private struct OtherRegion: Hashable {
        var point: PlaceAreaMemo.Point
        var country: String
    }

    /// Areas named after `gazetteer`.
    /// - Parameter memoFile: the file that keeps the answers between runs (one per journal, in the user's
    ///   cache folder), or `nil` to keep them for this run only. It is read at the first lookup; a file that
    ///   is missing, damaged or written by another program or gazetteer is taken as empty. ``saveMemo()``
    ///   writes it.
    public init(gazetteer: Gazetteer = .bundled, memoFile: String? = nil) {
        geocoder = ReverseGeocoder(gazetteer: gazetteer)
        countryLookup = geocoder.locator.lookup
        cells = RegionCells(geocoder: geocoder)
        self.memoFile = memoFile.flatMap { path in PlaceAreaMemo.identity(gazetteer: gazetteer).map { (path, $0) } }
    }

    /// Makes room for what is remembered of `places` places, so the memory is taken once rather than
    /// rehashed as it grows. Only for a caller that asks about nearly every one of them: the entries of a
    /// few places scattered over room for many would touch more memory than growing does.
    public func reserveCapacity(places: Int) {
        readMemo()
        memo.points.reserveCapacity(places)
    }

    /// Writes what this run found to the memo file, when it found anything the file lacked; never fails
    /// (a cache folder that cannot be written leaves the next run to look the points up again).
    public func saveMemo() {
        guard memoRead, memo.added, let memoFile else { return }
        memo.write(to: memoFile.path, identity: memoFile.identity)
    }

    @inline(__always)
    private func readMemo() {
        if memoRead { return }
        memoRead = true
        if let memoFile, let read = PlaceAreaMemo.read(memoFile.path, identity: memoFile.identity) { memo = read }
    }

    /// The country (code and name) of a point, `nil` at sea; each point is looked up once.
    public func country(latitude: Double, longitude: Double) -> (code: String, name: String)? {
        readMemo()
        let point = PlaceAreaMemo.Point(latitude: latitude, longitude: longitude)
        if let slot = memo.points.slot(of: point) {
            let answer = memo.points[slot: slot]
            if answer.stamp != memo.currentStamp { memo.points[slot: slot].stamp = memo.currentStamp }
            return answer.country == PlaceAreaMemo.atSea ? nil : memo.countries[Int(answer.country)]
        }
        let found = countryLookup(latitude, longitude)
        let number = found.map { memo.number(ofCountry: $0.code, name: $0.name) } ?? PlaceAreaMemo.atSea
        memo.points[point] = PlaceAreaMemo.Answer(country: number, region: PlaceAreaMemo.notAsked, stamp: memo.currentStamp)
        memo.added = true
        return found
    }

    /// The first-level region of a point in `country`, `nil` when the gazetteer knows none there; each point
    /// is looked up once.
    public func region(latitude: Double, longitude: Double, country: String) -> ReverseGeocoder.Region? {
        readMemo()
        let point = PlaceAreaMemo.Point(latitude: latitude, longitude: longitude)
        if let slot = memo.points.slot(of: point) {
            let answer = memo.points[slot: slot]
            if answer.country >= 0, memo.countries[Int(answer.country)].code == country {
                if answer.stamp != memo.currentStamp { memo.points[slot: slot].stamp = memo.currentStamp }
                switch answer.region {
                case PlaceAreaMemo.noRegion: return nil
                case PlaceAreaMemo.notAsked: break
                default: return memo.regions[Int(answer.region)]
                }
                let found = cells.firstLevelRegion(latitude: latitude, longitude: longitude, country: country)
                let number = found.map { memo.number(ofRegion: $0) } ?? PlaceAreaMemo.noRegion
                memo.points[slot: slot].region = number
                memo.added = true
                return found
            }
        }
        let key = OtherRegion(point: point, country: country)
        if let known = otherRegions[key] { return known }
        let found = cells.firstLevelRegion(latitude: latitude, longitude: longitude, country: country)
        otherRegions[key] = found
        return found
    }

    /// The country of a journal place.
    public func country(of place: Location) -> (code: String, name: String)? {
        country(latitude: place.latitude, longitude: place.longitude)
    }

    /// The first-level region of a journal place; `nil` at sea or where the gazetteer knows none.
    public func region(of place: Location) -> ReverseGeocoder.Region? {
        region(latitude: place.latitude, longitude: place.longitude)
    }

    /// The region of a point, its country looked up first.
    public func region(latitude: Double, longitude: Double) -> ReverseGeocoder.Region? {
        guard let country = country(latitude: latitude, longitude: longitude) else { return nil }
        return region(latitude: latitude, longitude: longitude, country: country.code)
    }

    /// The country's name for a code.
    public func countryName(_ code: String) -> String { geocoder.locator.name(of: code) }

    /// The ISO code of a country typed as its code (`FR`, `fra`) or any name the gazetteer knows for it
    /// (`France`, `Frankreich`, `日本`); `nil` when it names no country.
    public func countryCode(named text: String) -> String? {
        let trimmed = text.trimmed
        if trimmed.count == 2, !geocoder.gazetteer.countryName(trimmed).isEmpty { return trimmed.uppercased() }
        let codes = geocoder.gazetteer.resolveQualifier(NameFolding.fold(trimmed), allowTypos: false).countryCodes
        return codes.count == 1 ? codes.first : codes.sorted().first
    }

    /// The keys (`US.CA`) of the first-level regions a name means, any language the gazetteer knows;
    /// empty when it names none.
    public func regionKeys(named text: String) -> Set<String> {
        geocoder.gazetteer.resolveQualifier(NameFolding.fold(text.trimmed), allowTypos: false).regions
    }
}
