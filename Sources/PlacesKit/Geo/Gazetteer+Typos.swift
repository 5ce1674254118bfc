/// Typo search: the keys within a small edit distance of a query, found without scanning every key.
extension Gazetteer {
    /// The largest edit distance a typo search allows for a folded query of this many bytes.
    static func typoBudget(_ length: Int) -> Int { length <= 7 ? 1 : 2 }

    /// Calls `consider` with every line whose key is within ``typoBudget(_:)`` edits of `key`, the key's kind,
    /// the edit distance and the key found.
    /// - Complexity: a scan of the keys sharing the query's first or second character, most rejected by
    ///   length and a letter-set bound before the edit distance is computed; plus 26 exact lookups.
    func fuzzy(_ key: [UInt8], consider: (Ref, GazetteerSchema.KeyKind?, Int, String) -> Void) {
        let budget = Gazetteer.typoBudget(key.count)
        // Keys sharing the first letter catch most typos; keys starting with the query's second letter
        // catch a dropped or swapped first letter.
        var blocks: [[UInt8]] = [firstCharacter(of: key)]
        let rest = Array(key.dropFirst(blocks[0].count))
        if !rest.isEmpty {
            let second = firstCharacter(of: rest)
            if second != blocks[0] { blocks.append(second) }
        }
        var scratch = EditDistance(query: key)
        var foundInAnEarlierBlock = false
        for (index, block) in blocks.enumerated() {
            // A typo in the first letter is the rarer case: its block is scanned only when the query's own
            // first letter led nowhere (Tapei is Taipei; the keys starting with "a" need not be read).
            if index > 0, foundInAnEarlierBlock { break }
            let shortest = max(1, key.count - budget), longest = key.count + budget
            // The block ends where keys stop starting with it: one search instead of a test per entry.
            var after = block
            after[after.count - 1] &+= 1  // a UTF-8 byte is never 0xFF
            let blockEnd = keys.lowerBoundIndex(after)
            let cursor = keys.lowerBound(block)
            while cursor.isValid, cursor.index < blockEnd {
                // Most keys are rejected on their length, read from the entry's header, before the key is
                // compared with anything.
                if (shortest...longest).contains(cursor.keyLength) {
                    let candidate = cursor.keyBytes
                    if scratch.lowerBound(candidate, limit: budget) <= budget,
                       let distance = scratch.distance(key, candidate, limit: budget) {
                        let (ref, kind) = Gazetteer.ref(of: cursor)
                        if kind != .regionCode {
                            foundInAnEarlierBlock = true
                            consider(ref, kind, distance, String(decoding: candidate, as: UTF8.self))
                        }
                    }
                }
                cursor.advance()
            }
        }
        // A wrong first letter falls outside both blocks: try each Latin letter in its place (26 exact lookups).
        guard let first = key.first, first < 0x80 else { return }
        var variant = key
        for letter in UInt8(ascii: "a")...UInt8(ascii: "z") where letter != first {
            variant[0] = letter
            let cursor = keys.lowerBound(variant)
            while cursor.isValid, cursor.compare(variant) == 0 {
                let (ref, kind) = Gazetteer.ref(of: cursor)
                if kind != .regionCode { consider(ref, kind, 1, String(decoding: variant, as: UTF8.self)) }
                cursor.advance()
            }
        }
    }

    /// Whether a typo match is too weak to be a result, only a "did you mean": it reached the place through
    /// another of its names that is a mere variant spelling of the main one (within two edits of it), while
    /// the main name itself lies beyond the query's typo budget. `Colaba` reaches Cuiabá only through the
    /// rare "Culaba"; `Müncen` reaches München, a name of Munich in its own right, and stays a result.
    func isWeakTypo(_ match: GazetteerMatch, of folded: String) -> Bool {
        guard match.quality == .fuzzy else { return false }
        let main = Array(NameFolding.fold(match.entry.name).utf8)
        let matched = Array(match.matchedKey.utf8)
        guard main != matched else { return false }
        let query = Array(folded.utf8)
        var scratch = EditDistance(query: query)
        let reachesMain = main.withUnsafeBufferPointer {
            scratch.distance(query, $0, limit: Gazetteer.typoBudget(query.count)) != nil
        }
        guard !reachesMain else { return false }
        var variant = EditDistance(query: matched)
        return main.withUnsafeBufferPointer { variant.distance(matched, $0, limit: 2) != nil }
    }

    private func firstCharacter(of bytes: [UInt8]) -> [UInt8] {
        guard let first = bytes.first else { return [] }
        let length = first < 0x80 ? 1 : first < 0xE0 ? 2 : first < 0xF0 ? 3 : 4
        return Array(bytes.prefix(length))
    }
}
