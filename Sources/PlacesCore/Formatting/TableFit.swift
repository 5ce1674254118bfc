/// Fits a table into a terminal's width: the steps to take, in order, until it fits (drop a column,
/// or cut a column's cells to fewer columns with `…`).
public struct TableFit: Sendable {
    /// One column of the table.
    public struct Column: Sendable {
        /// The column's name (`name`, `tags`), used by the steps.
        public var key: String
        public var title: String
        public var cells: [String]
        public var rightAligned: Bool

        public init(key: String, title: String, cells: [String], rightAligned: Bool = false) {
            self.key = key
            self.title = title
            self.cells = cells
            self.rightAligned = rightAligned
        }
    }

    /// One way to make the table narrower.
    public enum Step: Sendable, Equatable {
        /// Leave out the column.
        case drop(String)
        /// Leave out these columns at once: they mean nothing apart (a latitude without its longitude).
        case dropTogether([String])
        /// Cut the column's cells (not its title) to no fewer than this many columns.
        case shrink(String, toAtLeast: Int)
    }

    /// The steps, most expendable first.
    public var steps: [Step]

    public init(steps: [Step]) {
        self.steps = steps
    }

    /// `columns` fitted into `width` terminal columns with two spaces between columns, taking
    /// ``steps`` in order only as far as needed; `nil` width keeps them whole.
    /// - Returns: the columns kept, their cells cut where a step cut them, for
    ///   ``TerminalText/appendTable(_:firstLine:to:)``.
    public func fitted(_ columns: [Column], width: Int?) -> [Column] {
        // Nothing to measure: a long listing into a pipe costs no more than before.
        guard let width else { return columns }
        var kept = columns
        var widths = columns.map { column in
            column.cells.reduce(TerminalText.width(column.title)) { max($0, TerminalText.width(TerminalText.visible($1))) }
        }
        func total() -> Int { widths.reduce(0, +) + 2 * max(0, widths.count - 1) }
        let natural = widths
        for step in steps where total() > width {
            switch step {
            case .drop(let key):
                guard let index = kept.firstIndex(where: { $0.key == key }) else { continue }
                kept.remove(at: index)
                widths.remove(at: index)
            case .dropTogether(let keys):
                for key in keys {
                    guard let index = kept.firstIndex(where: { $0.key == key }) else { continue }
                    kept.remove(at: index)
                    widths.remove(at: index)
                }
            case let .shrink(key, minimum):
                guard let index = kept.firstIndex(where: { $0.key == key }) else { continue }
                let title = TerminalText.width(kept[index].title)
                widths[index] = min(widths[index], max(minimum, title, widths[index] - (total() - width)))
            }
        }
        // A cut made before a later drop may be more than the drop left necessary: cut again from whole.
        widths = kept.map { column in natural[columns.firstIndex { $0.key == column.key }!] }
        for case let .shrink(key, minimum) in steps where total() > width {
            guard let index = kept.firstIndex(where: { $0.key == key }) else { continue }
            let title = TerminalText.width(kept[index].title)
            widths[index] = min(widths[index], max(minimum, title, widths[index] - (total() - width)))
        }
        for index in kept.indices {
            kept[index].cells = kept[index].cells.map { TerminalText.truncate(TerminalText.visible($0), toWidth: widths[index]) }
        }
        return kept
    }
}
