#if canImport(Glibc)
import Glibc
#endif

/// Paints the SVG that ``SVGMapRenderer`` writes onto a ``RasterCanvas``, so a PNG map is the same
/// drawing as the SVG one, layer for layer.
///
/// It reads the subset of SVG the map uses, not SVG at large: `svg`, `g` (presentation attributes and
/// `translate`; `rotate` on a text), `defs` with `path` ids, `use`, `rect`, `circle`, `path` (M, L, H, V, C, Q, Z, absolute
/// or relative) and `text` (size, anchor, italic, bold, letter spacing, a halo drawn first as
/// `paint-order="stroke"` asks). `title` and `clipPath` are skipped: the canvas is the clip.
public enum SVGRasterizer {
    /// The image of an SVG document, or `nil` when it has no `<svg width height>`.
    public static func rasterize(_ svg: String) -> RasterCanvas? {
        var painter = Painter()
        painter.run(Array(svg.utf8))
        return painter.canvas
    }

    private struct Painter {
        var canvas: RasterCanvas?
        var styles: [[String: String]] = [[:]]
        var definitions: [String: String] = [:]
        var skipping = 0          // depth inside title/clipPath/defs-only content
        var inDefs = false
        var textAttributes: [String: String]?
        var textContent = ""

        mutating func run(_ bytes: [UInt8]) {
            var index = 0
            while index < bytes.count {
                if bytes[index] == UInt8(ascii: "<") {
                    var end = index + 1
                    while end < bytes.count, bytes[end] != UInt8(ascii: ">") { end += 1 }
                    tag(String(decoding: bytes[(index + 1)..<min(end, bytes.count)], as: UTF8.self))
                    index = end + 1
                } else {
                    var end = index
                    while end < bytes.count, bytes[end] != UInt8(ascii: "<") { end += 1 }
                    if textAttributes != nil, skipping == 0 {
                        textContent += Self.unescape(String(decoding: bytes[index..<end], as: UTF8.self))
                    }
                    index = end
                }
            }
        }

        mutating func tag(_ text: String) {
            if text.hasPrefix("?") || text.hasPrefix("!") { return }
            if text.hasPrefix("/") {
                let name = String(text.dropFirst())
                switch name {
                case "g", "svg": if styles.count > 1 { styles.removeLast() }
                case "title", "clipPath": skipping -= 1
                case "defs": inDefs = false
                case "text": finishText()
                default: break
                }
                return
            }
            let selfClosing = text.hasSuffix("/")
            let body = selfClosing ? String(text.dropLast()) : text
            let name = String(body.prefix { !$0.isWhitespace })
            let attributes = Self.attributes(String(body.dropFirst(name.count)))
            switch name {
            case "title", "clipPath": if !selfClosing { skipping += 1 }
            case "defs": inDefs = !selfClosing
            default: break
            }
            guard skipping == 0 || name == "title" || name == "clipPath" else { return }
            if skipping > 0 { return }
            switch name {
            case "svg":
                if canvas == nil, let width = Double(attributes["width"] ?? ""), let height = Double(attributes["height"] ?? "") {
                    canvas = RasterCanvas(width: Int(width.rounded()), height: Int(height.rounded()))
                }
                if !selfClosing { styles.append(merged(attributes)) }
            case "g":
                if !selfClosing { styles.append(merged(attributes)) }
            case "path":
                if inDefs, let id = attributes["id"] { definitions[id] = attributes["d"] ?? ""; return }
                paint(Self.path(attributes["d"] ?? ""), attributes)
            case "use":
                let reference = (attributes["xlink:href"] ?? attributes["href"] ?? "").dropFirst()
                if let d = definitions[String(reference)] { paint(Self.path(d), attributes) }
            case "rect" where !inDefs:
                let x = number(attributes["x"]), y = number(attributes["y"])
                let w = number(attributes["width"]), h = number(attributes["height"])
                paint(([[MapPoint(x: x, y: y), MapPoint(x: x + w, y: y), MapPoint(x: x + w, y: y + h), MapPoint(x: x, y: y + h)]], true),
                      attributes)
            case "circle" where !inDefs:
                let centre = MapPoint(x: number(attributes["cx"]), y: number(attributes["cy"]))
                paint(([RasterCanvas.circle(centre, radius: number(attributes["r"]))], true), attributes)
            case "text" where !inDefs:
                textAttributes = attributes
                textContent = ""
                if selfClosing { finishText() }
            default: break
            }
        }

        func merged(_ attributes: [String: String]) -> [String: String] {
            var style = styles.last ?? [:]
            for (key, value) in attributes where key != "id" && key != "clip-path" {
                if key == "transform", let offset = Self.translation(value) {
                    let (x, y) = Self.translation(style["transform"] ?? "") ?? (0, 0)
                    style[key] = "translate(\(x + offset.0) \(y + offset.1))"
                } else {
                    style[key] = value
                }
            }
            return style
        }

        func number(_ text: String?) -> Double { Double(text ?? "") ?? 0 }

        /// Fills, then strokes, a shape with the attributes in force.
        mutating func paint(_ shape: (polylines: [[MapPoint]], closed: Bool), _ attributes: [String: String]) {
            guard canvas != nil else { return }
            let style = merged(attributes)
            let (dx, dy) = Self.translation(style["transform"] ?? "") ?? (0, 0)
            let lines = dx == 0 && dy == 0 ? shape.polylines : shape.polylines.map { $0.map { MapPoint(x: $0.x + dx, y: $0.y + dy) } }
            let opacity = number(style["opacity"] ?? "1")
            if let fill = RasterColor(css: style["fill"] ?? "black") {
                canvas!.fill(lines.filter { $0.count >= 3 }, color: fill, opacity: number(style["fill-opacity"] ?? "1") * opacity)
            }
            if let stroke = RasterColor(css: style["stroke"] ?? "none") {
                canvas!.stroke(lines, closed: shape.closed, width: number(style["stroke-width"] ?? "1"), color: stroke,
                               opacity: number(style["stroke-opacity"] ?? "1") * opacity)
            }
        }

        mutating func finishText() {
            defer { textAttributes = nil; textContent = "" }
            guard canvas != nil, let attributes = textAttributes, !textContent.isEmpty else { return }
            let style = merged(attributes)
            let (dx, dy) = Self.translation(style["transform"] ?? "") ?? (0, 0)
            let size = number(style["font-size"] ?? "16"), spacing = number(style["letter-spacing"] ?? "0")
            let width = MapFont.width(textContent, size: size, letterSpacing: spacing)
            var x = number(attributes["x"]) + dx
            switch style["text-anchor"] {
            case "middle": x -= width / 2
            case "end": x -= width
            default: break
            }
            let slant = style["font-style"] == "italic" ? 0.2 : 0
            var outlines = MapFont.outlines(textContent, x: x, y: number(attributes["y"]) + dy, size: size,
                                            letterSpacing: spacing, slant: slant)
            // A street name is turned along its street: `rotate(angle cx cy)` on the text itself.
            if let (angle, cx, cy) = Self.rotation(attributes["transform"] ?? "") {
                let c = cos(angle * .pi / 180), s = sin(angle * .pi / 180)
                outlines = outlines.map { $0.map { p in
                    MapPoint(x: cx + (p.x - cx) * c - (p.y - cy) * s, y: cy + (p.x - cx) * s + (p.y - cy) * c)
                } }
            }
            let opacity = number(style["opacity"] ?? "1")
            if let halo = RasterColor(css: style["stroke"] ?? "none") {
                canvas!.stroke(outlines, closed: true, width: number(style["stroke-width"] ?? "1"), color: halo,
                               opacity: number(style["stroke-opacity"] ?? "1") * opacity)
            }
            if let fill = RasterColor(css: style["fill"] ?? "black") {
                let fillOpacity = number(style["fill-opacity"] ?? "1") * opacity
                if style["font-weight"] == "bold" {
                    canvas!.stroke(outlines, closed: true, width: size / 20, color: fill, opacity: fillOpacity)
                }
                canvas!.fill(outlines, color: fill, opacity: fillOpacity)
            }
        }

        static func rotation(_ text: String) -> (Double, Double, Double)? {
            guard text.hasPrefix("rotate("), text.hasSuffix(")") else { return nil }
            let numbers = text.dropFirst(7).dropLast().split { $0 == " " || $0 == "," }.compactMap { Double($0) }
            guard let angle = numbers.first else { return nil }
            return (angle, numbers.count > 2 ? numbers[1] : 0, numbers.count > 2 ? numbers[2] : 0)
        }

        static func translation(_ text: String) -> (Double, Double)? {
            guard text.hasPrefix("translate("), text.hasSuffix(")") else { return nil }
            let numbers = text.dropFirst(10).dropLast().split { $0 == " " || $0 == "," }.compactMap { Double($0) }
            return (numbers.first ?? 0, numbers.count > 1 ? numbers[1] : 0)
        }

        static func attributes(_ text: String) -> [String: String] {
            var result: [String: String] = [:]
            var rest = Substring(text)
            while let equals = rest.firstIndex(of: "=") {
                let key = String(rest[..<equals]).trimmed
                let afterEquals = rest[rest.index(after: equals)...]
                guard let open = afterEquals.firstIndex(where: { $0 == "\"" || $0 == "'" }) else { break }
                let quote = afterEquals[open]
                let valueStart = afterEquals.index(after: open)
                guard let close = afterEquals[valueStart...].firstIndex(of: quote) else { break }
                result[key] = unescape(String(afterEquals[valueStart..<close]))
                rest = afterEquals[afterEquals.index(after: close)...]
            }
            return result
        }

        static func unescape(_ text: String) -> String {
            guard text.contains("&") else { return text }
            var result = "", entity = "", inEntity = false
            for character in text {
                if inEntity {
                    if character == ";" {
                        switch entity {
                        case "amp": result += "&"
                        case "lt": result += "<"
                        case "gt": result += ">"
                        case "quot": result += "\""
                        case "apos": result += "'"
                        default:
                            let code = entity.hasPrefix("#x") ? UInt32(entity.dropFirst(2), radix: 16)
                                : entity.hasPrefix("#") ? UInt32(entity.dropFirst()) : nil
                            if let code, let scalar = Unicode.Scalar(code) { result.unicodeScalars.append(scalar) }
                        }
                        inEntity = false
                    } else {
                        entity.append(character)
                    }
                } else if character == "&" {
                    inEntity = true
                    entity = ""
                } else {
                    result.append(character)
                }
            }
            return result
        }

        /// A path's subpaths as polylines (curves flattened), and whether they are closed shapes.
        static func path(_ d: String) -> (polylines: [[MapPoint]], closed: Bool) {
            var tokens: [Substring] = []
            var start: String.Index?
            var index = d.startIndex
            func flush() { if let s = start { tokens.append(d[s..<index]); start = nil } }
            while index < d.endIndex {
                let c = d[index]
                if c.isLetter && c != "e" && c != "E" {
                    flush(); tokens.append(d[index...index])
                } else if c == " " || c == "," || c == "\n" {
                    flush()
                } else if c == "-", let s = start, d[d.index(before: index)] != "e" {
                    _ = s; flush(); start = index
                } else if start == nil {
                    start = index
                }
                index = d.index(after: index)
            }
            flush()
            var lines: [[MapPoint]] = [], current: [MapPoint] = []
            var command: Character = "M", closed = false
            var point = MapPoint(x: 0, y: 0), subpathStart = point
            var position = 0
            func next() -> Double? {
                guard position < tokens.count, let value = Double(tokens[position]) else { return nil }
                position += 1
                return value
            }
            while position < tokens.count {
                if let letter = tokens[position].first, letter.isLetter, tokens[position].count == 1 {
                    command = letter
                    position += 1
                    if command == "Z" || command == "z" {
                        closed = true
                        point = subpathStart
                        if !current.isEmpty { lines.append(current); current = [] }
                        continue
                    }
                }
                let relative = command.isLowercase
                let base = relative ? point : MapPoint(x: 0, y: 0)
                switch command.uppercased() {
                case "M":
                    guard let x = next(), let y = next() else { position += 1; continue }
                    if !current.isEmpty { lines.append(current) }
                    point = MapPoint(x: base.x + x, y: base.y + y)
                    subpathStart = point
                    current = [point]
                    command = relative ? "l" : "L"
                case "L":
                    guard let x = next(), let y = next() else { position += 1; continue }
                    point = MapPoint(x: base.x + x, y: base.y + y)
                    current.append(point)
                case "H":
                    guard let x = next() else { position += 1; continue }
                    point = MapPoint(x: (relative ? point.x : 0) + x, y: point.y)
                    current.append(point)
                case "V":
                    guard let y = next() else { position += 1; continue }
                    point = MapPoint(x: point.x, y: (relative ? point.y : 0) + y)
                    current.append(point)
                case "Q", "C":
                    let count = command.uppercased() == "Q" ? 2 : 3
                    var controls: [MapPoint] = []
                    for _ in 0..<count {
                        guard let x = next(), let y = next() else { break }
                        controls.append(MapPoint(x: base.x + x, y: base.y + y))
                    }
                    guard controls.count == count else { position += 1; continue }
                    let p0 = point
                    for step in 1...8 {
                        let t = Double(step) / 8, u = 1 - t
                        if count == 2 {
                            current.append(MapPoint(x: u * u * p0.x + 2 * u * t * controls[0].x + t * t * controls[1].x,
                                                    y: u * u * p0.y + 2 * u * t * controls[0].y + t * t * controls[1].y))
                        } else {
                            current.append(MapPoint(
                                x: u * u * u * p0.x + 3 * u * u * t * controls[0].x + 3 * u * t * t * controls[1].x + t * t * t * controls[2].x,
                                y: u * u * u * p0.y + 3 * u * u * t * controls[0].y + 3 * u * t * t * controls[1].y + t * t * t * controls[2].y))
                        }
                    }
                    point = controls[count - 1]
                default:
                    position += 1  // an unsupported command: skip its numbers
                }
            }
            if !current.isEmpty { lines.append(current) }
            return (lines, closed)
        }
    }
}
