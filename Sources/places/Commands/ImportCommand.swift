import PlacesKit
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// `places import FILE... [--format …] [--tag TAG] [--dry-run] [--update]`
enum ImportCommand: PlacesCommand {
    static let formats = ["auto"] + InterchangeFormat.allCases.map(\.rawValue)

    static let spec = CommandSpec(
        name: "import", abstract: "Add places from GeoJSON, GPX, KML/KMZ, CSV or Google Takeout files.",
        discussion: """
        Reads GeoJSON (Point features), Google Takeout "Saved Places.json", GPX waypoints, KML and KMZ
        Placemarks (Organic Maps bookmarks too), CSV with a header row (comma, semicolon or tab), and
        JSON arrays of places. The format is read from each file's content. All files are read and checked before anything is
        written: one bad file (malformed, a coordinate out of range, a place without a name) stops the
        import, and the journal is left as it was.

        A place whose id is already in the journal is skipped (replaced with --update). A place with the
        same name as one within 50 m is skipped. The summary says what was added, updated and skipped, and why.

        EXAMPLES:
          places import "Saved Places.json" --tag google
          places import bookmarks.kml trip.gpx --dry-run
          places import backup.geojson --update
        """,
        arguments: [ArgumentSpec("file", help: "Files to import.", variadic: true)],
        options: [
            .option("--format", "-f", value: "format", help: "The files' format (default: auto, from the content).", choices: formats),
            .option("--tag", "-t", value: "tag", help: "Add this tag to every imported place; repeat for several.", repeatable: true),
            .flag("--dry-run", help: "Report what would happen without changing the journal."),
            .flag("--update", help: "Replace places whose id is already in the journal."),
        ])

    static func run(_ arguments: ParsedArguments, _ context: CommandContext) throws {
        let requested = arguments.value("--format").flatMap { $0 == "auto" ? nil : InterchangeFormat(rawValue: $0) }
        var files: [ImportedFile] = []
        for path in arguments.positionals {
            do {
                let file = try Importer.parse(data: try InterchangeFiles.read(path), fileName: path, format: requested)
                files.append(file)
            } catch let error as ImportError {
                throw CommandFailure("\(error)\nnothing was imported", code: .dataError)
            }
        }
        let options = ImportOptions(
            extraTags: arguments.all("--tag"), updateExisting: arguments.flag("--update"), now: Date())
        let store = try context.store()
        let dryRun = arguments.flag("--dry-run")
        let plan: ImportPlan
        if dryRun {
            plan = try ImportPlanner.plan(existing: try store.load(), files: files, options: options)
        } else {
            plan = try store.transaction { places in
                let plan = try ImportPlanner.plan(existing: places, files: files, options: options)
                places = plan.places
                return plan
            }
        }
        for file in files {
            context.say("\(file.fileName): \(file.format), \(file.places.count) place\(file.places.count == 1 ? "" : "s")")
        }
        context.say(plan.summary(dryRun: dryRun))
    }
}
