import PlacesCore

/// Compares the journal's place names with one query, folded as ``NameFolding`` folds them, without
/// allocating per name: a journal of 100,000 places is scanned on every `near NAME`.
///
/// Names are folded byte by byte into one reused buffer by ``NameFolder``, with the same rules as
/// ``NameFolding/fold(_:)``; a name with other letters than ASCII is folded only when it could match.
struct OwnNameMatcher {
    /// The folded query.
    let key: [UInt8]
    /// The folded query without its spaces.
    let compactKey: [UInt8]
    private var buffer: [UInt8] = []
    private var folder = NameFolder()

    init(query: String) {
        key = Array(NameFolding.fold(query).utf8)
        compactKey = key.filter { $0 != 32 }
        buffer.reserveCapacity(256)
    }

    /// How `name` matches the query: `.exact` when it folds to the query (or does with the spaces left
    /// out: "Grandmas house" and "Grandma's house"), `.prefix` when its folded words begin with the
    /// query's, else `nil`.
    mutating func match(_ name: String) -> PlaceCandidate.Match? {
        guard !key.isEmpty else { return nil }
        let folded = name.utf8.withContiguousStorageIfAvailable { OwnNameMatcher.foldASCII($0, into: &buffer) } ?? false
        if !folded {
            guard mightMatch(name) else { return nil }
            folder.fold(name, into: &buffer)
        }
        if buffer == key { return .exact }
        if buffer.count >= compactKey.count, NameFolder.equalIgnoringSpaces(buffer, compactKey) { return .exact }
        if buffer.count > key.count, buffer[key.count] == 32, buffer.starts(with: key) { return .prefix }
        return nil
    }

    /// Whether a name with non-ASCII letters could match, decided without folding it (folding is the
    /// slow part). Folding keeps every ASCII letter and digit, lower-cased and in order (an
    /// abbreviation's expansion keeps its letters too: `st` → `saint`), so an exact match needs the
    /// name's ASCII letters and digits to be a subsequence of the query without spaces, and a prefix
    /// match needs a name that begins with an ASCII letter or digit to begin with the query's first.
    func mightMatch(_ name: String) -> Bool {
        var index = 0, isSubsequence = true, first: UInt8?, sawLetter = false
        for byte in name.utf8 {
            let lower: UInt8
            switch byte {
            case 0x41...0x5A: lower = byte + 32
            case 0x61...0x7A, 0x30...0x39: lower = byte
            case 0x80...: sawLetter = true; continue   // a non-ASCII scalar folds to anything
            default: continue
            }
            if !sawLetter, first == nil { first = lower }
            sawLetter = true
            if isSubsequence {
                while index < compactKey.count, compactKey[index] != lower { index += 1 }
                if index == compactKey.count { isSubsequence = false } else { index += 1 }
            }
        }
        return isSubsequence || first == nil || first == key.first
    }

    /// Folds ASCII `bytes` into `out` as ``NameFolding/fold(_:)`` would; `false` (and `out` undefined)
    /// when a byte is not ASCII.
    static func foldASCII(_ bytes: UnsafeBufferPointer<UInt8>, into out: inout [UInt8]) -> Bool {
        var folder = NameFolder()
        return folder.fold(bytes, into: &out, asciiOnly: true)
    }
}
