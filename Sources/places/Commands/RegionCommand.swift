import PlacesCommandLine
import PlacesKit
#if canImport(Glibc)
import Glibc
#endif

/// `places region add FILE [--name NAME] [--replace] | list [--json] | info NAME [--json] | remove NAME`
enum RegionCommand: PlacesCommand {
    static let name = "region"
    static let spec = CommandSpec(
        name: name, abstract: "Add, list or remove OpenStreetMap regions: their streets, addresses and points of interest.",
        usage: "(add <region file> [--name <name>] [--replace] | list [--json] | info <region> [--json] | remove <region>)",
        discussion: """
        A region is an OpenStreetMap extract (.osm.pbf, or .osm XML) compiled into a compact pack in the
        journal's data directory. Its named points of interest (cafés, shops, stations, museums…), streets,
        house addresses and postcodes are then found by search, add, --in, near and where, offline, beside
        the gazetteer's towns. Extracts come from Geofabrik (download.geofabrik.de), BBBike, or
        `osmium extract` of a larger file.

        Map data © OpenStreetMap contributors, available under the Open Database Licence (ODbL 1.0).

        EXAMPLES:
          places region add monaco-latest.osm.pbf
          places region add greater-london-latest.osm.pbf --name london
          places region list
          places region info monaco --json
          places region remove monaco
        """,
        options: Options.self)

    struct Options: ParsableOptions {
        @Argument("action", help: "add, list, info or remove.", choices: ["add", "list", "info", "remove"]) var action: String
        @Argument("region", help: "The extract to add (.osm.pbf or .osm), or the name of an added region.") var target: String?
        @Option("--name", value: "name", help: "With add: the region's name (default: from the file's name).") var regionName: String?
        @Flag("--replace", help: "With add: replace a region of the same name.") var replace: Bool
        @Flag("--json", help: "With list and info: print JSON.") var json: Bool
        @Flag("--quiet", "-q", help: "With add: show no progress bar.") var quiet: Bool
    }

    /// What `region list --json` and `region info --json` print for a region.
    struct Report: Encodable {
        var name: String
        var file: String
        var source: String
        var bounds: [Double]?
        var extractDate: String?
        var pointsOfInterest: Int
        var streets: Int
        var addresses: Int
        var postcodes: Int
        var packBytes: Int
        var licence: String

        init(_ pack: RegionPack) {
            name = pack.name
            file = pack.path
            source = pack.infoValue("source") ?? ""
            bounds = pack.bounds.map { [$0.minLatitude, $0.minLongitude, $0.maxLatitude, $0.maxLongitude] }
            extractDate = pack.infoValue("extractDate")
            pointsOfInterest = pack.count("pointsOfInterest")
            streets = pack.count("streets")
            addresses = pack.count("addresses")
            postcodes = pack.count("postcodes")
            packBytes = pack.size
            licence = RegionPack.credit
        }
    }

    static func run(_ options: Options, _ context: CommandContext) throws {
        let dataDirectory = StorePath.directory(of: try context.storePath())
        do {
            switch options.action {
            case "add": try add(options, context, dataDirectory: dataDirectory)
            case "list":
                guard options.target == nil else { throw UsageError("`list` takes no argument", hint: "places region info NAME shows one region") }
                let (packs, damaged) = RegionStore.installed(dataDirectory: dataDirectory)
                for error in damaged { context.note("warning: " + explained(error)) }
                if options.json {
                    context.say(try PlaceOutput.json(packs.map(Report.init)))
                    return
                }
                guard !packs.isEmpty else {
                    context.say("No region added. `places region add FILE.osm.pbf` adds an OpenStreetMap extract.")
                    return
                }
                for pack in packs { context.say(summaryLine(pack)) }
                context.say("Map data " + RegionPack.credit)
            case "info":
                guard let name = options.target else { throw UsageError("missing <name>", hint: "e.g. places region info monaco") }
                let pack = try find(name, dataDirectory: dataDirectory)
                if options.json {
                    context.say(try PlaceOutput.json(Report(pack)))
                    return
                }
                let report = Report(pack)
                context.say("Region: \(pack.name)")
                context.say("File: \(pack.path) (\(sizeText(pack.size)))")
                context.say("Source: \(report.source)" + (pack.infoValue("writingProgram").map { $0.isEmpty ? "" : ", written by \($0)" } ?? ""))
                if let box = pack.bounds { context.say("Bounds: " + boundsText(box)) }
                context.say("Extract date: " + (report.extractDate ?? "not given by the file"))
                context.say("Counts: points of interest \(grouped(report.pointsOfInterest)), streets \(grouped(report.streets)), "
                            + "addresses \(grouped(report.addresses)), postcodes \(grouped(report.postcodes))")
                let skipped = pack.count("skippedWays")
                if skipped > 0 { context.say("Skipped: \(grouped(skipped)) ways with nodes outside the extract") }
                context.say("Licence: map data " + RegionPack.credit)
            case "remove":
                guard let name = options.target else { throw UsageError("missing <name>", hint: "e.g. places region remove monaco") }
                // A pack that cannot be opened (damaged, or of an older format) can still be removed.
                try RegionStore.remove(name: name, dataDirectory: dataDirectory)
                context.say("Removed the region \(name).")
            default:
                throw UsageError("unknown region action \"\(options.action)\"", hint: "use add, list, info or remove")
            }
        } catch let error as RegionError {
            switch error {
            case .notFound, .nameInUse, .invalidName: throw CommandFailure(error.description, code: .failure)
            case .unreadableExtract(let cause) where cause.offset == nil && cause.position == nil:
                throw CommandFailure(error.description, code: .noInput)
            default: throw CommandFailure(explained(error), code: .dataError)
            }
        }
    }

    /// A region error as `places` prints it: the library's message, then its remedy worded with the command
    /// that applies it.
    static func explained(_ error: RegionError) -> String {
        let hint: String? = switch error.remedy {
        case .addExtractAgain(let name, let source):
            "rebuild it from its extract: `places region add \(source ?? "FILE.osm.pbf") --name \(name) --replace`"
        case .splitExtract:
            "cut the extract into smaller ones (`osmium extract`) and add each as a region of its own"
        case nil: nil
        }
        return error.description + (hint.map { "\nhint: " + $0 } ?? "")
    }

    static func add(_ options: Options, _ context: CommandContext, dataDirectory: String) throws {
        guard let file = options.target else { throw UsageError("missing <file>", hint: "e.g. places region add monaco-latest.osm.pbf") }
        let name = options.regionName ?? RegionStore.defaultName(forFile: file)
        guard RegionStore.isValidName(name) else { throw UsageError(RegionError.invalidName(name).description, hint: "choose one with --name") }
        // A missing or unreadable extract is named before anything is asked or written.
        if let problem = unreadableReason(file) { throw CommandFailure("cannot read the extract \(file): \(problem)", code: .noInput) }
        var replace = options.replace
        if !replace, FileSystem.info(RegionStore.path(of: name, dataDirectory: dataDirectory)) != nil {
            guard context.stdinIsTerminal else {
                throw CommandFailure("a region called \"\(name)\" is already added\nhint: pass --replace to replace it, or --name to add it beside")
            }
            guard context.confirm("A region called \"\(name)\" is already added. Replace it?") else { throw CommandFailure("nothing added") }
            replace = true
        }
        let size = GazetteerCommand.fileSize(file)
        let progress = context.progress(total: size > 0 ? size : nil, unit: .bytes, quiet: options.quiet)
        defer { progress.finish() }
        let summary = try RegionStore.add(file: file, name: name, replace: replace, dataDirectory: dataDirectory,
                                          gazetteer: try GazetteerAccess.gazetteer(context), progress: progress.update)
        progress.finish()
        let pack = summary.pack
        context.say((summary.replaced ? "Replaced" : "Added") + " the region \(pack.name): "
                    + "\(grouped(pack.count("pointsOfInterest"))) points of interest, \(grouped(pack.count("streets"))) streets, "
                    + "\(grouped(pack.count("addresses"))) addresses (\(sizeText(pack.size)))")
        if summary.skippedWays > 0 || summary.skippedRelations > 0 {
            context.note("Skipped \(grouped(summary.skippedWays)) ways and \(grouped(summary.skippedRelations)) relations whose nodes or members are not in the extract.")
        }
        context.say("Map data " + RegionPack.credit)
    }

    /// Why a file cannot be read as an extract (it is missing, a folder, or not readable), or `nil`.
    static func unreadableReason(_ file: String) -> String? {
        do throws(FileError) {
            return try ReadableFile(file, accepting: .anything).info.kind == .directory ? "it is a folder, not a file" : nil
        } catch {
            return error.reason
        }
    }

    static func find(_ name: String, dataDirectory: String) throws -> RegionPack {
        let (packs, damaged) = RegionStore.installed(dataDirectory: dataDirectory)
        if let pack = packs.first(where: { $0.name == name }) { return pack }
        if let error = damaged.first(where: { "\($0)".contains("/\(name).region") }) { throw error }
        throw RegionError.notFound(name: name, installed: packs.map(\.name))
    }

    static func summaryLine(_ pack: RegionPack) -> String {
        "\(pack.name)  " + (pack.bounds.map(boundsText) ?? "") + "  \(grouped(pack.count("streets"))) streets, "
            + "\(grouped(pack.count("addresses"))) addresses, \(grouped(pack.count("pointsOfInterest"))) points of interest, "
            + sizeText(pack.size) + (pack.infoValue("extractDate").map { ", data of \($0.prefix(10))" } ?? "")
    }

    static func boundsText(_ box: GeoBounds) -> String {
        "\(CoordinateFormat.plain(box.minLatitude)),\(CoordinateFormat.plain(box.minLongitude)) to "
            + "\(CoordinateFormat.plain(box.maxLatitude)),\(CoordinateFormat.plain(box.maxLongitude))"
    }

    static func sizeText(_ bytes: Int) -> String {
        bytes >= 1_048_576 ? "\(CoordinateFormat.fixed(Double(bytes) / 1_048_576, decimals: 1)) MB"
            : "\(grouped((bytes + 1023) / 1024)) KB"
    }
}
