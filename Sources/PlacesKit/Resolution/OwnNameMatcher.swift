/// Compares the journal's place names with one query, folded as ``NameFolding`` folds them, without
/// allocating per name: a journal of 100,000 places is scanned on every `near NAME`.
///
/// ASCII names (most of them) are folded byte by byte into one reused buffer, with the same rules as
/// ``NameFolding/fold(_:)`` (lower case, anything but letters and digits a word break, `st`/`ste`/`mt`/`ft`
/// expanded); other names go through ``NameFolding/fold(_:)`` itself.
struct OwnNameMatcher {
    /// The folded query.
    let key: [UInt8]
    /// The folded query without its spaces.
    let compactKey: [UInt8]
    private var buffer: [UInt8] = []

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
            buffer = Array(NameFolding.fold(name).utf8)
        }
        if buffer == key { return .exact }
        if buffer.count >= compactKey.count, OwnNameMatcher.equalIgnoringSpaces(buffer, compactKey) { return .exact }
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
        out.removeAll(keepingCapacity: true)
        var wordStart = 0
        for byte in bytes {
            guard byte < 0x80 else { return false }
            switch byte {
            case 0x41...0x5A:
                out.append(byte + 32)
            case 0x61...0x7A, 0x30...0x39:
                out.append(byte)
            default:
                guard out.count > wordStart else { continue }
                expandLastWord(&out, from: wordStart)
                out.append(32)
                wordStart = out.count
            }
        }
        if out.count > wordStart {
            expandLastWord(&out, from: wordStart)
        } else if out.last == 32 {
            out.removeLast()
        }
        return true
    }

    /// `st` → `saint`, `ste` → `sainte`, `mt` → `mount`, `ft` → `fort` (``NameFolding``'s expansions).
    private static func expandLastWord(_ out: inout [UInt8], from start: Int) {
        let length = out.count - start
        guard length == 2 || length == 3 else { return }
        let word = out[start...]
        let expansion: [UInt8]
        switch (word.first!, word.dropFirst().first!, length == 3 ? word.last! : 0) {
        case (0x73, 0x74, 0): expansion = Array("saint".utf8)      // st
        case (0x73, 0x74, 0x65): expansion = Array("sainte".utf8)  // ste
        case (0x6D, 0x74, 0): expansion = Array("mount".utf8)      // mt
        case (0x66, 0x74, 0): expansion = Array("fort".utf8)       // ft
        default: return
        }
        out.replaceSubrange(start..., with: expansion)
    }

    private static func equalIgnoringSpaces(_ text: [UInt8], _ compact: [UInt8]) -> Bool {
        var index = 0
        for byte in text where byte != 32 {
            guard index < compact.count, compact[index] == byte else { return false }
            index += 1
        }
        return index == compact.count
    }
}
