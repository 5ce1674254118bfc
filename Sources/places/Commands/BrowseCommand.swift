import PlacesCommandLine
import PlacesKit
import PlacesTerminal
#if canImport(Glibc)
import Glibc
#endif

/// `places browse [--around PLACE|LAT,LON [--radius R]] [--tag TAG]... [--visited|--unvisited] [--no-context]`:
/// a full-screen map of the journal to pan, zoom, search and pin on.
enum BrowseCommand: PlacesCommand {
    static let name = "browse"
    static let spec = CommandSpec(
        name: name, abstract: "A full-screen map in the terminal: pan, zoom, search, add and change places.",
        usage: "[--around <place> [--radius <distance>]] [--tag <tag> ...] [--visited | --unvisited] [--no-context]",
        discussion: """
        Takes the terminal until you quit (q or Ctrl-C) and gives it back as it was. The map shows the
        outlines at the scale of the view, the streets of added regions, the gazetteer's names and your
        places: ● visited, ○ want to go, in tag colours (NO_COLOR turns colour off). A side list of the
        places in view is shown from 100 columns. Another places changing the journal meanwhile is
        noticed and read in; every change browse makes is one journal transaction, checked as the
        commands check it.

        KEYS:
          arrows, h j k l   pan             + or =, -   zoom      mouse: drag pans, wheel zooms
          0                 show all your places
          Tab, Shift-Tab    select the next, previous place in view; Enter shows its details
          /                 search your places, the gazetteer and regions; Enter flies there
          a                 add a place at the search result or the crosshair
          e, E              edit the selected place in a form, or in $EDITOR
          v                 record a visit today        d then y   remove it
          u                 undo browse's last change   f          filter by tag, visited or wanted
          ?                 every key                   Ctrl-Z     suspend (fg comes back)

        EXAMPLES:
          places browse
          places browse --around Vienna --radius 5km
          places browse --tag food --unvisited
        """,
        options: Options.self)

    struct Options: ParsableOptions {
        var filter = PinFilterOptions()
        @Option("--around", value: "place", help: "Start around this point or place: 48.8566,2.3522, Paris, one of your places.")
        var around: String?
        @Option("--radius", value: "distance", help: "With --around: how far around to show at first, e.g. 5km (default 50km).")
        var radius: String?
        @Flag("--no-context", help: "Leave out the gazetteer's towns, seas and ranges.") var noContext: Bool
    }

    static func run(_ arguments: Options, _ context: CommandContext) throws {
        guard TerminalSession.isTerminal() else {
            throw UsageError("browse needs a terminal: standard input and output must both be one",
                             hint: "for a drawing in a pipe or a file use `places map --terminal` or `places map -o map.svg`")
        }
        let query = try arguments.filter.query()
        let journal = try BrowseJournal(store: try context.store())
        // The gazetteer (with the region packs) is opened once: every search and `where` uses it.
        let gazetteer = try GazetteerAccess.gazetteer(context)
        let geocoder = ReverseGeocoder(gazetteer: gazetteer)
        var centre: MapCoordinate?
        var radiusKm = MapFilter.defaultRadiusKm
        if let around = arguments.around {
            centre = try MapCommand.centre(around) { name in
                let candidate = try PlaceResolver(gazetteer: gazetteer, journal: journal.places).best(name).place
                return (MapCoordinate(latitude: candidate.latitude, longitude: candidate.longitude), name: candidate.name)
            }.point
            if let radius = arguments.radius { radiusKm = try OptionValues.radius(radius) }
        } else if arguments.radius != nil {
            throw UsageError("--radius needs --around", hint: "e.g. --around 48.8566,2.3522 --radius 5km")
        }
        var options = MapOptions(showsLabels: true, showsContext: !arguments.noContext)
        options.regions = MapRegions(RegionStore.installed(dataDirectory: StorePath.directory(of: try context.storePath())).packs)

        let session = TerminalSession()
        let size = session.size()
        let map = BrowseScreen.mapSize(columns: size.columns, rows: size.rows)
        let filter = MapFilter(tags: query.tags, visited: query.visited)
        // Without --around the view is fitted to the shown places, which the model filters once for
        // the map as well (`0`'s work).
        let view = centre.map { BrowseView(around: $0, radiusKm: radiusKm, dotWidth: map.columns * 2, dotHeight: map.rows * 4) }
            ?? BrowseView(centreX: 0.5, centreY: 0.5, unitsPerDot: 1)
        let model = BrowseModel(journal: journal, view: view, filter: filter,
                                searcher: { PlaceResolver(gazetteer: gazetteer, journal: journal.places).candidates(for: $0, limit: 8).candidates },
                                nearestTown: { geocoder.locate(latitude: $0.latitude, longitude: $0.longitude).nearest?.entry.name })
        model.mapColumns = map.columns
        model.mapRows = map.rows
        if centre == nil { model.showAll() }
        model.status = "? shows every key"
        // The names at world and continent scale are gathered once a band for the whole world: a zoom
        // there then costs no walk over the gazetteer.
        let contextIndex = MapContextIndex(gazetteer: gazetteer, limit: 300)
        let screenDrawer = BrowseScreen(
            usesColor: context.style.enabled || (context.environment["NO_COLOR"] == nil && !context.common.noColor && context.environment["TERM"] != "dumb"),
            ascii: !isUTF8Locale(context.environment), options: options,
            whereText: { point in
                let lines = WhereCommand.text(geocoder.locate(latitude: point.latitude, longitude: point.longitude)).split(separator: "\n")
                return lines.prefix(2).joined(separator: ", ")
            },
            contextNames: { contextIndex.candidates(for: $0) })

        do { try session.start() } catch { throw CommandFailure("\(error)") }
        defer { session.restore() }
        try loop(session: session, model: model, drawer: screenDrawer, store: journal.store, context: context)
    }

    /// Reads keys and signals until `q`, drawing after each change and reading the journal again
    /// about once a second.
    private static func loop(session: TerminalSession, model: BrowseModel, drawer: BrowseScreen, store: JournalStore,
                             context: CommandContext) throws {
        var size = session.size()
        var screen = ScreenBuffer(columns: size.columns, rows: size.rows)
        var lastCheck = ProgressReporter.monotonicSeconds()
        var dirty = true
        // The first frame shows the map and the places at once; the gazetteer's names for the whole
        // view follow in a second frame.
        drawer.draw(model, into: &screen, quick: true)
        session.write(screen.frame())
        dirty = drawer.leftOut
        while true {
            if dirty {
                drawer.draw(model, into: &screen)
                session.write(screen.frame())
                dirty = false
            }
            switch session.next(timeout: 500) {
            case .keys(let keys):
                for key in keys {
                    dirty = true
                    switch model.handle(key) {
                    case .none: break
                    case .quit: return
                    case .redraw: screen.invalidate()
                    case .suspend:
                        session.suspend()
                        screen.invalidate()
                    case .openEditor(let id):
                        do {
                            guard let original = try model.journal.place(id) else { continue }
                            let result = try session.whileReleased { try EditCommand.editAndSave(original, store: store, context) }
                            model.editorFinished(before: result?.before, after: result?.after,
                                                 message: result.map { "Saved \($0.after.name)" } ?? "No changes")
                        } catch {
                            model.editorFinished(before: nil, after: nil, message: "\(error)")
                        }
                        screen.invalidate()
                    }
                }
            case .resized:
                size = session.size()
                screen.resize(columns: size.columns, rows: size.rows)
                dirty = true
            case .resumed:
                screen.invalidate()
                dirty = true
            case .timeout: break
            }
            if ProgressReporter.monotonicSeconds() - lastCheck >= 1 {
                lastCheck = ProgressReporter.monotonicSeconds()
                if model.tick() { dirty = true }
            }
        }
    }

    /// Whether the locale's character set is UTF-8 (`LC_ALL`, else `LC_CTYPE`, else `LANG`).
    static func isUTF8Locale(_ environment: [String: String]) -> Bool {
        let value = [environment["LC_ALL"], environment["LC_CTYPE"], environment["LANG"]].compactMap { $0 }.first { !$0.isEmpty } ?? ""
        let upper = value.uppercased()
        return upper.contains("UTF-8") || upper.contains("UTF8")
    }
}
