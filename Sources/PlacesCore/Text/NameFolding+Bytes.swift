/// Folds UTF-8 bytes exactly as ``NameFolding/fold(_:)`` folds a string, into a reused buffer, without
/// making a `String`: the journal's own search folds every name (and `find` every description) of a
/// journal of 100,000 places on each run.
///
/// ASCII is folded byte by byte; each other scalar is folded once (through ``NameFolding``'s table and
/// rules) and its folded bytes are remembered for the rest of the run.
package struct NameFolder {
    /// What a non-ASCII scalar folds to: its bytes, where a space (32) breaks words. Empty for a mark.
    private var folded: [UInt32: [UInt8]] = [:]
    /// The same for the scalars below ``directLimit`` (Latin, Greek, Cyrillic, Arabic, Indic...), found
    /// by position instead of by hash; made on the first such scalar.
    private var direct: [[UInt8]?] = []
    private static let directLimit: UInt32 = 0x3000

    package init() {}

    /// Folds `bytes` (valid UTF-8) into `out`, replacing what `out` held.
    /// - Parameter asciiOnly: stop and return `false` at the first non-ASCII byte (`out` is then undefined).
    /// - Returns: `true` unless `asciiOnly` stopped it.
    /// - Complexity: O(n) in the number of bytes.
    @discardableResult
    package mutating func fold(_ bytes: UnsafeBufferPointer<UInt8>, into out: inout [UInt8], asciiOnly: Bool = false) -> Bool {
        out.removeAll(keepingCapacity: true)
        var wordStart = 0
        var index = 0
        let count = bytes.count
        while index < count {
            let byte = bytes[index]
            switch byte {
            case 0x41...0x5A:
                out.append(byte + 32)
                index += 1
            case 0x61...0x7A, 0x30...0x39:
                out.append(byte)
                index += 1
            case 0..<0x80:
                Self.breakWord(&out, &wordStart)
                index += 1
            default:
                if asciiOnly { return false }
                let (scalar, length) = Self.decode(bytes, at: index)
                index += length
                for folded in replacement(scalar) {
                    if folded == 32 { Self.breakWord(&out, &wordStart) } else { out.append(folded) }
                }
            }
        }
        if out.count > wordStart {
            Self.expandLastWord(&out, from: wordStart)
        } else if out.last == 32 {
            out.removeLast()
        }
        return true
    }

    /// Folds a string (see ``fold(_:into:asciiOnly:)``).
    package mutating func fold(_ text: String, into out: inout [UInt8]) {
        var text = text
        _ = text.withUTF8 { fold($0, into: &out) }
    }

    /// What the scalar starting at `index` of `bytes` (valid UTF-8, not ASCII) folds to, as ``fold(_:into:asciiOnly:)``
    /// folds it (a space breaks words), and its length in bytes.
    @inline(__always)
    package mutating func foldedScalar(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> (folded: [UInt8], length: Int) {
        let (scalar, length) = Self.decode(bytes, at: index)
        return (replacement(scalar), length)
    }

    /// What `scalar` becomes, by ``NameFolding/fold(_:)``'s rules: the folding table, nothing for a
    /// mark, a word break for punctuation, symbols and spaces, else itself.
    private mutating func replacement(_ value: UInt32) -> [UInt8] {
        if value < Self.directLimit {
            if direct.isEmpty { direct = Array(repeating: nil, count: Int(Self.directLimit)) }
            if let known = direct[Int(value)] { return known }
            let result = Self.fold(scalar: value)
            direct[Int(value)] = result
            return result
        }
        if let known = folded[value] { return known }
        let result = Self.fold(scalar: value)
        folded[value] = result
        return result
    }

    private static func fold(scalar value: UInt32) -> [UInt8] {
        let result: [UInt8]
        if let table = NameFolding.folded(value) {
            result = Array(table.utf8)
        } else if let scalar = Unicode.Scalar(value) {
            switch scalar.properties.generalCategory {
            case .nonspacingMark, .enclosingMark, .format:
                result = []
            case .connectorPunctuation, .dashPunctuation, .openPunctuation, .closePunctuation,
                 .initialPunctuation, .finalPunctuation, .otherPunctuation,
                 .mathSymbol, .currencySymbol, .modifierSymbol, .otherSymbol,
                 .spaceSeparator, .lineSeparator, .paragraphSeparator, .control:
                result = [32]
            default:
                result = Array(String(scalar).utf8)
            }
        } else {
            result = [32]
        }
        return result
    }

    /// The scalar starting at `index` and its length in bytes (the bytes are valid UTF-8).
    @inline(__always)
    private static func decode(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> (UInt32, Int) {
        let lead = UInt32(bytes[index])
        func next(_ offset: Int) -> UInt32 { index + offset < bytes.count ? UInt32(bytes[index + offset]) & 0x3F : 0 }
        if lead < 0xE0 { return ((lead & 0x1F) << 6 | next(1), 2) }
        if lead < 0xF0 { return ((lead & 0x0F) << 12 | next(1) << 6 | next(2), 3) }
        return ((lead & 0x07) << 18 | next(1) << 12 | next(2) << 6 | next(3), 4)
    }

    @inline(__always)
    private static func breakWord(_ out: inout [UInt8], _ wordStart: inout Int) {
        guard out.count > wordStart else { return }
        expandLastWord(&out, from: wordStart)
        out.append(32)
        wordStart = out.count
    }

    /// `st` → `saint`, `ste` → `sainte`, `mt` → `mount`, `ft` → `fort` (``NameFolding/tokenExpansions``).
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

    /// Whether folded `text` is `compact` (a folded key without its spaces) once its own spaces are left
    /// out: "grandmas house" and "grandma s house".
    package static func equalIgnoringSpaces(_ text: [UInt8], _ compact: [UInt8]) -> Bool {
        var index = 0
        for byte in text where byte != 32 {
            guard index < compact.count, compact[index] == byte else { return false }
            index += 1
        }
        return index == compact.count
    }
}
