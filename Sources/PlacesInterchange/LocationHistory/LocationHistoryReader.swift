#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import PlacesCore
import PlacesGeo

/// Reads Google location history files of any of the three shapes into sightings, streaming:
/// memory holds one entry and one open stay, whatever the file's size.
public enum LocationHistoryReader {
    /// Points less accurate than this (metres, Records.json's `accuracy`) are not used to find
    /// stays: a cell-tower fix 2 km off would break a stay in two.
    public static let maximumAccuracyMetres = 200.0

    /// The shape of the file at `path`, from its first bytes, or `nil` when it is not location history.
    /// - Throws: ``ImportError`` when it cannot be opened.
    public static func shape(ofFile path: String) throws -> LocationHistoryShape? {
        shape(ofHead: try head(of: try open(path), name: path))
    }

    /// The shape of a file from its first ``FormatDetection/locationHistoryPrefixSize`` bytes (fewer
    /// when it is shorter), or `nil` when it is not location history.
    public static func shape(ofHead head: [UInt8]) -> LocationHistoryShape? {
        FormatDetection.locationHistoryShape(Array(head.prefix(FormatDetection.locationHistoryPrefixSize)))
    }

    /// The first bytes of an open file, as many as tell its shape.
    static func head(of file: ReadableFile, name: String) throws -> [UInt8] {
        do throws(FileError) { return try file.head(FormatDetection.locationHistoryPrefixSize) } catch {
            throw ImportError(file: name, reason: "cannot read it: \(error.reason)")
        }
    }

    /// Reads a file.
    /// - Parameters:
    ///   - path: the file.
    ///   - name: the file as the user named it, for messages.
    ///   - days: the local days (days since 1970, see ``Sighting/localDay``) of the visits and stays
    ///     to keep; `nil` for all.
    ///   - progress: told how many bytes have been read, after each chunk.
    ///   - sighting: receives each visit or stay kept, in file order.
    /// - Returns: what was read, found, ignored and skipped.
    /// - Throws: ``ImportError`` for a file that cannot be read or is not location history, naming
    ///   the line and column of malformed JSON; whatever `sighting` throws.
    public static func read(path: String, name: String, days: ClosedRange<Int>? = nil,
                            progress: ((Int) -> Void)? = nil, sighting: (Sighting) throws -> Void) throws -> LocationHistorySummary {
        guard let shape = try shape(ofFile: path) else { throw notHistory(name) }
        var stream = ByteStream(file: try open(path))
        stream.onRead = progress
        return try read(stream, shape: shape, name: name, days: days, position: { position(of: $0, inFile: path) },
                        sighting: sighting)
    }

    /// Reads a file's bytes already in memory (tests, fuzzing), as ``read(path:name:days:progress:sighting:)`` does.
    /// - Parameter chunkSize: how many bytes each read takes: small in fuzzing and tests, so that
    ///   entries straddle reads as they do in large files.
    public static func read(bytes: [UInt8], name: String, days: ClosedRange<Int>? = nil, chunkSize: Int = 1 << 20,
                            sighting: (Sighting) throws -> Void) throws -> LocationHistorySummary {
        guard let shape = FormatDetection.locationHistoryShape(Array(bytes.prefix(FormatDetection.locationHistoryPrefixSize))) else {
            throw notHistory(name)
        }
        return try read(ByteStream(bytes: bytes, chunkSize: chunkSize), shape: shape, name: name, days: days,
                        position: { TextPosition.of(offset: $0, in: bytes) }, sighting: sighting)
    }

    private static func read(_ stream: ByteStream, shape: LocationHistoryShape, name: String, days: ClosedRange<Int>?,
                             position: (Int) -> TextPosition, sighting: (Sighting) throws -> Void) throws -> LocationHistorySummary {
        var summary = LocationHistorySummary(file: name, shape: shape)
        var entries = JSONEntryStream(stream)
        var stays = StayDetector()
        var lastPoint: (latitude: Double, longitude: Double)?
        func keep(_ found: Sighting) throws {
            if let days, !days.contains(found.localDay) {
                summary.outsideDates += 1
                return
            }
            try sighting(found)
        }
        func keep(_ stay: StayDetector.Stay, item: Int) throws {
            summary.stays += 1
            try keep(Sighting(latitude: stay.latitude, longitude: stay.longitude, start: stay.start, end: stay.end, name: nil,
                              sourcePlaceID: nil, sourceItem: "\(name): stay of \(stay.points) points ending at locations entry \(item + 1)",
                              identity: GoogleHistoryFields.identity("stay:\(Int64(stay.start.timeIntervalSince1970)):"
                                  + "\(Int((stay.latitude * 1e4).rounded())),\(Int((stay.longitude * 1e4).rounded()))")))
        }
        var lastIndex = 0
        do {
            try entries.read(streaming: [shape.entriesKey]) { key, index, value, _ in
                // The phone's top-level array of segments arrives with no key.
                guard key == shape.entriesKey || (key == nil && shape == .timeline) else { return }
                summary.entries += 1
                lastIndex = index
                let item = "\(key ?? "segment") entry \(index + 1)"
                switch shape {
                case .semantic, .timeline:
                    switch shape == .semantic ? TimelineEntries.semantic(value, item: item) : TimelineEntries.timeline(value, item: item) {
                    case .visit(let visit):
                        summary.visits += 1
                        var visit = visit
                        visit.sourceItem = "\(name): \(item)"
                        try keep(visit)
                    case .ignored(let kind): summary.ignored[kind, default: 0] += 1
                    case .skipped(let reason): summary.skip(item: item, reason: reason)
                    }
                case .records:
                    guard value.isObject else { return summary.skip(item: item, reason: "is not a JSON object") }
                    do {
                        let point = try GoogleHistoryFields.e7(latitude: value["latitudeE7"], longitude: value["longitudeE7"])
                        let time = try GoogleHistoryFields.date(text: value["timestamp"], milliseconds: value["timestampMs"], field: "timestamp")
                        if let accuracy = value["accuracy"]?.numberValue, accuracy > maximumAccuracyMetres {
                            summary.ignored[.inaccuratePoint, default: 0] += 1
                            return
                        }
                        lastPoint = point
                        if let stay = stays.add(latitude: point.latitude, longitude: point.longitude, time: time) {
                            try keep(stay, item: index)
                        }
                    } catch let problem as GoogleHistoryFields.Problem {
                        summary.skip(item: item, reason: problem.reason)
                    }
                }
            }
        } catch let failure as JSONEntryStream.Failure {
            var where_ = position(failure.offset)
            if let within = failure.within {
                where_ = within.line == 1 ? TextPosition(line: where_.line, column: where_.column + within.column - 1)
                    : TextPosition(line: where_.line + within.line - 1, column: within.column)
            }
            throw ImportError(file: name, position: where_, reason: failure.isSyntax ? "not valid JSON: \(failure.reason)" : failure.reason)
        }
        if shape == .records, lastPoint != nil, let stay = stays.finish() { try keep(stay, item: lastIndex) }
        summary.bytes = entries.stream.bytesRead
        if summary.entries == 0 {
            summary.notes.append("no \(shape.entriesKey) entries")
        }
        return summary
    }

    private static func notHistory(_ name: String) -> ImportError {
        ImportError(file: name, reason: "not Google location history: expected a JSON object with a timelineObjects, "
                    + "semanticSegments or locations array (Takeout's Semantic Location History, Timeline.json or Records.json)")
    }

    /// Opens a file to read (pipes too, but no folder).
    /// - Throws: ``ImportError``: "no such file", "cannot open it: …", "it is a directory, not a file".
    static func open(_ path: String) throws -> ReadableFile {
        do throws(FileError) { return try ReadableFile(path, accepting: .anythingButDirectories) } catch {
            switch error.problem {
            case .wrongKind: throw ImportError(file: path, reason: error.reason)
            case _ where error.isMissing: throw ImportError(file: path, reason: "no such file")
            default: throw ImportError(file: path, reason: "cannot open it: \(error.reason)")
            }
        }
    }

    /// The line and column of a byte offset, counted by reading the file again: only when
    /// reporting a problem, so reading never pays for counting lines.
    private static func position(of offset: Int, inFile path: String) -> TextPosition {
        guard let file = try? ReadableFile(path, accepting: .anythingButDirectories) else { return TextPosition(line: 1, column: offset + 1) }
        var line = 1, lineStart = 0, done = 0
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while done < offset {
            let wanted = min(chunk.count, offset - done)
            let count = (try? file.read(into: &chunk, count: wanted)) ?? 0
            guard count > 0 else { break }
            for index in 0..<count where chunk[index] == 0x0A {
                line += 1
                lineStart = done + index + 1
            }
            done += count
        }
        return TextPosition(line: line, column: offset - lineStart + 1)
    }
}

/// What reading one location history file found.
public struct LocationHistorySummary: Sendable {
    /// The most distinct reasons kept; more are counted together, so a hostile file cannot grow this.
    static let maximumReasons = 20
    /// The most skipped entries listed one by one.
    public static let maximumExamples = 20

    public var file: String
    public var shape: LocationHistoryShape
    /// Entries read: timeline objects, segments or raw points.
    public var entries = 0
    /// Visits Google recorded (Semantic Location History and Timeline.json).
    public var visits = 0
    /// Stays found in raw points (Records.json).
    public var stays = 0
    /// Visits and stays left out because their day is outside the days asked for.
    public var outsideDates = 0
    /// Entries deliberately not read, by kind.
    public var ignored: [Ignored: Int] = [:]
    /// Entries that could not be read, by reason.
    public var skipped: [String: Int] = [:]
    /// The first few skipped entries, with where they are.
    public var skippedExamples: [SkippedEntry] = []
    /// Remarks about the file as a whole.
    public var notes: [String] = []
    /// Bytes read.
    public var bytes = 0

    /// A kind of entry deliberately not read.
    public enum Ignored: String, Sendable, CaseIterable, Comparable {
        case activitySegment = "activity segment"
        case path = "path"
        case tripSummary = "trip summary"
        /// A raw point less accurate than ``LocationHistoryReader/maximumAccuracyMetres``.
        case inaccuratePoint = "point less accurate than 200 m"

        /// The kind in the plural: `activity segments`.
        public var plural: String {
            switch self {
            case .activitySegment: return "activity segments"
            case .path: return "paths"
            case .tripSummary: return "trip summaries"
            case .inaccuratePoint: return "points less accurate than 200 m"
            }
        }

        /// `1 path`, `2 paths`.
        public func counted(_ count: Int) -> String { "\(grouped(count)) \(count == 1 ? rawValue : plural)" }

        public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }
    }

    public init(file: String, shape: LocationHistoryShape) {
        self.file = file
        self.shape = shape
    }

    /// How many entries were skipped.
    public var skippedCount: Int { skipped.values.reduce(0, +) }

    mutating func skip(item: String, reason: String) {
        let key = skipped[reason] != nil || skipped.count < Self.maximumReasons ? reason : "other problems"
        skipped[key, default: 0] += 1
        if skippedExamples.count < Self.maximumExamples {
            skippedExamples.append(SkippedEntry(file: file, item: item, name: nil, reason: reason))
        }
    }
}
