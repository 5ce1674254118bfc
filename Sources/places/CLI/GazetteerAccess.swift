import PlacesKit

/// How the geosearch commands reach the gazetteer and print its places.
enum GazetteerAccess {
    /// The gazetteer in use for this journal: one imported with `places gazetteer import` into the journal's
    /// data directory, else the one inside the binary. Opened once a run (``CommandContext/openedGazetteer``).
    static func gazetteer(_ context: CommandContext) throws -> Gazetteer {
        if let opened = context.openedGazetteer { return opened }
        if let error = context.gazetteerError { throw error }
        do {
            let gazetteer = try open(context)
            context.openedGazetteer = gazetteer
            return gazetteer
        } catch {
            context.gazetteerError = error
            throw error
        }
    }

    /// The country and region lookup of the journal's gazetteer, made once a run: its answers are kept
    /// between runs in the journal's memo file in the cache folder (``StorePath/areaMemo(journal:environment:)``),
    /// which ``PlacesCLI`` writes when the command ends.
    static func areas(_ context: CommandContext) throws -> PlaceAreas {
        if let made = context.placeAreas { return made }
        let gazetteer = try gazetteer(context)
        let memo = StorePath.areaMemo(journal: try context.storePath(), environment: context.environment)
        let areas = PlaceAreas(gazetteer: gazetteer, memoFile: memo)
        context.placeAreas = areas
        context.keepUntilExit(areas)
        return areas
    }

    private static func open(_ context: CommandContext) throws -> Gazetteer {
        let storePath = try context.storePath()
        do {
            let gazetteer = try Gazetteer.current(dataDirectory: StorePath.directory(of: storePath))
            // A region left out is said, so its places are not silently missing from the answers.
            for error in gazetteer.unreadableRegions { context.note("warning: " + RegionCommand.explained(error)) }
            return gazetteer
        } catch let error as GazetteerError {
            throw failure(error, whileOpening: true)
        }
    }

    /// A gazetteer error as `places` prints it: the library's message, its remedy worded with the commands
    /// that apply it, and the exit status (65 for data that cannot be used, 1 for a folder left alone).
    /// An imported gazetteer that cannot be opened (`whileOpening`) can always be left for the bundled one.
    static func failure(_ error: GazetteerError, whileOpening: Bool = false) -> CommandFailure {
        let hint: String? = switch error.remedy {
        case .importAgainOrReset:
            "import the GeoNames dump again (`places gazetteer import FILE`), or return to the bundled gazetteer (`places gazetteer reset`)"
        case .importSmaller:
            "import a country's dump or cities500.txt (`places gazetteer import FILE`), or keep the bundled gazetteer"
        case .moveFolderAway: error.hint
        case nil: whileOpening ? "`places gazetteer reset` returns to the bundled gazetteer" : nil
        }
        let code: ExitCode = switch error {
        case .unreadable, .malformed, .empty, .tooLarge, .incompatibleFormat: .dataError
        case .unwritable, .notOurs: .failure
        }
        return CommandFailure(error.message + (hint.map { "\nhint: " + $0 } ?? ""), code: code)
    }

    /// One line for a match: `Mount Fuji, Shizuoka, JP — volcano, 3,776 m  35.3579, 138.7310`.
    static func line(_ match: GazetteerMatch) -> String {
        let e = match.entry
        if match.quality == .coordinates {
            var text = CoordinateFormat.pair(latitude: e.latitude, longitude: e.longitude, decimals: 5)
            if !e.countryCode.isEmpty { text += "  (" + [e.admin1, e.countryCode].filter { !$0.isEmpty }.joined(separator: ", ") + ")" }
            return text
        }
        // An imported gazetteer's names come from a file like any other.
        return TerminalText.visible(e.context) + " — " + e.summary + "  " + CoordinateFormat.pair(latitude: e.latitude, longitude: e.longitude)
    }

    /// `No country, region or county "Occitany" in FR; showing the best "Nîmes".`: what a search set
    /// aside, and what it shows instead.
    static func droppedQualifierNote(_ dropped: GazetteerSearchResult.DroppedQualifier, best: GazetteerEntry?) -> String {
        let scope = dropped.countryCode ?? best?.countryCode ?? ""
        return "No country, region or county \"\(dropped.text)\"" + (scope.isEmpty ? "" : " in \(scope)")
            + (best.map { "; showing the best \"\($0.name)\"." } ?? ".")
    }

}
