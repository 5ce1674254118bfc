import PlacesCommandLine
import PlacesKit
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// `places import` for photos and videos: files and folders (searched at any depth) whose content is
/// JPEG, TIFF, raw, HEIC, PNG, MP4 or MOV. Only where and when each was taken is read.
enum PhotoImportCommand {
    /// Imports the photos and videos classified in `inputs` (options they do not take were refused before).
    static func run(_ inputs: ImportInputs, _ options: ImportCommand.Options, _ context: CommandContext,
                    contents: [String: [UInt8]] = [:]) throws {
        let radiusKm = try options.radius.map(OptionValues.radius) ?? SightingGrouper.defaultRadiusKm
        let days = try dayRange(since: options.since, until: options.until)
        let (files, passedOver) = (inputs.photos, inputs.photosPassedOver)
        let gazetteer = try GazetteerAccess.gazetteer(context)

        let reading = context.progress(total: files.count, quiet: options.quiet || options.json)
        var scan = PhotoScan.scan(files, days: days, contents: contents, progress: reading.update)
        scan.passedOver = passedOver
        reading.finish()

        let store = try context.store()
        let now = Date()
        let plan = try ImportCommand.applySightings(dryRun: options.dryRun, store: store) { places in
            try PhotoImport.plan(scan.sightings, existing: places, radiusKm: radiusKm,
                                 extraTags: options.tags, now: now, gazetteer: gazetteer)
        }
        if options.json {
            context.say(try PlaceOutput.json(Report(scan: scan, plan: plan, dryRun: options.dryRun)))
        } else {
            context.say(TerminalText.visible(summary(scan: scan, plan: plan, dryRun: options.dryRun, verbose: options.verbose),
                                             keepingLineBreaks: true))
        }
    }

    /// `--since` and `--until` as a range of local days (days since 1970), or `nil` for all. Dates are
    /// read as `--on` reads them (`2024-05-01`, `May 2024`, `2024`, `last friday`); a month or a year
    /// covers all its days: `--since 2024-05 --until 2024-05` is all of May.
    static func dayRange(since: String?, until: String?) throws -> ClosedRange<Int>? {
        func days(_ text: String?, _ option: String) throws -> ClosedRange<Int>? {
            guard let text else { return nil }
            let date = try OptionValues.date(text, option: option)
            // A date's first day, from its first moment (midnight UTC of that day).
            func first(_ date: VisitDate) -> Int { Int((date.start.timeIntervalSince1970 / 86_400).rounded(.down)) }
            switch date {
            case .year(let year): return first(date)...(first(.year(year + 1)) - 1)
            case .month(let year, let month):
                let next: VisitDate = month == 12 ? .month(year: year + 1, month: 1) : .month(year: year, month: month + 1)
                return first(date)...(first(next) - 1)
            case .day, .instant: return first(date)...first(date)
            }
        }
        let first = try days(since, "--since"), last = try days(until, "--until")
        if first == nil && last == nil { return nil }
        let range = (first?.lowerBound ?? Int.min / 2, last?.upperBound ?? Int.max / 2)
        guard range.0 <= range.1 else {
            throw UsageError("--since \"\(since!)\" is after --until \"\(until!)\"", hint: "give the earlier day to --since")
        }
        return range.0...range.1
    }

    /// What the import did (or would do, with --dry-run), in lines.
    static func summary(scan: PhotoScan, plan: SightingImportPlan, dryRun: Bool, verbose: Bool) -> String {
        func amount(_ number: Int, _ noun: String) -> String { "\(grouped(number)) \(noun)\(number == 1 ? "" : "s")" }
        var lines: [String] = []
        let verb = dryRun ? "Would add" : "Added"
        for place in plan.created {
            let days = place.visits.map(\.date.journalText)
            let when = days.count == 1 ? days[0] : "\(days.count) visits, \(days.first ?? "") to \(days.last ?? "")"
            lines.append("+ \(place.name)  \(CoordinateFormat.pair(latitude: place.latitude, longitude: place.longitude))  \(when)  (\(place.description))")
        }
        for (place, added) in plan.extended {
            lines.append("~ \(place.name)  +\(amount(added, "visit"))")
        }
        lines.append("Read \(amount(scan.filesRead, "file")): \(grouped(scan.sightings.count)) with a position and a date, "
                     + "\(grouped(scan.skipped.count)) skipped.")
        lines.append("\(verb) \(amount(plan.created.count, "place")) and \(amount(plan.visitsAdded, "visit"))"
                     + (plan.extended.isEmpty ? "" : ", \(grouped(plan.extended.count)) of the places already in the journal")
                     + (plan.visitsAlreadyThere > 0 ? "; \(amount(plan.visitsAlreadyThere, "visit")) already there" : "") + ".")
        if dryRun { lines.append("Nothing was written (--dry-run).") }
        var reasons: [String: Int] = [:]
        for skip in scan.skipped { reasons[skip.reason, default: 0] += 1 }
        for (reason, count) in reasons.sorted(by: { ($1.value, $0.key) < ($0.value, $1.key) }) {
            lines.append("Skipped \(amount(count, "file")): \(reason)")
        }
        var passed: [String: Int] = [:]
        for skip in scan.passedOver { passed[skip.reason, default: 0] += 1 }
        for (reason, count) in passed.sorted(by: { ($1.value, $0.key) < ($0.value, $1.key) }) {
            lines.append("Passed over \(grouped(count)): \(reason)")
        }
        if verbose {
            for skip in scan.skipped + scan.passedOver { lines.append("  \(skip.path): \(skip.reason)") }
        } else if !scan.skipped.isEmpty || !scan.passedOver.isEmpty {
            lines.append("(--verbose lists the skipped files)")
        }
        return lines.joined(separator: "\n")
    }

    /// What `import --json` prints for photos.
    struct Report: Encodable {
        struct Place: Encodable { var id: String; var name: String; var visits: [String] }
        struct Extended: Encodable { var id: String; var name: String; var visitsAdded: Int }
        struct Skip: Encodable { var file: String; var reason: String }
        var dryRun: Bool
        var filesRead: Int
        var sightings: Int
        var created: [Place]
        var extended: [Extended]
        var visitsAdded: Int
        var visitsAlreadyThere: Int
        var skipped: [Skip]
        /// What the folder walk did not read: unreadable or too deep folders, links, undecodable names.
        var passedOver: [Skip]

        init(scan: PhotoScan, plan: SightingImportPlan, dryRun: Bool) {
            self.dryRun = dryRun
            filesRead = scan.filesRead
            sightings = scan.sightings.count
            created = plan.created.map { Place(id: $0.idString, name: $0.name, visits: $0.visits.map(\.date.journalText)) }
            extended = plan.extended.map { Extended(id: $0.place.idString, name: $0.place.name, visitsAdded: $0.visitsAdded) }
            visitsAdded = plan.visitsAdded
            visitsAlreadyThere = plan.visitsAlreadyThere
            skipped = scan.skipped.map { Skip(file: $0.path, reason: $0.reason) }
            passedOver = scan.passedOver.map { Skip(file: $0.path, reason: $0.reason) }
        }
    }
}
