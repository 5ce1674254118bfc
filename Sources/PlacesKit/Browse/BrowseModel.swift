import PlacesTerminal
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import PlacesCore
import PlacesInterchange
import PlacesMap

/// Everything `places browse` knows and does, key by key, without a terminal: the view, the
/// selection, the panels and forms, and the journal changes they make. ``BrowseScreen`` draws it.
public final class BrowseModel {
    /// What has the keys.
    public enum Mode: Equatable, Sendable {
        case map, search, form, details, help, filter
        /// `d` was pressed: `y` removes the selected place, anything else keeps it.
        case confirmRemove
    }

    /// What the caller must do after a key.
    public enum Effect: Equatable, Sendable {
        case none, quit, suspend
        /// Ctrl-L: draw the whole screen again (after another program wrote over it).
        case redraw
        /// `E`: open the place in `$EDITOR` (the `edit` command's flow), then ``editorFinished(before:after:)``.
        case openEditor(UUID)
    }

    /// The search line and its results.
    public struct Search: Sendable {
        public var text = ""
        public var results: [PlaceCandidate] = []
        public var chosen = 0
    }

    /// The result a search flew to, marked `✚` on the map: `a` adds a place there.
    public struct Mark: Sendable, Equatable {
        public var name: String
        public var coordinate: MapCoordinate
    }

    public let journal: BrowseJournal
    public var view: BrowseView
    /// Which places are shown (`f`, `--tag`, `--visited`).
    public var filter: MapFilter
    public private(set) var mode: Mode = .map
    public private(set) var selection: UUID?
    public private(set) var search = Search()
    public internal(set) var form: BrowseForm?
    public private(set) var mark: Mark?
    /// The filter line while `f` is open.
    public private(set) var filterText = ""
    /// The outcome of the last action ("Added Café Sacher").
    public var status = ""
    /// The map's size in cells (the screen sets it from the terminal's size).
    public var mapColumns = 80, mapRows = 23

    /// Finds candidates for the search line: your places, the gazetteer, region packs.
    let searcher: (String) -> [PlaceCandidate]
    /// The nearest town's name, for a new place's name ("Near Kotka").
    let nearestTown: (MapCoordinate) -> String?
    private let today: () -> VisitDate
    private var dragFrom: (column: Int, row: Int)?

    public init(journal: BrowseJournal, view: BrowseView, filter: MapFilter = MapFilter(),
                searcher: @escaping (String) -> [PlaceCandidate], nearestTown: @escaping (MapCoordinate) -> String?,
                today: @escaping () -> VisitDate = { (try? VisitDateReader().read("today")) ?? VisitDate(Date()) }) {
        self.journal = journal
        self.view = view
        self.filter = filter
        self.searcher = searcher
        self.nearestTown = nearestTown
        self.today = today
    }

    // MARK: - What is shown

    /// The places that pass the filter, in journal order.
    public var shownPlaces: [Location] { shown().places }

    /// The viewport of the map area.
    public var viewport: MapViewport { view.viewport(dotWidth: mapColumns * 2, dotHeight: mapRows * 4) }

    /// The shown places inside the view, nearest the centre first.
    public func placesInView() -> [Location] { inView().places }

    /// The shown places with their world positions, worked out once for each journal generation and
    /// filter: a frame then only moves and scales the positions (the projection's logarithm is not
    /// taken again for every place on every pan).
    private var shownCache: (generation: Int, filter: MapFilter, places: ShownPlaces)?
    /// The places in view, for one view over the shown places.
    private var inViewCache: (generation: Int, filter: MapFilter, viewport: MapViewport, places: PlacesInView)?

    struct ShownPlaces {
        var places: [Location] = []
        /// Tag colours from every shown place, so a tag keeps its colour while the view moves.
        var palette = TagPalette(locations: [])
        /// World x and y of each place (``MapProjection``), on the first turn of the world.
        var x: [Double] = [], y: [Double] = []
    }

    /// The places in view, nearest the centre first, with their canvas positions in dots. They stay
    /// in the shown places' array: a frame reads the few it names, and copying every place in view
    /// out on each pan was a tenth of its time with the whole journal in view.
    struct PlacesInView {
        /// Every shown place (the array of ``ShownPlaces``, shared, not copied).
        var shown: [Location] = []
        /// Where in `shown` the places in view are, nearest the centre first.
        var order: [Int] = []
        var points: [(x: Double, y: Double)] = []

        var count: Int { order.count }
        /// The place `index` in order from the centre.
        subscript(index: Int) -> Location { shown[order[index]] }
        /// The `count` nearest the centre.
        func prefix(_ count: Int) -> [Location] { order.prefix(count).map { shown[$0] } }
        /// Every place in view, nearest first.
        var places: [Location] { order.map { shown[$0] } }
    }

    func shown() -> ShownPlaces {
        if let cache = shownCache, cache.generation == journal.generation, cache.filter == filter { return cache.places }
        var result = ShownPlaces()
        result.places = filter.apply(to: journal.places)
        // One chosen tag would colour every pin alike: colour by the places' other tags instead.
        result.palette = TagPalette(locations: result.places, excluding: filter.tags.count == 1 ? Set(filter.tags) : [])
        result.x.reserveCapacity(result.places.count)
        result.y.reserveCapacity(result.places.count)
        for place in result.places {
            result.x.append(MapProjection.x(longitude: place.longitude))
            result.y.append(MapProjection.y(latitude: place.latitude))
        }
        shownCache = (journal.generation, filter, result)
        return result
    }

    /// The shown places inside the view, nearest the centre first, each projected once.
    func inView() -> PlacesInView {
        let v = viewport
        if let cache = inViewCache, cache.generation == journal.generation, cache.filter == filter, cache.viewport == v { return cache.places }
        let all = shown()
        let cx = v.width / 2, cy = v.height / 2
        let scaleX = v.scale, scaleY = v.height / (v.maxY - v.minY), centreX = (v.minX + v.maxX) / 2
        var found: [(distance: Double, index: Int, x: Double, y: Double)] = []
        for index in all.places.indices {
            // The copy of the world nearest the view, as MapViewport.point takes it.
            let worldX = all.x[index] + (centreX - all.x[index]).rounded()
            let x = (worldX - v.minX) * scaleX, y = (all.y[index] - v.minY) * scaleY
            guard x >= 0, x < v.width, y >= 0, y < v.height else { continue }
            found.append(((x - cx) * (x - cx) + (y - cy) * (y - cy), index, x, y))
        }
        // Ties keep journal order, so the list and the labels do not depend on the sort's whims.
        found.sort { $0.distance < $1.distance || ($0.distance == $1.distance && $0.index < $1.index) }
        var result = PlacesInView()
        result.shown = all.places
        result.order = found.map(\.index)
        result.points = found.map { ($0.x, $0.y) }
        inViewCache = (journal.generation, filter, v, result)
        return result
    }

    /// The selected place, while it exists (without its description, as ``BrowseJournal/places``).
    public var selected: Location? {
        guard let selection else { return nil }
        return journal.places.first { $0.id == selection }
    }

    /// The selected place in full, for its details and its form: as the journal reads it, or as
    /// ``selected`` when the journal cannot be read in full just now (the next reload says why).
    public var selectedInFull: Location? {
        guard let place = selected else { return nil }
        return (try? journal.place(place.id)) ?? place
    }

    // MARK: - Keys

    /// Handles one key, paste or mouse report.
    public func handle(_ key: Key) -> Effect {
        switch mode {
        case .map: return mapKey(key)
        case .search: searchKey(key)
        case .form: formKey(key)
        case .filter: filterKey(key)
        case .details, .help:
            if key == .control("c") { return .quit }
            mode = .map
        case .confirmRemove:
            mode = .map
            if key == .character("y"), let place = selected {
                perform { let removed = try journal.remove(place.id); selection = nil; return "Removed \(removed.name)" }
            } else {
                status = "Nothing removed"
            }
        }
        return .none
    }

    private func mapKey(_ key: Key) -> Effect {
        let stepX = Double(max(mapColumns / 8, 2) * 2), stepY = Double(max(mapRows / 6, 1) * 4)
        switch key {
        case .character("q"), .control("c"): return .quit
        case .control("z"): return .suspend
        case .control("l"): return .redraw
        case .left, .character("h"): view.pan(dotsX: -stepX, dotsY: 0)
        case .right, .character("l"): view.pan(dotsX: stepX, dotsY: 0)
        case .up, .character("k"): view.pan(dotsX: 0, dotsY: -stepY)
        case .down, .character("j"): view.pan(dotsX: 0, dotsY: stepY)
        case .character("+"), .character("="): view.zoom(by: 2)
        case .character("-"): view.zoom(by: 0.5)
        case .character("0"): showAll()
        case .tab: select(step: 1)
        case .backTab: select(step: -1)
        case .enter: if selected != nil { mode = .details } else { status = "No place selected: Tab selects the nearest" }
        case .character("/"): mode = .search; search = Search()
        case .character("f"): mode = .filter; filterText = ""
        case .character("?"): mode = .help
        case .escape: mark = nil; selection = nil
        case .character("a"): openAddForm()
        case .character("e"):
            if let place = selectedInFull { form = BrowseForm(editing: place); mode = .form } else { status = "No place selected: Tab selects one" }
        case .character("E"):
            if let place = selected { return .openEditor(place.id) }
            status = "No place selected: Tab selects one"
        case .character("v"):
            guard let place = selected else { status = "No place selected: Tab selects one"; break }
            let date = today()
            perform {
                var added = false
                let result = try journal.update(place.id) { added = $0.addVisit(Visit(date: date)) }
                return added ? "Visited \(result.after.name) on \(date.journalText)" : "No changes: \(place.name) already has a visit on \(date.journalText)"
            }
        case .character("d"):
            if let place = selected { mode = .confirmRemove; status = "Remove \(place.name)? y removes it, any other key keeps it" }
            else { status = "No place selected: Tab selects one" }
        case .character("u"): perform { try journal.undo() }
        case .mouse(let event): mouse(event)
        default: break
        }
        return .none
    }

    private func mouse(_ event: MouseEvent) {
        switch event.kind {
        case .press: dragFrom = (event.column, event.row)
        case .drag:
            guard let from = dragFrom else { dragFrom = (event.column, event.row); return }
            view.pan(dotsX: Double(from.column - event.column) * 2, dotsY: Double(from.row - event.row) * 4)
            dragFrom = (event.column, event.row)
        case .release: dragFrom = nil
        case .wheelUp, .wheelDown:
            guard event.column < mapColumns, event.row < mapRows else { return }
            let dx = Double(event.column * 2 + 1) - Double(mapColumns), dy = Double(event.row * 4 + 2) - Double(mapRows * 2)
            view.zoom(by: event.kind == .wheelUp ? 2 : 0.5, aboutDotsX: dx, dotsY: dy)
        }
    }

    /// `0`: every shown place in view (the world when there are none).
    public func showAll() {
        let coordinates = shownPlaces.map { MapCoordinate(latitude: $0.latitude, longitude: $0.longitude) }
        view = .fitting(coordinates, dotWidth: mapColumns * 2, dotHeight: mapRows * 4)
    }

    private func select(step: Int) {
        let inView = placesInView()
        guard !inView.isEmpty else { status = "No places in view"; return }
        let current = inView.firstIndex { $0.id == selection }
        let next = current.map { ($0 + step + inView.count) % inView.count } ?? (step > 0 ? 0 : inView.count - 1)
        selection = inView[next].id
        status = "\(inView[next].name) (\(next + 1) of \(inView.count) in view)"
    }

    // MARK: - Search and filter

    private func searchKey(_ key: Key) {
        switch key {
        case .escape, .control("c"): mode = .map
        case .up: search.chosen = max(search.chosen - 1, 0)
        case .down: search.chosen = min(search.chosen + 1, max(search.results.count - 1, 0))
        case .enter:
            guard search.results.indices.contains(search.chosen) else { status = "No place matches \"\(search.text)\""; return }
            fly(to: search.results[search.chosen])
            mode = .map
        case .backspace:
            if !search.text.isEmpty { search.text.removeLast(); runSearch() }
        case .character(let c): search.text.append(c); runSearch()
        case .paste(let text): search.text += text.filter { !$0.isNewline }; runSearch()
        default: break
        }
    }

    private func runSearch() {
        search.results = search.text.trimmed.isEmpty ? [] : searcher(search.text)
        search.chosen = 0
    }

    /// Flies to a search result: centred, at a town's zoom unless closer already, marked `✚`.
    func fly(to candidate: PlaceCandidate) {
        let coordinate = MapCoordinate(latitude: candidate.latitude, longitude: candidate.longitude)
        let townView = BrowseView(around: coordinate, radiusKm: 5, dotWidth: mapColumns * 2, dotHeight: mapRows * 4)
        view.centre(on: coordinate)
        view.unitsPerDot = min(view.unitsPerDot, townView.unitsPerDot)
        mark = Mark(name: candidate.name, coordinate: coordinate)
        if let id = candidate.journalID { selection = id }
        status = "\(candidate.name)" + (candidate.context.isEmpty || candidate.context == candidate.name ? "" : " — \(candidate.context)")
    }

    private func filterKey(_ key: Key) {
        switch key {
        case .escape, .control("c"): mode = .map
        case .backspace: if !filterText.isEmpty { filterText.removeLast() }
        case .character(let c): filterText.append(c)
        case .paste(let text): filterText += text.filter { !$0.isNewline }
        case .enter:
            mode = .map
            let word = filterText.trimmed.lowercased()
            switch word {
            case "": filter.tags = []; filter.visited = nil; status = "Showing every place"
            case "visited", "v": filter.visited = true; status = "Showing visited places"
            case "wanted", "w", "unvisited", "want to go": filter.visited = false; status = "Showing places you want to go to"
            default: filter.tags = [word]; status = "Showing places tagged \(word)"
            }
        default: break
        }
    }

    // MARK: - Forms and changes

    private func openAddForm() {
        let coordinate = mark?.coordinate ?? view.centre
        let name = mark?.name ?? nearestTown(coordinate).map { "Near \($0)" } ?? ""
        form = BrowseForm(adding: name, at: coordinate)
        mode = .form
    }

    private func formKey(_ key: Key) {
        guard var form else { mode = .map; return }
        switch key {
        case .escape, .control("c"): self.form = nil; mode = .map; status = "Nothing saved"; return
        case .enter:
            save(form)
            return
        default: form.handle(key)
        }
        self.form = form
    }

    private func save(_ form: BrowseForm) {
        let date = today()
        do {
            let tags = try Location.normalizedTags(form.tags)
            if let id = form.placeID {
                let result = try journal.update(id) { form.apply(to: &$0, tags: tags, today: date) }
                status = result.before.hasSameContent(as: result.after) ? "No changes" : "Saved \(result.after.name)"
            } else {
                var place = Location(name: form.name, latitude: form.coordinate.latitude, longitude: form.coordinate.longitude)
                form.apply(to: &place, tags: tags, today: date)
                let saved = try journal.add(place)
                selection = saved.id
                mark = nil
                status = "Added \(saved.name)"
            }
            self.form = nil
            mode = .map
        } catch {
            // The form stays open with the message; nothing was written.
            var kept = form
            kept.problem = "\(error)"
            self.form = kept
        }
    }

    /// Runs a journal change and words its outcome on the status line.
    private func perform(_ change: () throws -> String) {
        do { status = try change() } catch { status = "\(error)" }
    }

    /// After the `$EDITOR` flow: records the change for undo and reads the journal again.
    public func editorFinished(before: Location?, after: Location?, message: String) {
        if let before, let after { try? journal.recordChange(before: before, after: after) } else { try? journal.reload() }
        status = message
    }

    /// Called about once a second: reads the journal again when another process changed it.
    /// - Returns: whether anything changed.
    @discardableResult
    public func tick() -> Bool {
        do {
            guard try journal.reloadIfChanged() else { return false }
            status = "The journal changed elsewhere: read again"
            if selection != nil && selected == nil { selection = nil }
            return true
        } catch {
            status = "\(error)"
            return true
        }
    }
}
