#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#endif
import Dispatch
import PlacesCore

/// A read-only view of the journal for finding places by what people type (a name, a word of a
/// description, a tag): each place's id, and where its name, description and tags lie in the file's
/// bytes, found in one pass without making a ``Location`` (or any string) per place.
///
/// Decoding 100,000 places in full costs about 0.2 s; the pass costs a fraction of that, and only the
/// places found are then decoded, with every check a full read makes (``place(_:)``). The pass checks
/// the journal's structure and version, not the text of every string: a journal whose other places
/// are damaged still answers for the places that are sound (a full read would refuse it, and says why).
/// A journal the pass does not take as plainly valid (a legacy bare array, an unusual member, a
/// repeated id) is read in full instead, so it is refused, or accepted, exactly as
/// ``JournalStore/load()`` would.
public struct JournalIndex: Sendable {
    /// Where one place's fields lie in ``bytes``, in 48 bytes (offsets of 32 bits: a journal the
    /// index reads is under 4 GiB, see ``scan(_:)``); 100,000 entries are written as they are found
    /// and copied once, and half the size is half the memory to fault in.
    package struct Entry: Sendable {
        var id: IDBits
        /// The offset of the place's `{`.
        package var offset: Int { Int(placeStart) }
        /// The name's text between its quotes, as written (escapes not decoded).
        var name: Range<Int> { Int(nameStart)..<Int(nameEnd) }
        var nameEscaped: Bool { flags & Self.nameEscapedFlag != 0 }
        var description: Range<Int>? { flags & Self.hasDescriptionFlag != 0 ? Int(descriptionStart)..<Int(descriptionEnd) : nil }
        var descriptionEscaped: Bool { flags & Self.descriptionEscapedFlag != 0 }
        /// The tags' array, brackets included.
        var tags: Range<Int>? { flags & Self.hasTagsFlag != 0 ? Int(tagsStart)..<Int(tagsEnd) : nil }

        private var placeStart: UInt32, nameStart: UInt32, nameEnd: UInt32
        private var descriptionStart: UInt32 = 0, descriptionEnd: UInt32 = 0, tagsStart: UInt32 = 0, tagsEnd: UInt32 = 0
        private var flags: UInt8 = 0
        private static let nameEscapedFlag: UInt8 = 1, hasDescriptionFlag: UInt8 = 2, descriptionEscapedFlag: UInt8 = 4, hasTagsFlag: UInt8 = 8

        init(id: IDBits, offset: Int, name: Range<Int>, nameEscaped: Bool, description: Range<Int>?,
             descriptionEscaped: Bool, tags: Range<Int>?) {
            self.id = id
            placeStart = UInt32(offset)
            (nameStart, nameEnd) = (UInt32(name.lowerBound), UInt32(name.upperBound))
            if nameEscaped { flags |= Self.nameEscapedFlag }
            if let description {
                (descriptionStart, descriptionEnd) = (UInt32(description.lowerBound), UInt32(description.upperBound))
                flags |= Self.hasDescriptionFlag
                if descriptionEscaped { flags |= Self.descriptionEscapedFlag }
            }
            if let tags {
                (tagsStart, tagsEnd) = (UInt32(tags.lowerBound), UInt32(tags.upperBound))
                flags |= Self.hasTagsFlag
            }
        }
    }

    /// A record the pass found is not a valid place: the journal must be read in full to say why.
    struct DamagedRecord: Error {}

    /// The journal's bytes, valid while ``storage`` lives.
    package var bytes: UnsafeBufferPointer<UInt8> { storage.buffer }
    private let storage: MappedFile
    package let entries: [Entry]

    /// The number of places.
    public var count: Int { entries.count }

    /// Indexes journal bytes, or returns `nil` when they are not plainly a valid journal of the current
    /// version, or 4 GiB or more (the caller then reads the journal in full, which says what is wrong).
    static func scan(_ storage: MappedFile) -> JournalIndex? {
        guard storage.buffer.count < Int(UInt32.max) else { return nil }
        var scanner = JSONScanner(storage.buffer)
        guard let entries = try? Self.document(&scanner), !IDBits.anyRepeated(in: entries) else { return nil }
        return JournalIndex(storage: storage, entries: entries)
    }

    /// Indexes places already read (a journal the fast pass declined): their journal text, scanned.
    init(places: [Location]) {
        let storage = MappedFile(copying: JournalCodec.encode(places, members: [:]))
        self = Self.scan(storage) ?? JournalIndex(storage: MappedFile(copying: []), entries: [])
    }

    private init(storage: MappedFile, entries: [Entry]) {
        self.storage = storage
        self.entries = entries
    }

    /// The place at `position` (0 ..< ``count``), decoded in full; `nil` when the record is not a
    /// valid place (a full read would refuse the journal).
    public func place(_ position: Int) -> Location? {
        JournalCodec.decodePlace(bytes, at: entries[position].offset)
    }

    /// The place's id.
    public func id(_ position: Int) -> UUID { entries[position].id.uuid }

    /// Calls `body` with the UTF-8 text of a string field (escapes decoded when it has any).
    func withText<T>(_ range: Range<Int>, escaped: Bool, _ body: (UnsafeBufferPointer<UInt8>) -> T) -> T {
        guard escaped else { return storage.withBuffer { body(UnsafeBufferPointer(rebasing: $0[range])) } }
        var scanner = JSONScanner(bytes, at: range.lowerBound - 1)
        var text = (try? scanner.string()) ?? ""
        return text.withUTF8(body)
    }

    /// The name of the place at `position`, as UTF-8.
    func withName<T>(_ position: Int, _ body: (UnsafeBufferPointer<UInt8>) -> T) -> T {
        withText(entries[position].name, escaped: entries[position].nameEscaped, body)
    }

    /// The tags of the place at `position`.
    func tags(_ position: Int) -> [String] {
        guard let range = entries[position].tags else { return [] }
        var scanner = JSONScanner(bytes, at: range.lowerBound)
        var tags: [String] = []
        _ = scanner.consume(UInt8(ascii: "["))
        while true {
            scanner.skipSpace()
            guard let tag = try? scanner.string() else { return tags }
            tags.append(tag)
            scanner.skipSpace()
            guard scanner.consume(UInt8(ascii: ",")) else { return tags }
        }
    }

    // MARK: The pass

    private static func document(_ scanner: inout JSONScanner) throws(JSONScanner.Failure) -> [Entry]? {
        scanner.skipSpace()
        guard scanner.consume(UInt8(ascii: "{")) else { return nil }
        var entries: [Entry]?, version = false
        while true {
            scanner.skipSpace()
            let key = try keyRange(&scanner)
            scanner.skipSpace()
            try scanner.expect(UInt8(ascii: ":"), "")
            scanner.skipSpace()
            if keyIs(key, "places", in: scanner.bytes) {
                guard entries == nil else { return nil }
                entries = try places(&scanner)
                guard entries != nil else { return nil }
            } else if keyIs(key, "version", in: scanner.bytes) {
                // Every version this code reads (older ones have the same names, tags and descriptions).
                let value = try scanner.number()
                guard !version, value >= 1, value <= Double(JournalStore.currentVersion), value.rounded() == value else { return nil }
                version = true
            } else {
                try scanner.skipValue(depth: 1)
            }
            scanner.skipSpace()
            if scanner.consume(UInt8(ascii: ",")) { continue }
            try scanner.expect(UInt8(ascii: "}"), "")
            break
        }
        scanner.skipSpace()
        return scanner.atEnd && version ? entries : nil
    }

    private static func places(_ scanner: inout JSONScanner) throws(JSONScanner.Failure) -> [Entry]? {
        try scanner.expect(UInt8(ascii: "["), "")
        scanner.skipSpace()
        if scanner.consume(UInt8(ascii: "]")) { return [] }
        let parts = WorkParts.count(forWork: scanner.bytes.count - scanner.index, per: 4 << 20)
        let starts = partStarts(scanner.bytes, first: scanner.index, parts: parts)
        if starts.count > 1, let (entries, end) = placesInParts(scanner.bytes, starts: starts) {
            scanner.index = end
            return entries
        }
        guard let (entries, end) = try placesInPart(scanner.bytes, from: scanner.index, until: nil) else { return nil }
        scanner.index = end
        return entries
    }

    /// The places from the `{` at `start` on, up to the place starting exactly at `next` (the start of
    /// the next part), or to the array's end when `next` is `nil`.
    /// - Returns: the entries and where the part ended (the next part's start, or past the `]`);
    ///   `nil` when a record is not a place or the part does not end exactly at `next`.
    static func placesInPart(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int,
                                     until next: Int?) throws(JSONScanner.Failure) -> ([Entry], end: Int)? {
        var scanner = JSONScanner(bytes, at: start)
        var entries: [Entry] = []
        entries.reserveCapacity(((next ?? bytes.count) - start) / 300)
        while true {
            guard let entry = try place(&scanner) else { return nil }
            entries.append(entry)
            scanner.skipSpace()
            if scanner.consume(UInt8(ascii: ",")) {
                scanner.skipSpace()
                if let next, scanner.index >= next { return scanner.index == next ? (entries, next) : nil }
                continue
            }
            try scanner.expect(UInt8(ascii: "]"), "")
            return next == nil ? (entries, scanner.index) : nil
        }
    }

    /// Where to start up to `parts` parts of a large journal's places array, read on one thread each:
    /// the first place, then, from each further share of the file on, the first line that opens an
    /// object as deeply indented as the first place. (A raw line break is never inside a JSON string,
    /// so such a line is an object's start; whether it is a place's is proved by the part before it
    /// ending exactly there, see ``placesInParts(_:starts:)``.) One start when the places are not
    /// laid out in lines (they are then read in one pass).
    static func partStarts(_ bytes: UnsafeBufferPointer<UInt8>, first: Int, parts: Int) -> [Int] {
        guard parts > 1, let base = bytes.baseAddress else { return [first] }
        var lineStart = first
        while lineStart > 0, bytes[lineStart - 1] == 0x20 || bytes[lineStart - 1] == 0x09 { lineStart -= 1 }
        guard lineStart > 0, bytes[lineStart - 1] == 0x0A else { return [first] }
        let indent = UnsafeBufferPointer(rebasing: bytes[lineStart..<first])
        var starts = [first]
        for part in 1..<parts {
            var from = max(first + (bytes.count - first) * part / parts, starts[starts.count - 1] + 1)
            while from < bytes.count, let found = memchr(base + from, 0x0A, bytes.count - from) {
                let line = base.distance(to: found.assumingMemoryBound(to: UInt8.self)) + 1
                let brace = line + indent.count
                if brace < bytes.count, bytes[brace] == UInt8(ascii: "{"),
                   memcmp(base + line, indent.baseAddress ?? base, indent.count) == 0 {
                    starts.append(brace)
                    break
                }
                from = line
            }
        }
        return starts
    }

    /// The places read in parts from `starts` on, one thread each; `nil` when any part is not exactly
    /// the places between its start and the next (the caller then reads them in one pass).
    static func placesInParts(_ bytes: UnsafeBufferPointer<UInt8>, starts: [Int]) -> ([Entry], end: Int)? {
        let results = WorkParts.Results<([Entry], end: Int)?>(count: starts.count, empty: nil)
        let shared = SharedBytes(bytes)
        DispatchQueue.concurrentPerform(iterations: starts.count) { part in
            let next = part + 1 < starts.count ? starts[part + 1] : nil
            results.set(part, (try? placesInPart(shared.bytes, from: starts[part], until: next)) ?? nil)
        }
        var entries: [Entry] = []
        var end = 0
        for result in results.values {
            guard let result else { return nil }
            entries.append(contentsOf: result.0)
            end = result.end
        }
        return (entries, end)
    }

    private static func place(_ scanner: inout JSONScanner) throws(JSONScanner.Failure) -> Entry? {
        let offset = scanner.index
        try scanner.expect(UInt8(ascii: "{"), "")
        var id: IDBits?, name: Range<Int>?, description: Range<Int>?, tags: Range<Int>?
        var nameEscaped = false, descriptionEscaped = false
        let bytes = scanner.bytes
        while true {
            scanner.skipSpace()
            let key = try keyRange(&scanner)
            scanner.skipSpace()
            try scanner.expect(UInt8(ascii: ":"), "")
            scanner.skipSpace()
            let start = scanner.index
            if keyIs(key, "id", in: bytes) {
                guard id == nil, let value = IDBits(quoted: bytes, at: start) else { return nil }
                id = value
                scanner.index += 38
            } else if scanner.peek == UInt8(ascii: "\"") {
                guard let (text, escaped) = skipString(&scanner) else { return nil }
                if keyIs(key, "name", in: bytes) {
                    guard name == nil else { return nil }
                    (name, nameEscaped) = (text, escaped)
                } else if keyIs(key, "description", in: bytes) {
                    guard description == nil else { return nil }
                    (description, descriptionEscaped) = (text, escaped)
                }
            } else if keyIs(key, "tags", in: bytes), scanner.peek == UInt8(ascii: "[") {
                guard tags == nil else { return nil }
                try scanner.skipValue(depth: 3)
                tags = start..<scanner.index
            } else {
                try scanner.skipValue(depth: 3)
            }
            scanner.skipSpace()
            if scanner.consume(UInt8(ascii: ",")) { continue }
            try scanner.expect(UInt8(ascii: "}"), "")
            break
        }
        guard let id, let name else { return nil }
        return Entry(id: id, offset: offset, name: name, nameEscaped: nameEscaped, description: description,
                     descriptionEscaped: descriptionEscaped, tags: tags)
    }

    /// A member name's text between its quotes.
    /// Member names are short: a plain loop finds their end sooner than a call to `memchr`.
    @inline(__always)
    private static func keyRange(_ scanner: inout JSONScanner) throws(JSONScanner.Failure) -> Range<Int> {
        let bytes = scanner.bytes, start = scanner.index + 1
        if scanner.peek == UInt8(ascii: "\""), start < bytes.count {
            var end = start
            while end < bytes.count, end - start < 32 {
                let byte = bytes[end]
                if byte == UInt8(ascii: "\"") {
                    scanner.index = end + 1
                    return start..<end
                }
                if byte == UInt8(ascii: "\\") { break }
                end += 1
            }
        }
        guard let (range, _) = skipString(&scanner) else { throw scanner.fail("expected a string") }
        return range
    }

    /// Moves past a string, finding its closing quote with `memchr` (most of a journal's bytes are in
    /// descriptions, and checking them byte by byte is most of what a full read costs). Its text is
    /// not checked here: only the places found are decoded, with every check a full read makes.
    /// - Returns: the text between the quotes, and whether it has escapes; `nil` when it is not closed.
    @inline(__always)
    private static func skipString(_ scanner: inout JSONScanner) -> (Range<Int>, escaped: Bool)? {
        let bytes = scanner.bytes
        guard scanner.peek == UInt8(ascii: "\""), let base = bytes.baseAddress else { return nil }
        let start = scanner.index + 1
        var from = start
        while from < bytes.count, let found = memchr(base + from, Int32(UInt8(ascii: "\"")), bytes.count - from) {
            let quote = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
            // A quote after an odd number of backslashes is part of the text.
            var backslashes = 0
            while quote - backslashes - 1 >= start, bytes[quote - backslashes - 1] == UInt8(ascii: "\\") { backslashes += 1 }
            if backslashes % 2 == 0 {
                scanner.index = quote + 1
                return (start..<quote, hasEscape(bytes, start..<quote))
            }
            from = quote + 1
        }
        return nil
    }

    @inline(__always)
    private static func keyIs(_ range: Range<Int>, _ word: StaticString, in bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        range.count == word.utf8CodeUnitCount && memcmp(bytes.baseAddress! + range.lowerBound, word.utf8Start, range.count) == 0
    }

    private static func hasEscape(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Bool {
        range.isEmpty ? false : memchr(bytes.baseAddress! + range.lowerBound, Int32(UInt8(ascii: "\\")), range.count) != nil
    }
}

extension JournalStore {
    /// The journal as a ``JournalIndex``, for finding places by name or text without decoding them all.
    /// - Throws: ``JournalError`` when the journal cannot be read, as ``load()`` would.
    public func index() throws -> JournalIndex {
        try checkJournalFile()
        guard let bytes = try mapJournal(resolvedPath) else { return JournalIndex(places: []) }
        if let index = JournalIndex.scan(bytes) { return index }
        return JournalIndex(places: try Self.decode(bytes, path: resolvedPath, backupPath: backupPath).places)
    }

    /// The place a person means by `typed`: an id, an id prefix, a name or part of one (see
    /// ``PlaceLookup``), found without decoding every place.
    /// - Throws: ``PlaceLookupError`` when none or several match; ``JournalError`` when the journal
    ///   cannot be read.
    public func find(_ typed: String) throws -> Location {
        do {
            return try PlaceLookup.find(typed, in: try index())
        } catch is JournalIndex.DamagedRecord {
            return try PlaceLookup.find(typed, in: try load())
        }
    }
}

/// Bytes read by several threads at once, none writing: the buffer of a ``MappedFile`` (or of an
/// array) that outlives them.
private struct SharedBytes: @unchecked Sendable {
    let bytes: UnsafeBufferPointer<UInt8>
    init(_ bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }
}
