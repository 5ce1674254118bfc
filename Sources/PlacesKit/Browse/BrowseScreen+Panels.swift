import PlacesTerminal
import PlacesCore
import PlacesMap

extension BrowseScreen {
    /// The keys, as `?` lists them (and the README).
    static let helpLines = [
        "←↓↑→ or h j k l   pan          + or =, -   zoom in, out",
        "mouse drag        pan          wheel       zoom about the pointer",
        "0                 show all your places",
        "Tab, Shift-Tab    select the next, previous place in view",
        "Enter             details of the selected place",
        "/                 search: your places, the gazetteer, regions",
        "a                 add a place at the search mark or the crosshair",
        "e                 edit the selected place     E  in $EDITOR",
        "v                 record a visit today        d  remove (then y)",
        "u                 undo browse's last change",
        "f                 filter: a tag, visited, wanted (empty: all)",
        "Esc               clear the mark and the selection",
        "q or Ctrl-C       quit                        Ctrl-Z  suspend",
        "Ctrl-L            draw the whole screen again",
    ]

    /// The side list: how many places are in view, and the nearest of them (`nearest`), one a row.
    func drawSideList(_ model: BrowseModel, _ nearest: [Location], count: Int, into screen: inout ScreenBuffer, from column: Int) {
        let frame = usesColor ? Palette.frame : Palette.frame.withoutColor
        for row in 0..<(screen.rows - 1) { screen.put(ascii ? "|" : "│", column: column, row: row, style: frame) }
        let left = column + 2, width = screen.columns - left - 1
        screen.put(TerminalText.truncate("\(count) in view", toWidth: width), column: left, row: 0, style: CellStyle(bold: true))
        for (offset, place) in nearest.prefix(max(screen.rows - 3, 0)).enumerated() {
            let glyph = place.isVisited ? (ascii ? "*" : "●") : (ascii ? "o" : "○")
            let cut = TerminalText.truncate(glyph + " " + TerminalText.visible(place.name), toWidth: width)
            let text = ascii ? Self.asciiOnly(cut) : cut
            let isSelected = place.id == model.selection
            if isSelected { screen.fill(column: left - 1, row: offset + 1, width: width + 1, style: Palette.selected) }
            screen.put(text, column: left, row: offset + 1, style: isSelected ? Palette.selected : .plain)
        }
    }

    /// The status line. With `quick` (the first frame), what is at the crosshair waits for the next
    /// frame unless it is known: asking `where` is start-up work the map need not wait for.
    func drawStatus(_ model: BrowseModel, inView: Int, quick: Bool = false, into screen: inout ScreenBuffer) {
        let row = screen.rows - 1
        let centre = model.view.centre
        let whereabouts: String
        // `where` is asked once for each centre: a redraw without a move costs nothing.
        if let cached = whereCache, cached.0 == centre {
            whereabouts = cached.1
        } else if quick {
            whereabouts = ""
            leftOut = true
        } else {
            whereabouts = whereText(centre)
            whereCache = (centre, whereabouts)
        }
        let scale = MapScaleBar(viewport: model.viewport, maximumLength: 10).label
        // The longest part, what is at the crosshair, comes last: a narrow terminal cuts it, not the news.
        var parts = [CoordinateFormat.pair(latitude: centre.latitude, longitude: centre.longitude), "\(inView) in view", "\(scale)/10 cells"]
        if !model.filter.summary.isEmpty { parts.append(model.filter.summary) }
        if !model.status.isEmpty { parts.append(shown(model.status)) }
        if !whereabouts.isEmpty { parts.append(shown(whereabouts)) }
        let text = TerminalText.truncate(" " + parts.joined(separator: " · "), toWidth: screen.columns)
        screen.fill(column: 0, row: row, width: screen.columns, style: Palette.status)
        screen.put(ascii ? Self.asciiOnly(text) : text, column: 0, row: row, style: Palette.status)
    }

    func drawPanel(_ model: BrowseModel, into screen: inout ScreenBuffer, columns: Int, rows: Int) {
        switch model.mode {
        case .map, .confirmRemove: return
        case .help: box(["Keys (any key closes)", ""] + Self.helpLines, into: &screen, columns: columns, rows: rows)
        case .details:
            guard let place = model.selectedInFull else { return }
            var lines = [shown(place.name), ""]
            if !place.description.isEmpty { lines += place.description.split(separator: "\n").map { shown(String($0)) } }
            if !place.tags.isEmpty { lines.append("Tags: " + shown(place.tags.joined(separator: ", "))) }
            lines.append(place.isVisited ? "Visits:" : "Not visited yet")
            for visit in place.visits { lines.append("  " + visit.date.journalText + (visit.note.map { " — " + shown($0) } ?? "")) }
            lines.append(CoordinateFormat.pair(latitude: place.latitude, longitude: place.longitude) + "  (\(place.shortID))")
            lines.append(shown(whereText(MapCoordinate(latitude: place.latitude, longitude: place.longitude))))
            box(lines, into: &screen, columns: columns, rows: rows)
        case .search:
            var lines = ["Search: " + shown(model.search.text) + (ascii ? "_" : "▏")]
            for (index, result) in model.search.results.enumerated() {
                let source = result.isOwnPlace ? (ascii ? "*" : "●") : " "
                // A gazetteer result's context starts with its name ("Kotka, Kymenlaakso, FI").
                let text = result.context.hasPrefix(result.name) ? result.context : result.name + (result.context.isEmpty ? "" : " — " + result.context)
                lines.append((index == model.search.chosen ? "> " : "  ") + source + " " + shown(text))
            }
            if model.search.results.isEmpty && !model.search.text.isEmpty { lines.append("  (no match)") }
            lines.append("↑↓ choose · Enter flies there · Esc closes")
            box(lines, into: &screen, columns: columns, rows: rows, top: true, highlight: model.search.results.isEmpty ? nil : model.search.chosen + 1)
        case .filter:
            box(["Filter: " + shown(model.filterText) + (ascii ? "_" : "▏"), "a tag, visited or wanted; empty shows all · Enter applies · Esc closes"],
                into: &screen, columns: columns, rows: rows, top: true)
        case .form:
            guard let form = model.form else { return }
            var lines = [form.placeID == nil ? "Add a place at " + CoordinateFormat.pair(latitude: form.coordinate.latitude, longitude: form.coordinate.longitude)
                                             : "Edit " + shown(model.selected?.name ?? form.name), ""]
            let fields: [(BrowseForm.Field, String, String)] = [(.name, "Name", form.name), (.description, "Description", form.description),
                                                                 (.tags, "Tags", form.tagText), (.visited, "Visited", form.visited ? "[x]" : "[ ]")]
            for (field, label, value) in fields {
                var text = value
                if field == form.focus && field != .visited {
                    // The cursor stands between characters, where the next one typed goes.
                    let at = text.index(text.startIndex, offsetBy: min(form.cursor, text.count))
                    text = shown(String(text[..<at])) + (ascii ? "_" : "▏") + shown(String(text[at...]))
                } else {
                    text = shown(text)
                }
                lines.append((field == form.focus ? "> " : "  ") + TerminalText.pad(label, toWidth: 12) + text)
            }
            lines.append("")
            if let problem = form.problem { lines.append("! " + shown(problem)) }
            lines.append("Tab next field · ←→ Home End move · Space ticks Visited · Enter saves · Esc cancels")
            box(lines, into: &screen, columns: columns, rows: rows, highlight: 2 + form.focus.rawValue)
        }
    }

    /// A framed box of lines over the map: centred, or at the top for the search and filter lines.
    private func box(_ lines: [String], into screen: inout ScreenBuffer, columns: Int, rows: Int, top: Bool = false, highlight: Int? = nil) {
        let inner = min(max(lines.map { TerminalText.width($0) }.max() ?? 0, 20), columns - 4)
        let height = min(lines.count, rows - 2)
        let left = top ? 1 : max((columns - inner - 4) / 2, 0)
        let first = top ? 0 : max((rows - height - 2) / 2, 0)
        let frame = usesColor ? Palette.frame : Palette.frame.withoutColor
        let (h, v, corners) = ascii ? ("-", "|", ["+", "+", "+", "+"]) : ("─", "│", ["┌", "┐", "└", "┘"])
        screen.put(corners[0] + String(repeating: h, count: inner + 2) + corners[1], column: left, row: first, style: frame)
        for (offset, line) in lines.prefix(height).enumerated() {
            let row = first + 1 + offset
            screen.put(v, column: left, row: row, style: frame)
            let style = offset == highlight ? Palette.selected : (offset == 0 ? CellStyle(bold: true) : .plain)
            screen.fill(column: left + 1, row: row, width: inner + 2, style: style)
            let cut = TerminalText.truncate(line, toWidth: inner)
            screen.put(ascii ? Self.asciiOnly(cut) : cut, column: left + 2, row: row, style: style)
            screen.put(v, column: left + inner + 3, row: row, style: frame)
        }
        screen.put(corners[2] + String(repeating: h, count: inner + 2) + corners[3], column: left, row: first + height + 1, style: frame)
    }
}
