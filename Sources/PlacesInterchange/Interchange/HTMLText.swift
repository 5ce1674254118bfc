/// A KML description's HTML as the text it shows: Google My Maps and Google Earth write
/// descriptions as HTML (`Rating: 5<br>Open late`), which the journal keeps as plain text.
///
/// Line breaks come from `<br>` and from the ends of blocks (`<p>`, `<div>`, `<li>`, `<tr>`,
/// headings); a link becomes its text with its address after it in parentheses (or the address
/// alone when that is its text); every other tag is dropped; entities are decoded (`&amp;`,
/// `&nbsp;`, `&#233;`, `&#xE9;`). In HTML, line breaks in the source are spaces, so runs of
/// white space become one space. Text without tags has only its entities decoded.
enum HTMLText {
    /// Elements whose start and end begin a new line.
    private static let blocks: Set<String> = ["p", "div", "li", "ul", "ol", "tr", "table", "h1", "h2", "h3", "h4", "h5", "h6",
                                              "blockquote", "pre", "hr", "dt", "dd", "dl"]

    /// Whether `text` holds an HTML tag: `<` followed by a letter, `/` or `!`.
    static func hasTags(_ text: String) -> Bool {
        var previous: Character?
        for character in text {
            if previous == "<", character.isLetter || character == "/" || character == "!" { return true }
            previous = character
        }
        return false
    }

    /// The text `html` shows (see ``HTMLText``).
    static func plain(_ html: String) -> String {
        guard hasTags(html) else { return html.contains("&") ? decodeEntities(html) : html }
        var out = ""
        var link: (href: String, textStart: Int)?
        var index = html.startIndex
        func newline() {
            while out.last == " " { out.removeLast() }
            out.append("\n")
        }
        while index < html.endIndex {
            let character = html[index]
            if character == "<", let close = html[index...].firstIndex(of: ">") {
                let inside = html[html.index(after: index)..<close]
                index = html.index(after: close)
                if inside.hasPrefix("!") { continue }  // a comment or a doctype
                let closing = inside.hasPrefix("/")
                let name = inside.drop { $0 == "/" }.prefix { $0.isLetter || $0.isNumber }.lowercased()
                if name == "br" {
                    newline()
                } else if blocks.contains(name) {
                    if !out.isEmpty && out.last != "\n" { newline() }
                } else if name == "a" {
                    if closing, let open = link {
                        let label = String(decoding: out.utf8.dropFirst(open.textStart), as: UTF8.self).trimmingCharacters(in: " ")
                        if !open.href.isEmpty && label != open.href {
                            out += label.isEmpty ? open.href : " (\(open.href))"
                        }
                        link = nil
                    } else if !closing {
                        link = (decodeEntities(attribute("href", in: String(inside)) ?? ""), out.utf8.count)
                    }
                }
                continue
            }
            if character == "<" {
                out.append(character)
            } else if character.isWhitespace {
                if let last = out.last, last != " " && last != "\n" { out.append(" ") }
            } else {
                out.append(character)
            }
            index = html.index(after: index)
        }
        let decoded = decodeEntities(out)
        // At most one empty line in a row, no spaces at line ends.
        var lines: [Substring] = []
        for line in decoded.split(separator: "\n", omittingEmptySubsequences: false) {
            let trimmed = line.trimmingCharacters(in: " ")
            if trimmed.isEmpty && (lines.last?.isEmpty ?? true) { continue }
            lines.append(trimmed)
        }
        while lines.last?.isEmpty == true { lines.removeLast() }
        return lines.joined(separator: "\n")
    }

    /// The value of attribute `name` in a tag's inside (`a href="…"`), quoted or not.
    private static func attribute(_ name: String, in tag: String) -> String? {
        let lower = tag.lowercased()
        var search = lower.startIndex
        while let found = lower[search...].firstRange(of: name) {
            search = found.upperBound
            let before = found.lowerBound == lower.startIndex ? " " : lower[lower.index(before: found.lowerBound)]
            guard before.isWhitespace else { continue }
            var at = found.upperBound
            while at < lower.endIndex, lower[at] == " " { at = lower.index(after: at) }
            guard at < lower.endIndex, lower[at] == "=" else { continue }
            at = lower.index(after: at)
            while at < lower.endIndex, lower[at] == " " { at = lower.index(after: at) }
            guard at < lower.endIndex else { return "" }
            // The value from the original text, keeping its case.
            let offset = lower.distance(from: lower.startIndex, to: at)
            let start = tag.index(tag.startIndex, offsetBy: offset)
            let quote = tag[start]
            if quote == "\"" || quote == "'" {
                let valueStart = tag.index(after: start)
                let end = tag[valueStart...].firstIndex(of: quote) ?? tag.endIndex
                return String(tag[valueStart..<end])
            }
            return String(tag[start...].prefix { !$0.isWhitespace && $0 != "/" })
        }
        return nil
    }

    private static let named: [String: String] = [
        "amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'", "nbsp": " ", "ndash": "–", "mdash": "—",
        "hellip": "…", "copy": "©", "reg": "®", "deg": "°", "euro": "€", "pound": "£", "middot": "·",
        "lsquo": "‘", "rsquo": "’", "ldquo": "“", "rdquo": "”", "eacute": "é", "egrave": "è", "agrave": "à",
        "uuml": "ü", "ouml": "ö", "auml": "ä", "szlig": "ß", "ccedil": "ç",
    ]

    /// `text` with its character references decoded; an unknown or malformed one is kept as written.
    static func decodeEntities(_ text: String) -> String {
        guard text.contains("&") else { return text }
        var out = ""
        var index = text.startIndex
        while index < text.endIndex {
            let character = text[index]
            guard character == "&", let semicolon = text[index...].prefix(12).firstIndex(of: ";") else {
                out.append(character)
                index = text.index(after: index)
                continue
            }
            let body = text[text.index(after: index)..<semicolon]
            var replacement: String?
            if body.hasPrefix("#x") || body.hasPrefix("#X") {
                replacement = UInt32(body.dropFirst(2), radix: 16).flatMap(Unicode.Scalar.init).map { String(Character($0)) }
            } else if body.hasPrefix("#") {
                replacement = UInt32(body.dropFirst()).flatMap(Unicode.Scalar.init).map { String(Character($0)) }
            } else {
                replacement = named[String(body)]
            }
            // A control character from a reference would break the description's rules: kept as written.
            if let replacement, !replacement.unicodeScalars.contains(where: { $0.properties.generalCategory == .control && $0 != "\n" && $0 != "\t" }) {
                out += replacement
                index = text.index(after: semicolon)
            } else {
                out.append(character)
                index = text.index(after: index)
            }
        }
        return out
    }
}

private extension Substring {
    func trimmingCharacters(in character: Character) -> Substring {
        var slice = self
        while slice.first == character { slice = slice.dropFirst() }
        while slice.last == character { slice = slice.dropLast() }
        return slice
    }
}

private extension String {
    func trimmingCharacters(in character: Character) -> String {
        String(self[...].trimmingCharacters(in: character))
    }
}
