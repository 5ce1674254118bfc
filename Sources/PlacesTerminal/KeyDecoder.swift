/// A key, a paste or a mouse report, as read from a terminal in raw mode.
public enum Key: Equatable, Sendable {
    /// A printable character, as typed (`a`, `É`, `東`).
    case character(Character)
    /// A control key: Ctrl and a letter, given as the lower-case letter (`Ctrl-C` is `.control("c")`).
    case control(Character)
    case up, down, left, right, home, end, pageUp, pageDown, delete
    case enter, tab, backTab, backspace, escape
    /// Text pasted in bracketed-paste mode: taken as text, never as keys.
    case paste(String)
    /// A mouse report (SGR mode).
    case mouse(MouseEvent)
}

/// One SGR mouse report.
public struct MouseEvent: Equatable, Sendable {
    public enum Kind: Equatable, Sendable { case press, release, drag, wheelUp, wheelDown }
    public var kind: Kind
    /// 0 left, 1 middle, 2 right (for press, release and drag).
    public var button: Int
    /// Zero-based cell column and row.
    public var column: Int
    public var row: Int

    public init(kind: Kind, button: Int, column: Int, row: Int) {
        (self.kind, self.button, self.column, self.row) = (kind, button, column, row)
    }
}

/// Turns the bytes a terminal sends into keys. Bytes may arrive in any pieces: an escape sequence,
/// a UTF-8 character or a bracketed paste cut across reads is held until the rest comes.
///
/// Both cursor-key forms are read (`ESC [ A` and, in application mode, `ESC O A`), with or without
/// modifiers (`ESC [ 1 ; 5 A`). An Escape with nothing after it is ambiguous until some time has
/// passed: the caller waits ``loneEscapeDelay`` while ``isHoldingEscape`` and then calls
/// ``flush()``.
public struct KeyDecoder: Sendable {
    /// How long an Escape waits for the rest of a sequence, in milliseconds.
    public static let loneEscapeDelay = 40

    private var pending: [UInt8] = []
    private var paste: [UInt8]?

    private static let pasteStart: [UInt8] = Array("\u{1B}[200~".utf8)
    private static let pasteEnd: [UInt8] = Array("\u{1B}[201~".utf8)

    public init() {}

    /// Whether bytes that start with Escape wait for more (call ``flush()`` when none come).
    public var isHoldingEscape: Bool { paste == nil && pending.first == 0x1B }

    /// Reads more bytes; returns the keys they complete.
    public mutating func feed<Bytes: Sequence>(_ bytes: Bytes) -> [Key] where Bytes.Element == UInt8 {
        pending.append(contentsOf: bytes)
        return decode(final: false)
    }

    /// Gives up waiting: what is held is read as it is (a lone Escape is the Escape key).
    public mutating func flush() -> [Key] {
        decode(final: true)
    }

    private mutating func decode(final: Bool) -> [Key] {
        var keys: [Key] = []
        var index = 0
        func take(_ count: Int) { index += count }
        while index < pending.count {
            if paste != nil {
                // Inside a paste everything is text until the end marker.
                paste!.append(contentsOf: pending[index...])
                index = pending.count
                if let end = Self.find(Self.pasteEnd, in: paste!) {
                    let text = String(decoding: paste![..<end], as: UTF8.self)
                    let rest = Array(paste![(end + Self.pasteEnd.count)...])
                    paste = nil
                    keys.append(.paste(text))
                    pending = rest
                    index = 0
                }
                continue
            }
            let byte = pending[index]
            switch byte {
            case 0x1B:
                switch escape(at: index, final: final) {
                case .incomplete:
                    pending.removeFirst(index)
                    return keys
                case let .key(key, length):
                    if let key { keys.append(key) }
                    take(length)
                case .pasteStarts(let length):
                    take(length)
                    paste = []
                }
            case 0x0D, 0x0A: keys.append(.enter); take(1)
            case 0x09: keys.append(.tab); take(1)
            case 0x7F, 0x08: keys.append(.backspace); take(1)
            case 0x01...0x1A: keys.append(.control(Character(Unicode.Scalar(byte + 0x60)))); take(1)
            case 0x00, 0x1C...0x1F: take(1)
            case 0x20..<0x80: keys.append(.character(Character(Unicode.Scalar(byte)))); take(1)
            default:
                let length = byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : byte >= 0xC0 ? 2 : 1
                if index + length > pending.count && !final {
                    pending.removeFirst(index)
                    return keys
                }
                let end = min(index + length, pending.count)
                let text = String(decoding: pending[index..<end], as: UTF8.self)
                if length > 1, text.unicodeScalars.count == 1, let scalar = text.unicodeScalars.first, scalar != "\u{FFFD}", scalar.value >= 0xA0 {
                    keys.append(.character(Character(scalar)))
                    take(length)
                } else {
                    take(length > 1 && text.unicodeScalars.count == 1 ? length : 1)  // a C1 control, a stray or broken byte: dropped
                }
            }
        }
        pending.removeAll(keepingCapacity: true)
        return keys
    }

    private enum EscapeResult {
        case incomplete
        case key(Key?, length: Int)
        case pasteStarts(length: Int)
    }

    private func escape(at start: Int, final: Bool) -> EscapeResult {
        let rest = pending.count - start
        guard rest > 1 else { return final ? .key(.escape, length: 1) : .incomplete }
        let second = pending[start + 1]
        if second == UInt8(ascii: "O") {
            guard rest > 2 else { return final ? .key(.escape, length: 1) : .incomplete }
            return .key(Self.cursorKey(pending[start + 2]), length: 3)
        }
        guard second == UInt8(ascii: "[") else {
            // Escape, then another key (Alt-key, or Escape typed just before it): the Escape key alone.
            return .key(.escape, length: 1)
        }
        // CSI: parameter bytes 0x30–0x3F, intermediates 0x20–0x2F, a final byte 0x40–0x7E.
        var end = start + 2
        while end < pending.count, (0x20...0x3F).contains(pending[end]) { end += 1 }
        guard end < pending.count else { return final ? .key(.escape, length: 1) : .incomplete }
        let finalByte = pending[end]
        let length = end - start + 1
        guard (0x40...0x7E).contains(finalByte) else { return .key(nil, length: length - 1) }
        let parameters = String(decoding: pending[(start + 2)..<end], as: UTF8.self)
        if Array(pending[start..<(start + length)]) == Self.pasteStart { return .pasteStarts(length: length) }
        if parameters.hasPrefix("<"), finalByte == UInt8(ascii: "M") || finalByte == UInt8(ascii: "m") {
            return .key(Self.mouse(parameters.dropFirst(), pressed: finalByte == UInt8(ascii: "M")), length: length)
        }
        if finalByte == UInt8(ascii: "~") {
            let number = parameters.split(separator: ";").first.flatMap { Int($0) }
            let key: Key?
            switch number {
            case 1, 7: key = .home
            case 4, 8: key = .end
            case 3: key = .delete
            case 5: key = .pageUp
            case 6: key = .pageDown
            default: key = nil
            }
            return .key(key, length: length)
        }
        if finalByte == UInt8(ascii: "Z") { return .key(.backTab, length: length) }
        return .key(Self.cursorKey(finalByte), length: length)
    }

    private static func cursorKey(_ byte: UInt8) -> Key? {
        switch byte {
        case UInt8(ascii: "A"): .up
        case UInt8(ascii: "B"): .down
        case UInt8(ascii: "C"): .right
        case UInt8(ascii: "D"): .left
        case UInt8(ascii: "H"): .home
        case UInt8(ascii: "F"): .end
        default: nil
        }
    }

    /// `ESC [ < b ; x ; y M` (press, drag, wheel) or `m` (release); x and y count from 1.
    private static func mouse(_ parameters: Substring, pressed: Bool) -> Key? {
        let numbers = parameters.split(separator: ";").compactMap { Int($0) }
        guard numbers.count == 3 else { return nil }
        let code = numbers[0], column = numbers[1] - 1, row = numbers[2] - 1
        let kind: MouseEvent.Kind
        if code & 64 != 0 {
            kind = code & 1 == 0 ? .wheelUp : .wheelDown
        } else if code & 32 != 0 {
            kind = .drag
        } else {
            kind = pressed ? .press : .release
        }
        return .mouse(MouseEvent(kind: kind, button: code & 3, column: column, row: row))
    }

    private static func find(_ needle: [UInt8], in haystack: [UInt8]) -> Int? {
        guard haystack.count >= needle.count else { return nil }
        for start in 0...(haystack.count - needle.count) where haystack[start] == needle[0] {
            if haystack[start..<(start + needle.count)].elementsEqual(needle) { return start }
        }
        return nil
    }
}
