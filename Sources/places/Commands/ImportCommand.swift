import PlacesCommandLine
import PlacesKit
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// `places import FILE... [--format …] [--tag TAG] [--dry-run] [--update]`
enum ImportCommand: PlacesCommand {
    static let formats = ["auto"] + InterchangeFormat.allCases.map(\.rawValue)

    static let name = "import"
    static let spec = CommandSpec(
        name: name, abstract: "Add places from GeoJSON, GPX, KML/KMZ, CSV or Google Takeout files, from geotagged photos and videos, or from Google location history.",
        discussion: """
        Reads GeoJSON (Point features), Google Takeout "Saved Places.json", GPX waypoints, KML and KMZ
        Placemarks (Organic Maps bookmarks, GDAL/QGIS/gpsbabel SchemaData too), CSV with a header row
        (comma, semicolon or tab; latitude/longitude, X/Y or WKT POINT columns in any order; Google Maps
        saved lists), and JSON arrays of places. Files of ours converted by ogr2ogr import whole. The
        format is read from each file's content. All files are read and checked before anything is
        written: one bad file (malformed, a coordinate out of range, a place without a name) stops the
        import, and the journal is left as it was.

        A saved-list row without coordinates in its URL is placed by its title in the gazetteer, tagged
        "approximate" and noted in its description and the summary. A dropped pin (coordinates only) is
        named "Dropped pin near" its nearest town. KML folder names become tags only with --folder-tags.

        A place whose id is already in the journal is skipped (replaced with --update). A place with the
        same name (any case or accents) as one within 100 m is skipped, as `add` would refuse it. The summary says what was added, updated and skipped, and why.

        Photos and videos (JPEG, TIFF, raw, HEIC, PNG, MP4, MOV) and folders of them, searched at any
        depth, make places and visits from where and when each was taken: photos within --radius (200 m)
        of a place's first photo on one day are one visit, the same spot on another day another visit.
        New places are named after the sight they are at, else "Near <town>", and tagged "photos".
        Importing the same photos again adds nothing. Only position and time are read; --verbose lists
        the files skipped (no GPS position, no date, truncated, corrupt).

        Google location history, recognised by its content, makes places and day visits the same way:
        Takeout's Semantic Location History (files or the folder), the phone's Timeline.json, and
        Records.json, where stays of 15 minutes or more within 100 m are visits. Places are tagged
        "location-history"; movements are ignored; files are streamed, so any size is read in little
        memory. Only positions, place names, place ids and times are read; --dry-run shows what would be added.

        EXAMPLES:
          places import ~/Pictures/2024 --dry-run
          places import DCIM --since 2024-05-01 --until 2024-05-31 --tag "Paris 2024"
          places import "Takeout/Location History/Semantic Location History" --since 2019-01-01
          places import Records.json --dry-run
          places import "Saved Places.json" --tag google
          places import bookmarks.kml trip.gpx --dry-run
          places import backup.geojson --update
          places import "Want to go.csv" --tag google
          places import qgis-export.kml --folder-tags
        """,
        options: Options.self)

    struct Options: ParsableOptions {
        @Argument("file", help: "Files to import, or folders of photos and videos or of location history.") var files: [String]
        @Option("--format", "-f", value: "format", help: "The files' format (default: auto, from the content).", choices: formats)
        var format: String?
        @Option("--tag", "-t", value: "tag", help: "Add this tag to every imported place; repeat for several.") var tags: [String]
        @Flag("--dry-run", help: "Report what would happen without changing the journal.") var dryRun: Bool
        @Flag("--update", help: "Replace places whose id is already in the journal.") var update: Bool
        @Flag("--folder-tags", help: "Tag each KML place with the name of the folder it is in.") var folderTags: Bool
        @Flag("--json", help: "Print the summary as JSON: added, updated and skipped places, with reasons.") var json: Bool
        @Flag("--quiet", "-q", help: "Show no progress bar.") var quiet: Bool
        @Option("--since", value: "date", help: "Photos, videos and location history: only those of this day (e.g. 2024-05-01) or later.")
        var since: String?
        @Option("--until", value: "date", help: "Photos, videos and location history: only those of this day or earlier.") var until: String?
        @Option("--radius", value: "distance", help: "Photos and videos: how near a place's first photo others join it (default 200m).")
        var radius: String?
        @Flag("--verbose", help: "Photos and videos: list every file skipped; location history: the first entries skipped, with the reason.") var verbose: Bool
    }

    static func run(_ options: Options, _ context: CommandContext) throws {
        // A pipe can be read once: it is read whole here, and every importer looks at those bytes.
        let contents: [String: [UInt8]]
        do { contents = try InterchangeFiles.readOnceOnly(options.files) } catch let error as ImportError {
            throw CommandFailure(TerminalText.visible("\(error)\nnothing was imported", keepingLineBreaks: true), code: .dataError)
        }
        let inputs = try classify(options.files, contents: contents, formatNamed: options.format != nil)
        try refuseInapplicableOptions(options, kind: inputs.kind)
        switch inputs.kind {
        case .locationHistory: return try LocationHistoryImportCommand.run(inputs, options, context)
        case .photos: return try PhotoImportCommand.run(inputs, options, context, contents: contents)
        case .interchange: break
        }
        let requested = options.format.flatMap { $0 == "auto" ? nil : InterchangeFormat(rawValue: $0) }
        // Progress counts files while they are read (a file is parsed in one go), then places while
        // they are checked against the journal.
        let started = ProgressReporter.monotonicSeconds()
        let reading = context.progress(total: options.files.count, quiet: options.quiet)
        var files: [ImportedFile] = []
        for path in options.files {
            do {
                let file = try Importer.parse(data: try contents[path] ?? InterchangeFiles.read(path), fileName: path, format: requested)
                files.append(file)
                reading.update(files.count)
            } catch let error as ImportError {
                reading.finish()
                var message = "\(error)\nnothing was imported"
                switch error.hint {
                case .sayTheFormat?: message += "\nhint: say which with --format"
                case .useFormat(let format)?: message += "\nhint: try --format \(format.rawValue)"
                case nil: break
                }
                throw CommandFailure(message, code: .dataError)
            }
        }
        reading.finish()
        // Entries without coordinates, and dropped pins, are completed from the gazetteer, only when there are any.
        var approximate: [ImportCompletion.Approximate] = []
        var unplaced = 0
        if files.contains(where: { $0.places.contains { $0.pending != nil } }) {
            (files, approximate, unplaced) = ImportCompletion.complete(files, gazetteer: try GazetteerAccess.gazetteer(context))
        }
        let checking = context.progress(total: files.reduce(0) { $0 + $1.places.count }, startedAt: started, quiet: options.quiet)
        defer { checking.finish() }
        var importOptions = ImportOptions(extraTags: options.tags, updateExisting: options.update, now: Date(), folderTags: options.folderTags)
        let store = try context.store()
        let dryRun = options.dryRun
        // On a terminal, each place that may repeat one under another name is asked about first,
        // against the journal as it is; the answers hold in the locked transaction that follows.
        let asks = !dryRun && !options.json && context.stdinIsTerminal
        if asks {
            let preview = try ImportPlanner.plan(existing: try store.load(), files: files, options: importOptions)
            if !preview.possibleDuplicates.isEmpty { checking.finish() }
            for entry in preview.possibleDuplicates {
                let question = TerminalText.visible("\(entry.origin) \"\(entry.place.name)\" is \(Int(entry.meters.rounded())) m from "
                                                    + "\"\(entry.existing.name)\" (\(entry.existing.shortID)) in your journal. Add it anyway?")
                if !context.confirm(question) { importOptions.leaveOut.insert(entry.origin) }
            }
        }
        let plan: ImportPlan
        if dryRun {
            plan = try ImportPlanner.plan(existing: try store.load(), files: files, options: importOptions, progress: checking.update)
        } else {
            plan = try store.transaction { places in
                let plan = try ImportPlanner.plan(existing: places, files: files, options: importOptions, progress: checking.update)
                places = plan.places
                return plan
            }
        }
        checking.finish()
        if options.json {
            context.say(try PlaceOutput.json(ImportReport(
                dryRun: dryRun, files: files.map { .init(file: $0.fileName, format: $0.format.rawValue, places: $0.places.count) },
                added: plan.added.map { .init(id: $0.idString, name: $0.name) },
                updated: plan.updated.map { .init(id: $0.idString, name: $0.name) },
                skipped: plan.skipped.map { .init(name: $0.place.name, origin: $0.origin, reason: "\($0)") }
                    + plan.unreadable.map { .init(name: nil, origin: nil, reason: "\($0)") },
                approximate: approximate.map { .init(origin: $0.origin, name: $0.name, placedAt: $0.placedAt) },
                possibleDuplicates: plan.possibleDuplicates.map {
                    .init(origin: $0.origin, name: $0.place.name, id: $0.place.idString, existingID: $0.existing.idString,
                          existingName: $0.existing.name, meters: Int($0.meters.rounded()))
                },
                unplaced: unplaced)))
            return
        }
        for file in files {
            context.say("\(TerminalText.visible(file.fileName)): \(file.format), \(file.places.count) place\(file.places.count == 1 ? "" : "s")")
        }
        context.say(TerminalText.visible(plan.summary(dryRun: dryRun, asked: asks), keepingLineBreaks: true))
        if !approximate.isEmpty {
            // Said apart from the counts: these positions are guesses the person should check.
            context.say("\(approximate.count) place\(approximate.count == 1 ? " has" : "s have") no coordinates in the file and "
                        + "\(approximate.count == 1 ? "was" : "were") placed by name (tagged \(ImportCompletion.approximateTag)); check them:")
            for entry in approximate {
                context.say(TerminalText.visible("  \(entry.origin) \"\(entry.name)\": at \(entry.placedAt)"))
            }
        }
        if unplaced > 0 {
            context.say("\(unplaced) place\(unplaced == 1 ? " has" : "s have") no coordinates in the file and no clear match in the gazetteer, "
                        + "so \(unplaced == 1 ? "it was" : "they were") left out (listed above, with the places meant where there are any); "
                        + "add \(unplaced == 1 ? "it" : "them") with `places add NAME --at LAT,LON`")
        }
    }

    /// The one kind of import the paths are, said in the words of the command line when they mix kinds.
    static func classify(_ paths: [String], contents: [String: [UInt8]], formatNamed: Bool) throws -> ImportInputs {
        do {
            return try ImportInputs.classify(paths, contents: contents, formatNamed: formatNamed)
        } catch let error as ImportError {
            throw CommandFailure("\(error)\nnothing was imported", code: .dataError)
        } catch ImportInputs.MixError.notLocationHistory(let other) {
            throw CommandFailure("\(TerminalText.visible(other)) is not Google location history: import location history "
                                 + "on its own, and other files in a separate run\nnothing was imported", code: .usage)
        } catch ImportInputs.MixError.notPhotos(let other, let photo) {
            throw UsageError("\"\(other)\" is not a photo, video or folder, and \"\(photo)\" is: one import reads one kind",
                             hint: "import the photos and the GeoJSON, GPX, KML or CSV files in two runs")
        }
    }

    /// The options that only some kinds of import use, in the order they are checked, and the setting each is.
    static func kindOptions(_ options: Options) -> [(name: String, setting: ImportInputs.Setting, given: Bool)] {
        [("--format", .format, options.format != nil && options.format != "auto"), ("--update", .update, options.update),
         ("--since", .dateRange, options.since != nil), ("--until", .dateRange, options.until != nil),
         ("--radius", .radius, options.radius != nil), ("--verbose", .skippedList, options.verbose),
         ("--folder-tags", .folderTags, options.folderTags)]
    }

    /// Refuses the first option given that the kind of import does not use, naming the option and the kind.
    static func refuseInapplicableOptions(_ options: Options, kind: ImportInputs.Kind) throws {
        for option in kindOptions(options) where option.given && !kind.accepts(option.setting) {
            switch (option.setting, kind) {
            case (_, .interchange): throw UsageError("\(option.name) is for photos and videos, not GeoJSON, GPX, KML or CSV files")
            case (.format, .locationHistory):
                throw UsageError("--format does not apply to Google location history, which is recognised by its content")
            case (.update, .photos): throw UsageError("--update is for GeoJSON, GPX, KML or CSV files, not photos")
            case (.update, .locationHistory): throw UsageError("--update is for GeoJSON, GPX, KML or CSV files, not location history")
            case (.radius, .locationHistory): throw UsageError("--radius is for photos and videos; location history keeps 200 m")
            case (.folderTags, .photos): throw UsageError("--folder-tags is for the folders of KML files, not photos and videos")
            case (.folderTags, .locationHistory): throw UsageError("--folder-tags is for the folders of KML files, not location history")
            default: throw UsageError("\(option.name) does not apply to \(kind == .photos ? "photos and videos" : "Google location history")")
            }
        }
    }

    /// What `import --json` prints.
    struct ImportReport: Encodable {
        struct File: Encodable { var file: String; var format: String; var places: Int }
        struct Place: Encodable { var id: String; var name: String }
        struct Skip: Encodable { var name: String?; var origin: String?; var reason: String }
        struct Approximate: Encodable { var origin: String; var name: String; var placedAt: String }
        var dryRun: Bool
        var files: [File]
        var added: [Place]
        var updated: [Place]
        var skipped: [Skip]
        /// Places without coordinates in the file, placed by their names in the gazetteer.
        var approximate: [Approximate]
        struct PossibleDuplicate: Encodable {
            var origin: String; var name: String; var id: String; var existingID: String; var existingName: String; var meters: Int
        }
        /// Places added that may repeat a place nearby under another name.
        var possibleDuplicates: [PossibleDuplicate]
        /// Places without coordinates left out because no place, or no clear one, has their name (listed in `skipped`).
        var unplaced: Int
    }
}
