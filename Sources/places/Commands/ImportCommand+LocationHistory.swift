import PlacesCommandLine
import PlacesKit
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// `places import` of Google location history: Takeout's Semantic Location History (files or the
/// folder), the phone's Timeline.json, and Records.json. Files are streamed, so a file of
/// hundreds of megabytes costs little memory; every file is read before anything is written.
enum LocationHistoryImportCommand {
    /// Imports the location history classified in `inputs`, and the photos in its folders (options
    /// they do not take were refused before).
    static func run(_ inputs: ImportInputs, _ options: ImportCommand.Options, _ context: CommandContext) throws {
        let found = inputs.history
        // The same days as for photos: local days, both ends included.
        let days = try PhotoImportCommand.dayRange(since: options.since, until: options.until)
        let gazetteer = try GazetteerAccess.gazetteer(context)
        // Progress is bytes read across all the files, so one huge Records.json moves the bar smoothly.
        let total = found.inputs.reduce(0) { $0 + $1.size }
        let progress = context.progress(total: total > 0 ? total : nil, unit: .bytes, quiet: options.quiet || options.json)
        var sightings: [Sighting] = []
        var summaries: [LocationHistorySummary] = []
        var done = 0
        for input in found.inputs {
            do {
                let summary = try input.bytes.map { bytes in
                    try LocationHistoryReader.read(bytes: bytes, name: input.path, days: days) { sightings.append($0) }
                } ?? LocationHistoryReader.read(path: input.path, name: input.path, days: days,
                                                progress: { progress.update(done + $0) }) { sightings.append($0) }
                done += summary.bytes
                summaries.append(summary)
            } catch let error as ImportError {
                progress.finish()
                throw CommandFailure(TerminalText.visible("\(error)\nnothing was imported", keepingLineBreaks: true), code: .dataError)
            }
        }
        progress.finish()
        // Photos and videos in a folder named beside its history (a Takeout with Google Photos) are
        // imported too, in the same step: never passed over without a word.
        let photos = photosBeside(inputs, days: days, quiet: options.quiet || options.json, context)

        let store = try context.store()
        let now = Date()
        var historyPlan: SightingImportPlan?, photoPlan: SightingImportPlan?
        _ = try ImportCommand.applySightings(dryRun: options.dryRun, store: store) { places in
            let history = try LocationHistoryImport.plan(sightings, existing: places, extraTags: options.tags, now: now, gazetteer: gazetteer)
            historyPlan = history
            guard let photos else { return history }
            let fromPhotos = try PhotoImport.plan(photos.sightings, existing: history.places, extraTags: options.tags, now: now,
                                                  gazetteer: gazetteer)
            photoPlan = fromPhotos
            return history.followed(by: fromPhotos)
        }
        guard let plan = historyPlan else { return }
        for note in found.notes { context.note(TerminalText.visible(note)) }
        if options.json {
            var json = Report(summaries: summaries, plan: plan, dryRun: options.dryRun)
            if let photos, let photoPlan { json.photos = PhotoImportCommand.Report(scan: photos, plan: photoPlan, dryRun: options.dryRun) }
            context.say(try PlaceOutput.json(json))
        } else {
            context.say(TerminalText.visible(report(summaries, plan: plan, dryRun: options.dryRun, verbose: options.verbose),
                                             keepingLineBreaks: true))
            if let photos, let photoPlan {
                context.say("Photos and videos beside the location history:")
                context.say(TerminalText.visible(PhotoImportCommand.summary(scan: photos, plan: photoPlan, dryRun: options.dryRun,
                                                                            verbose: options.verbose), keepingLineBreaks: true))
            }
        }
    }

    /// The photos and videos in the folders named beside the history, read, or `nil` when there are none.
    private static func photosBeside(_ inputs: ImportInputs, days: ClosedRange<Int>?, quiet: Bool,
                                     _ context: CommandContext) -> PhotoScan? {
        guard !inputs.photos.isEmpty else { return nil }
        let reading = context.progress(total: inputs.photos.count, quiet: quiet)
        var scan = PhotoScan.scan(inputs.photos, days: days, progress: reading.update)
        reading.finish()
        scan.passedOver = inputs.photosPassedOver
        return scan
    }

    /// The summary: per file what was read and found, then what was ignored and skipped and why,
    /// then what the journal gained.
    static func report(_ summaries: [LocationHistorySummary], plan: SightingImportPlan, dryRun: Bool, verbose: Bool) -> String {
        var lines: [String] = []
        for summary in summaries {
            var line = "\(summary.file): \(summary.shape), "
            switch summary.shape {
            case .records:
                line += "\(count(summary.entries, "point")) read, \(count(summary.stays, "stay")) of 15 minutes or more found"
            case .semantic, .timeline:
                line += "\(count(summary.entries, "entry", "entries")) read, \(count(summary.visits, "visit"))"
            }
            let ignored = summary.ignored.sorted { $0.key < $1.key }.map { $0.key.counted($0.value) }
            if !ignored.isEmpty { line += " (ignored: \(ignored.joined(separator: ", ")))" }
            lines.append(line)
            for note in summary.notes { lines.append("  \(note)") }
            if summary.outsideDates > 0 {
                lines.append("  \(count(summary.outsideDates, summary.shape == .records ? "stay" : "visit")) outside --since/--until, left out")
            }
            if summary.skippedCount > 0 {
                lines.append("  skipped \(count(summary.skippedCount, "entry", "entries")):")
                for (reason, number) in summary.skipped.sorted(by: { ($1.value, $0.key) < ($0.value, $1.key) }) {
                    lines.append("    \(grouped(number)) \(reason)")
                }
                let listed = summary.skippedExamples.prefix(verbose ? LocationHistorySummary.maximumExamples : 3)
                for example in listed { lines.append("    \(example.item): \(example.reason)") }
                if summary.skippedCount > listed.count {
                    lines.append(verbose ? "    (the first \(listed.count) are listed)" : "    (--verbose lists the first \(LocationHistorySummary.maximumExamples))")
                }
            }
        }
        for place in plan.created {
            let days = place.visits.map(\.date.journalText)
            let when = days.count == 1 ? days[0] : "\(days.count) visits, \(days.first ?? "") to \(days.last ?? "")"
            lines.append("+ \(place.name)  \(CoordinateFormat.pair(latitude: place.latitude, longitude: place.longitude))  \(when)")
        }
        for (place, added) in plan.extended {
            lines.append("~ \(place.name)  +\(count(added, "visit"))")
        }
        lines.append("\(dryRun ? "Would add" : "Added") \(count(plan.created.count, "place")) and \(count(plan.visitsAdded, "visit"))"
                     + (plan.extended.isEmpty ? "" : ", \(count(plan.extended.count, "place")) already in the journal gaining visits")
                     + (plan.visitsAlreadyThere > 0 ? "; \(count(plan.visitsAlreadyThere, "visit")) already there" : "") + ".")
        if dryRun { lines.append("Nothing was written (--dry-run).") }
        return lines.joined(separator: "\n")
    }

    /// What `import --json` prints for location history.
    struct Report: Encodable {
        struct File: Encodable {
            var file: String
            var shape: String
            var entries: Int
            var visits: Int
            var stays: Int
            var outsideDates: Int
            var ignored: [String: Int]
            var skipped: [String: Int]
        }
        struct Place: Encodable { var id: String; var name: String; var visits: [String] }
        struct Extended: Encodable { var id: String; var name: String; var visitsAdded: Int }
        var dryRun: Bool
        var files: [File]
        var created: [Place]
        var extended: [Extended]
        var visitsAdded: Int
        var visitsAlreadyThere: Int
        /// The photos and videos in the folders named, imported in the same step; absent when there were none.
        var photos: PhotoImportCommand.Report?

        init(summaries: [LocationHistorySummary], plan: SightingImportPlan, dryRun: Bool) {
            self.dryRun = dryRun
            files = summaries.map {
                File(file: $0.file, shape: $0.shape.rawValue, entries: $0.entries, visits: $0.visits, stays: $0.stays,
                     outsideDates: $0.outsideDates,
                     ignored: Dictionary(uniqueKeysWithValues: $0.ignored.map { ($0.key.plural, $0.value) }), skipped: $0.skipped)
            }
            created = plan.created.map { Place(id: $0.idString, name: $0.name, visits: $0.visits.map(\.date.journalText)) }
            extended = plan.extended.map { Extended(id: $0.place.idString, name: $0.place.name, visitsAdded: $0.visitsAdded) }
            visitsAdded = plan.visitsAdded
            visitsAlreadyThere = plan.visitsAlreadyThere
        }
    }

    static func count(_ number: Int, _ singular: String, _ plural: String? = nil) -> String {
        "\(grouped(number)) \(number == 1 ? singular : plural ?? singular + "s")"
    }
}
