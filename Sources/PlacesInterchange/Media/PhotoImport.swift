#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import PlacesCore
import PlacesGeo

/// Photo and video import from end to end, after the files are read (``PhotoScan``): group the
/// sightings into places and visits, name the new places, plan their addition to the journal.
public enum PhotoImport {
    /// The tag of places made from photos, and what finds them again on the next import.
    public static let tag = "photos"

    /// Plans adding the scan's sightings to `existing` (nothing is written here).
    /// - Parameters:
    ///   - radiusKm: photos within this distance of a place's first photo are that place.
    ///   - extraTags: more tags for the places made.
    /// - Throws: ``LocationValidationError`` when a place made breaks a rule of the journal.
    public static func plan(_ sightings: [Sighting], existing: [Location], radiusKm: Double = SightingGrouper.defaultRadiusKm,
                            extraTags: [String] = [], now: Date = Date(), gazetteer: Gazetteer) throws -> SightingImportPlan {
        let groups = SightingGrouper(radiusKm: radiusKm).group(sightings, existing: existing, sourceTag: tag)
        let namer = SightingNamer(gazetteer: gazetteer)
        return try SightingImporter(sourceTag: tag, extraTags: extraTags, now: now)
            .plan(groups, existing: existing, name: namer.name(for:), describe: describe)
    }

    /// A new place's description: how many photos and videos, and the first and last file names,
    /// e.g. "14 photos and 1 video, from IMG_0101.HEIC to IMG_0115.MOV".
    public static func describe(_ place: SightingPlace) -> String {
        let files = place.sightings.map { fileName($0.sourceItem) }
        let videos = place.sightings.filter { isVideo($0.sourceItem) }.count
        let photos = files.count - videos
        var text = [photos > 0 ? counted(photos, "photo") : nil, videos > 0 ? counted(videos, "video") : nil]
            .compactMap { $0 }.joined(separator: " and ")
        if let first = files.first, let last = files.last {
            text += first == last || files.count == 1 ? ", \(first)" : ", from \(first) to \(last)"
        }
        return text
    }

    /// The last part of a path, its control characters written as escapes (`\\u{7}`): a file may be
    /// named anything, a description is text.
    private static func fileName(_ path: String) -> String {
        TerminalText.visible(path.split(separator: "/").last.map(String.init) ?? path)
    }

    private static func isVideo(_ path: String) -> Bool {
        guard let dot = path.lastIndex(of: ".") else { return false }
        return ["mp4", "m4v", "mov", "qt", "3gp", "3g2"].contains(path[path.index(after: dot)...].lowercased())
    }
}
