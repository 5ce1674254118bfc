/// Reads one coordinate value as people type it on a command line: `51.501`, `-0.141`, `+2.35`,
/// `1e-3`. Stricter than `Double(_:)`, which also takes `nan`, `inf` and hexadecimal.
public enum DecimalDegrees {
    /// The number in `text`, or a validation error naming the field, the value and the rule.
    /// - Throws: ``LocationValidationError`` for text that is not a plain decimal number, with a
    ///   hint for the decimal comma (`51,5`).
    public static func parse(_ text: String, field: String) throws -> Double {
        let trimmed = text.trimmed
        var bytes = Array(trimmed.utf8)[...]
        if bytes.first == UInt8(ascii: "+") || bytes.first == UInt8(ascii: "-") { bytes = bytes.dropFirst() }
        let digitsAndPoint = bytes.prefix { ($0 >= 48 && $0 <= 57) || $0 == UInt8(ascii: ".") }
        let rest = bytes.dropFirst(digitsAndPoint.count)
        let plainNumber = !digitsAndPoint.isEmpty && digitsAndPoint.filter { $0 == UInt8(ascii: ".") }.count <= 1
            && digitsAndPoint.contains { $0 >= 48 && $0 <= 57 }
        let exponentOK: Bool = {
            if rest.isEmpty { return true }
            var tail = rest
            guard tail.first == UInt8(ascii: "e") || tail.first == UInt8(ascii: "E") else { return false }
            tail = tail.dropFirst()
            if tail.first == UInt8(ascii: "+") || tail.first == UInt8(ascii: "-") { tail = tail.dropFirst() }
            return !tail.isEmpty && tail.allSatisfy { $0 >= 48 && $0 <= 57 }
        }()
        guard plainNumber, exponentOK, let value = Double(trimmed) else {
            let shown = Location.quoted(text)
            if trimmed.contains(","), Double(trimmed.replacingComma()) != nil {
                throw LocationValidationError(field: field, value: shown,
                                              rule: "is not a number: use a decimal point, not a comma (e.g. 51.5)")
            }
            throw LocationValidationError(field: field, value: shown, rule: "is not a number in decimal degrees (e.g. 51.501 or -0.141)")
        }
        guard value.isFinite else {
            throw LocationValidationError(field: field, value: shown(text), rule: "is too large: it must be between \(field == "latitude" ? "-90 and 90" : "-180 and 180")")
        }
        return value
    }

    private static func shown(_ text: String) -> String { Location.quoted(text) }
}

extension String {
    fileprivate func replacingComma() -> String { String(map { $0 == "," ? "." : $0 }) }
}
