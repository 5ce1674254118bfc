import PlacesCore

/// What an OpenStreetMap extract says about itself before its first element.
public struct OSMHeader: Sendable, Equatable {
    /// The area the extract covers, when its header says (a PBF `HeaderBBox`, an XML `<bounds>`).
    public var bounds: GeoBounds?
    /// When the data was current: the header's `osmosis_replication_timestamp` (seconds since 1970), or
    /// an XML `timestamp` attribute; `nil` when the file does not say.
    public var replicationTimestamp: Int64?
    /// The program that wrote the file (`writingprogram`, the XML `generator`), or empty.
    public var writingProgram: String = ""

    /// Creates an empty header.
    public init(bounds: GeoBounds? = nil, replicationTimestamp: Int64? = nil, writingProgram: String = "") {
        self.bounds = bounds
        self.replicationTimestamp = replicationTimestamp
        self.writingProgram = writingProgram
    }
}

/// A node: a point with an id and tags. Coordinates are in units of 1e-7 degrees, as OSM stores them.
public struct OSMNode: Sendable, Equatable {
    /// The node's id.
    public var id: Int64
    /// Degrees north × 10⁷.
    public var latitude7: Int32
    /// Degrees east × 10⁷.
    public var longitude7: Int32
    /// Its tags; empty for the untagged nodes that only give ways their shape.
    public var tags: OSMTags

    /// Degrees north.
    public var latitude: Double { Double(latitude7) / 1e7 }
    /// Degrees east.
    public var longitude: Double { Double(longitude7) / 1e7 }
}

/// A way: an ordered list of node ids and tags.
public struct OSMWay: Sendable, Equatable {
    /// The way's id.
    public var id: Int64
    /// The ids of its nodes, in order (a closed way repeats its first).
    public var nodes: [Int64]
    /// Its tags.
    public var tags: OSMTags
}

/// A relation: members of any type with roles, and tags.
public struct OSMRelation: Sendable, Equatable {
    /// What a member is.
    public enum MemberType: UInt8, Sendable { case node = 0, way = 1, relation = 2 }
    /// One member.
    public struct Member: Sendable, Equatable {
        /// Node, way or relation.
        public var type: MemberType
        /// Its id.
        public var id: Int64
        /// Its role (`outer`, `inner`, `street`…), or empty.
        public var role: String
    }
    /// The relation's id.
    public var id: Int64
    /// Its members in order.
    public var members: [Member]
    /// Its tags.
    public var tags: OSMTags
}

/// Receives an extract's contents in file order: the header, then nodes, ways and relations.
///
/// Both readers (``PBFReader``, ``OSMXMLReader``) call the same handler, so the pack compiler reads
/// either format the same way.
public protocol OSMHandler {
    /// The file's header, before any element.
    mutating func header(_ header: OSMHeader) throws
    /// One node.
    mutating func node(_ node: OSMNode) throws
    /// One way.
    mutating func way(_ way: OSMWay) throws
    /// One relation.
    mutating func relation(_ relation: OSMRelation) throws
    /// How many bytes of the file have been read, now and then.
    mutating func progress(bytesRead: Int)
}

extension OSMHandler {
    public mutating func progress(bytesRead: Int) {}
}

/// An extract that cannot be read: which file, where in it, and why.
public struct OSMReadError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The file.
    public var path: String
    /// The byte offset where the problem lies (for XML, the offset of the tag), or `nil` when the whole
    /// file is at fault (it cannot be opened).
    public var offset: Int?
    /// For an XML file, the line and column of the problem.
    public var position: TextPosition?
    /// What is wrong, in words a user can act on.
    public var reason: String

    /// Creates an error.
    public init(path: String, offset: Int?, position: TextPosition? = nil, reason: String) {
        self.path = path
        self.offset = offset
        self.position = position
        self.reason = reason
    }

    /// `monaco.osm.pbf: at byte 1234: a blob header of 70,000 bytes is over the format's limit of 64 KiB`.
    public var description: String {
        var text = "\(path): "
        // The offset is written without separators so it can be given to `dd skip=` or `xxd -s` as is.
        if let position { text += "line \(position.line), column \(position.column)" + (offset.map { " (byte \($0))" } ?? "") + ": " }
        else if let offset { text += "at byte \(offset): " }
        return text + reason
    }
}
