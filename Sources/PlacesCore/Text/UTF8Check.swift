/// Strict UTF-8 checking for the JSON readers.
///
/// `String(validating:as:)` is generic over the encoding and is not specialised across modules,
/// so each call looks up type metadata: a third of the reading time of a large journal. This
/// check is the same rule (no overlong forms, no surrogates, nothing above U+10FFFF), after which
/// `String(decoding:as:)` cannot need to repair anything.
enum UTF8Check {
    static func string(_ bytes: UnsafeBufferPointer<UInt8>) -> String? {
        isValid(bytes) ? String(decoding: bytes, as: UTF8.self) : nil
    }

    static func isValid(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var index = 0
        let count = bytes.count
        while index < count {
            let lead = bytes[index]
            if lead < 0x80 { index += 1; continue }
            func continuation(_ offset: Int) -> Bool {
                index + offset < count && bytes[index + offset] & 0xC0 == 0x80
            }
            switch lead {
            case 0xC2...0xDF:
                guard continuation(1) else { return false }
                index += 2
            case 0xE0...0xEF:
                guard continuation(1), continuation(2) else { return false }
                let second = bytes[index + 1]
                if lead == 0xE0 && second < 0xA0 { return false }   // overlong
                if lead == 0xED && second > 0x9F { return false }   // surrogate
                index += 3
            case 0xF0...0xF4:
                guard continuation(1), continuation(2), continuation(3) else { return false }
                let second = bytes[index + 1]
                if lead == 0xF0 && second < 0x90 { return false }   // overlong
                if lead == 0xF4 && second > 0x8F { return false }   // above U+10FFFF
                index += 4
            default:
                return false
            }
        }
        return true
    }
}
