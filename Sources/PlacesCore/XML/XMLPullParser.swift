/// A small, strict, non-validating XML 1.0 pull parser for UTF-8 documents.
///
/// It exists because FoundationEssentials has no `XMLParser`, and `FoundationXML` would load ICU and
/// libxml2 into every run of the tool. It is deliberately hostile to hostile input:
/// - no entity is ever expanded except the five predefined ones and numeric character references,
///   so nothing is fetched (no XXE) and nothing multiplies (no billion laughs);
/// - a DOCTYPE with an internal subset is refused outright; an external DTD is ignored, never read;
/// - elements nest at most ``maximumDepth`` deep;
/// - the input is read from memory once; nothing is buffered beyond the current token.
///
/// Comments and processing instructions are checked and skipped. Namespace prefixes are kept as
/// written; ``namespaceURI(forPrefix:)`` resolves one in the current scope.
public struct XMLPullParser {
    /// The deepest nesting accepted: far beyond any GPX or KML, far below a stack overflow.
    public static let maximumDepth = 256

    private let bytes: [UInt8]
    private var index: Int
    private var openElements: [(name: String, offset: Int, bindingCount: Int)] = []
    /// In-scope `xmlns` declarations, innermost last.
    private var bindings: [(prefix: String, uri: String)] = []
    private var pendingEnd = false
    private var sawRoot = false

    /// Prepares to read a document.
    /// - Throws: ``XMLError`` for text that is not UTF-8 (a UTF-16 byte-order mark, say).
    public init(bytes: [UInt8]) throws {
        self.bytes = bytes
        var start = 0
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { start = 3 }
        if bytes.starts(with: [0xFF, 0xFE]) || bytes.starts(with: [0xFE, 0xFF]) {
            throw XMLError(
                position: TextPosition(line: 1, column: 1),
                reason: "the file is UTF-16: save it as UTF-8 and try again")
        }
        index = start
    }

    /// How many elements are open.
    public var depth: Int { openElements.count }

    /// The line and column of a byte offset, for messages about what the document says.
    public func position(ofOffset offset: Int) -> TextPosition {
        TextPosition.of(offset: offset, in: bytes)
    }

    /// The namespace URI bound to a prefix where the parser stands; `""` for the default namespace.
    public func namespaceURI(forPrefix prefix: String) -> String? {
        bindings.last(where: { $0.prefix == prefix })?.uri
    }

    /// The next event, or `nil` at the end of a well-formed document.
    /// - Throws: ``XMLError`` at the first thing that is not well-formed or is refused.
    public mutating func next() throws -> XMLEvent? {
        if pendingEnd {
            pendingEnd = false
            return .endElement(name: popElement())
        }
        while true {
            guard index < bytes.count else {
                if let open = openElements.last {
                    throw error(at: index, "the file ends before <\(open.name)> (opened at \(position(ofOffset: open.offset))) is closed")
                }
                if !sawRoot { throw error(at: index, "the file holds no XML element") }
                return nil
            }
            if bytes[index] != UInt8(ascii: "<") {
                let start = index
                let text = try readText()
                if openElements.isEmpty {
                    if text.unicodeScalars.contains(where: { !$0.properties.isWhitespace }) {
                        throw error(at: start, "text outside the root element")
                    }
                    continue
                }
                return .text(text)
            }
            if matches("<?") {
                try skipProcessingInstruction()
            } else if matches("<!--") {
                try skipComment()
            } else if matches("<![CDATA[") {
                let start = index
                guard !openElements.isEmpty else { throw error(at: start, "CDATA section outside the root element") }
                index += 9
                guard let end = find("]]>") else { throw error(at: start, "CDATA section is not closed with ]]>") }
                let text = try decodeUTF8(start: index, end: end, reportAt: start)
                index = end + 3
                return .text(text)
            } else if matches("<!DOCTYPE") {
                try skipDoctype()
            } else if matches("<!") {
                throw error(at: index, "unexpected markup declaration")
            } else if matches("</") {
                return try readEndTag()
            } else {
                return try readStartTag()
            }
        }
    }

    // MARK: - Markup

    private mutating func readStartTag() throws -> XMLEvent {
        let start = index
        index += 1
        if openElements.isEmpty && sawRoot {
            throw error(at: start, "a second root element: an XML document has exactly one")
        }
        if openElements.count >= Self.maximumDepth {
            throw error(at: start, "elements nest deeper than \(Self.maximumDepth) levels: refused")
        }
        let name = try readName()
        var attributes: [XMLAttribute] = []
        var declared = 0
        while true {
            let hadSpace = skipWhitespace()
            guard index < bytes.count else { throw error(at: start, "the tag <\(name)> is not closed") }
            let byte = bytes[index]
            if byte == UInt8(ascii: ">") {
                index += 1
                break
            }
            if byte == UInt8(ascii: "/") {
                guard index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: ">") else {
                    throw error(at: index, "expected /> to close <\(name)>")
                }
                index += 2
                pendingEnd = true
                break
            }
            guard hadSpace else { throw error(at: index, "expected white space before an attribute of <\(name)>") }
            let attributeOffset = index
            let attributeName = try readName()
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "=") else {
                throw error(at: index, "expected = after the attribute \(attributeName)")
            }
            index += 1
            skipWhitespace()
            let value = try readAttributeValue()
            if attributes.contains(where: { $0.name == attributeName }) {
                throw error(at: attributeOffset, "the attribute \(attributeName) appears twice in <\(name)>")
            }
            attributes.append(XMLAttribute(name: attributeName, value: value))
            if attributeName == "xmlns" {
                bindings.append((prefix: "", uri: value))
                declared += 1
            } else if attributeName.hasPrefix("xmlns:") {
                bindings.append((prefix: String(attributeName.dropFirst(6)), uri: value))
                declared += 1
            }
        }
        sawRoot = true
        openElements.append((name: name, offset: start, bindingCount: declared))
        return .startElement(name: name, attributes: attributes, offset: start)
    }

    private mutating func readEndTag() throws -> XMLEvent {
        let start = index
        index += 2
        let name = try readName()
        skipWhitespace()
        guard index < bytes.count, bytes[index] == UInt8(ascii: ">") else {
            throw error(at: index, "expected > to close </\(name)>")
        }
        index += 1
        guard let open = openElements.last else {
            throw error(at: start, "the end tag </\(name)> closes nothing")
        }
        guard open.name == name else {
            throw error(at: start, "the end tag </\(name)> does not match <\(open.name)> opened at \(position(ofOffset: open.offset))")
        }
        return .endElement(name: popElement())
    }

    private mutating func popElement() -> String {
        let open = openElements.removeLast()
        bindings.removeLast(open.bindingCount)
        return open.name
    }

    private mutating func skipProcessingInstruction() throws {
        let start = index
        guard let end = find("?>", from: start + 2) else { throw error(at: start, "processing instruction is not closed with ?>") }
        let body = try decodeUTF8(start: start + 2, end: end, reportAt: start)
        index = end + 2
        guard body.hasPrefix("xml") && (body.count == 3 || body.unicodeScalars.dropFirst(3).first?.properties.isWhitespace == true) else {
            return
        }
        // The XML declaration: only UTF-8 (and its subset ASCII) is read; anything else would be misread silently.
        guard start == 0 || (start == 3 && bytes.starts(with: [0xEF, 0xBB, 0xBF])) else {
            throw error(at: start, "the XML declaration must come first in the file")
        }
        if let encoding = Self.pseudoAttribute("encoding", in: body)?.lowercased(),
           !["utf-8", "utf8", "us-ascii", "ascii"].contains(encoding) {
            throw error(at: start, "the file declares the encoding \(encoding): only UTF-8 is supported; convert it (iconv -t UTF-8) and try again")
        }
    }

    private mutating func skipComment() throws {
        let start = index
        guard let end = find("-->", from: start + 4) else { throw error(at: start, "comment is not closed with -->") }
        index = end + 3
    }

    private mutating func skipDoctype() throws {
        let start = index
        if sawRoot { throw error(at: start, "DOCTYPE after the root element") }
        index += 9
        var quote: UInt8? = nil
        while index < bytes.count {
            let byte = bytes[index]
            if let open = quote {
                if byte == open { quote = nil }
            } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                quote = byte
            } else if byte == UInt8(ascii: "[") {
                throw error(
                    at: start,
                    "DOCTYPE with an internal subset is refused: entity declarations are never expanded (protection against external-entity and entity-expansion attacks)")
            } else if byte == UInt8(ascii: ">") {
                index += 1
                // An external DTD named here is ignored: it is never fetched.
                return
            }
            index += 1
        }
        throw error(at: start, "DOCTYPE is not closed with >")
    }

    // MARK: - Tokens

    private mutating func readName() throws -> String {
        let start = index
        while index < bytes.count {
            let byte = bytes[index]
            if byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D || byte == UInt8(ascii: ">")
                || byte == UInt8(ascii: "/") || byte == UInt8(ascii: "=") || byte == UInt8(ascii: "<")
                || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                break
            }
            index += 1
        }
        guard index > start else { throw error(at: start, "expected a name") }
        let first = bytes[start]
        if (first >= UInt8(ascii: "0") && first <= UInt8(ascii: "9")) || first == UInt8(ascii: "-") || first == UInt8(ascii: ".") {
            throw error(at: start, "a name cannot start with \(Character(Unicode.Scalar(first)))")
        }
        return try decodeUTF8(start: start, end: index, reportAt: start)
    }

    private mutating func readAttributeValue() throws -> String {
        guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") || bytes[index] == UInt8(ascii: "'") else {
            throw error(at: index, "expected a quoted attribute value")
        }
        let quote = bytes[index]
        let start = index
        index += 1
        var buffer: [UInt8] = []
        var plainStart = index
        while true {
            guard index < bytes.count else { throw error(at: start, "attribute value is not closed") }
            let byte = bytes[index]
            if byte == quote { break }
            if byte == UInt8(ascii: "<") { throw error(at: index, "< is not allowed in an attribute value") }
            if byte == UInt8(ascii: "&") {
                buffer.append(contentsOf: bytes[plainStart..<index])
                try readReference(into: &buffer)
                plainStart = index
                continue
            }
            if byte < 0x20 {
                guard byte == 0x09 || byte == 0x0A || byte == 0x0D else {
                    throw error(at: index, "control character U+00\(byte < 0x10 ? "0" : "")\(String(byte, radix: 16, uppercase: true)) is not allowed in XML")
                }
                // Attribute-value normalisation: literal white space becomes a space.
                buffer.append(contentsOf: bytes[plainStart..<index])
                buffer.append(0x20)
                index += 1
                plainStart = index
                continue
            }
            index += 1
        }
        buffer.append(contentsOf: bytes[plainStart..<index])
        index += 1
        return try decodeUTF8(buffer, reportAt: start)
    }

    /// Character data up to the next `<`, with references replaced.
    private mutating func readText() throws -> String {
        let start = index
        var buffer: [UInt8] = []
        var plainStart = index
        var hasReference = false
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "<") { break }
            if byte == UInt8(ascii: "&") {
                hasReference = true
                buffer.append(contentsOf: bytes[plainStart..<index])
                try readReference(into: &buffer)
                plainStart = index
                continue
            }
            if byte < 0x20 && byte != 0x09 && byte != 0x0A && byte != 0x0D {
                throw error(at: index, "control character U+00\(byte < 0x10 ? "0" : "")\(String(byte, radix: 16, uppercase: true)) is not allowed in XML")
            }
            index += 1
        }
        if !hasReference { return try decodeUTF8(start: start, end: index, reportAt: start) }
        buffer.append(contentsOf: bytes[plainStart..<index])
        return try decodeUTF8(buffer, reportAt: start)
    }

    /// Replaces `&…;` at `index`: the five predefined entities and character references only.
    private mutating func readReference(into buffer: inout [UInt8]) throws {
        let start = index
        index += 1
        var end = index
        while end < bytes.count, end - index <= 12, bytes[end] != UInt8(ascii: ";") { end += 1 }
        guard end < bytes.count, bytes[end] == UInt8(ascii: ";") else {
            throw error(at: start, "& must start a reference such as &amp; (write a literal & as &amp;)")
        }
        let name = String(decoding: bytes[index..<end], as: UTF8.self)
        index = end + 1
        switch name {
        case "lt": buffer.append(UInt8(ascii: "<"))
        case "gt": buffer.append(UInt8(ascii: ">"))
        case "amp": buffer.append(UInt8(ascii: "&"))
        case "quot": buffer.append(UInt8(ascii: "\""))
        case "apos": buffer.append(UInt8(ascii: "'"))
        default:
            guard name.hasPrefix("#") else {
                throw error(at: start, "the entity &\(name); is not defined: only &lt; &gt; &amp; &quot; &apos; and character references are allowed, and no entity is ever expanded")
            }
            let digits = name.dropFirst()
            let value: UInt32?
            if digits.hasPrefix("x") {
                value = digits.count > 1 ? UInt32(digits.dropFirst(), radix: 16) : nil
            } else {
                value = digits.isEmpty ? nil : UInt32(digits, radix: 10)
            }
            guard let value, let scalar = Unicode.Scalar(value), Self.isXMLCharacter(scalar) else {
                throw error(at: start, "&\(name); is not a valid character reference")
            }
            buffer.append(contentsOf: String(Character(scalar)).utf8)
        }
    }

    @discardableResult
    private mutating func skipWhitespace() -> Bool {
        let start = index
        while index < bytes.count {
            let byte = bytes[index]
            guard byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D else { break }
            index += 1
        }
        return index > start
    }

    // MARK: - Helpers

    private func matches(_ literal: StaticString) -> Bool {
        let count = literal.utf8CodeUnitCount
        guard index + count <= bytes.count else { return false }
        return literal.withUTF8Buffer { buffer in
            for offset in 0..<count where bytes[index + offset] != buffer[offset] { return false }
            return true
        }
    }

    private func find(_ literal: StaticString, from start: Int? = nil) -> Int? {
        literal.withUTF8Buffer { needle in
            let first = needle[0]
            var position = start ?? index
            let last = bytes.count - needle.count
            while position <= last {
                if bytes[position] == first {
                    var found = true
                    for offset in 1..<needle.count where bytes[position + offset] != needle[offset] {
                        found = false
                        break
                    }
                    if found { return position }
                }
                position += 1
            }
            return nil
        }
    }

    private func decodeUTF8(start: Int, end: Int, reportAt offset: Int) throws -> String {
        guard let text = String(validating: bytes[start..<end], as: UTF8.self) else {
            throw error(at: offset, "the text is not valid UTF-8")
        }
        return text
    }

    private func decodeUTF8(_ buffer: [UInt8], reportAt offset: Int) throws -> String {
        guard let text = String(validating: buffer, as: UTF8.self) else {
            throw error(at: offset, "the text is not valid UTF-8")
        }
        return text
    }

    private func error(at offset: Int, _ reason: String) -> XMLError {
        XMLError(position: position(ofOffset: offset), reason: reason)
    }

    /// The value of `name="…"` in an XML declaration.
    private static func pseudoAttribute(_ name: String, in body: String) -> String? {
        let scalars = Array(body.unicodeScalars)
        let key = Array(name.unicodeScalars)
        var position = 0
        while position + key.count < scalars.count {
            if Array(scalars[position..<(position + key.count)]) == key {
                var cursor = position + key.count
                while cursor < scalars.count, scalars[cursor] == " " { cursor += 1 }
                guard cursor < scalars.count, scalars[cursor] == "=" else { return nil }
                cursor += 1
                while cursor < scalars.count, scalars[cursor] == " " { cursor += 1 }
                guard cursor < scalars.count, scalars[cursor] == "\"" || scalars[cursor] == "'" else { return nil }
                let quote = scalars[cursor]
                var value = String.UnicodeScalarView()
                cursor += 1
                while cursor < scalars.count, scalars[cursor] != quote {
                    value.append(scalars[cursor])
                    cursor += 1
                }
                return String(value)
            }
            position += 1
        }
        return nil
    }

    /// XML 1.0's `Char` production.
    static func isXMLCharacter(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x9, 0xA, 0xD: return true
        case 0x20...0xD7FF, 0xE000...0xFFFD, 0x10000...0x10FFFF: return true
        default: return false
        }
    }
}
