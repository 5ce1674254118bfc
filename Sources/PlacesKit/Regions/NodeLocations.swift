/// The positions of every node of an extract, kept so ways can be placed, in a few bytes a node.
///
/// Nodes come sorted by id, as extracts are written. They are packed in blocks of 32: the block's first
/// id sits in an array that is binary-searched, and the block's bytes hold each node as varints of its
/// id's step from the one before and zigzag steps of its latitude and longitude (1e-7 degrees). Nearby
/// nodes have nearby ids and positions, so a node takes about 5–7 bytes instead of 16. A lookup decodes
/// at most one block; the last block decoded is kept, because a way's nodes usually sit together.
///
/// An extract that is not sorted is sorted once, at the first lookup.
struct NodeLocations {
    static let blockSize = 32

    private var blockFirstID: [Int64] = []
    private var blockStart: [Int] = []
    private var bytes: [UInt8] = []
    private var inBlock = 0
    private var lastID: Int64 = .min
    private var lastLat: Int32 = 0
    private var lastLon: Int32 = 0
    /// Nodes that came out of order, merged in at the first lookup.
    private var unsorted: [(id: Int64, lat: Int32, lon: Int32)] = []

    /// The decoded block a lookup last read.
    private var cachedBlock = -1
    private var cachedIDs: [Int64] = []
    private var cachedLats: [Int32] = []
    private var cachedLons: [Int32] = []

    /// How many nodes it holds.
    private(set) var count = 0

    /// Bytes held: for measuring.
    var memoryBytes: Int { bytes.capacity + blockFirstID.capacity * 8 + blockStart.capacity * 8 + unsorted.capacity * 16 }

    mutating func append(id: Int64, latitude7: Int32, longitude7: Int32) {
        count += 1
        guard unsorted.isEmpty, id > lastID else {
            unsorted.append((id, latitude7, longitude7))
            return
        }
        if inBlock == Self.blockSize || blockFirstID.isEmpty {
            blockFirstID.append(id)
            blockStart.append(bytes.count)
            inBlock = 0
            writeSigned(Int64(latitude7))
            writeSigned(Int64(longitude7))
        } else {
            writeUnsigned(UInt64(id - lastID))
            writeSigned(Int64(latitude7) - Int64(lastLat))
            writeSigned(Int64(longitude7) - Int64(lastLon))
        }
        inBlock += 1
        lastID = id
        lastLat = latitude7
        lastLon = longitude7
    }

    /// A node's position in 1e-7 degrees, or `nil` when the extract does not hold it.
    mutating func location(of id: Int64) -> (latitude7: Int32, longitude7: Int32)? {
        if !unsorted.isEmpty { sortOnce() }
        // The last block whose first id is at most `id`.
        var low = 0, high = blockFirstID.count
        while low < high {
            let mid = (low + high) / 2
            if blockFirstID[mid] <= id { low = mid + 1 } else { high = mid }
        }
        let block = low - 1
        guard block >= 0 else { return nil }
        if block != cachedBlock { decode(block) }
        var first = 0, last = cachedIDs.count
        while first < last {
            let mid = (first + last) / 2
            if cachedIDs[mid] < id { first = mid + 1 } else { last = mid }
        }
        guard first < cachedIDs.count, cachedIDs[first] == id else { return nil }
        return (cachedLats[first], cachedLons[first])
    }

    private mutating func decode(_ block: Int) {
        cachedBlock = block
        cachedIDs.removeAll(keepingCapacity: true)
        cachedLats.removeAll(keepingCapacity: true)
        cachedLons.removeAll(keepingCapacity: true)
        let end = block + 1 < blockStart.count ? blockStart[block + 1] : bytes.count
        bytes.withUnsafeBufferPointer { buffer in
            var index = blockStart[block]
            func unsigned() -> UInt64 {
                var value: UInt64 = 0, shift: UInt64 = 0
                while true {
                    let byte = buffer[index]
                    index += 1
                    value |= UInt64(byte & 0x7F) << shift
                    if byte < 0x80 { return value }
                    shift += 7
                }
            }
            func signed() -> Int64 {
                let value = unsigned()
                return Int64(bitPattern: value >> 1) ^ -Int64(bitPattern: value & 1)
            }
            var id = blockFirstID[block]
            var lat = signed(), lon = signed()
            cachedIDs.append(id); cachedLats.append(Int32(truncatingIfNeeded: lat)); cachedLons.append(Int32(truncatingIfNeeded: lon))
            while index < end {
                id += Int64(bitPattern: unsigned())
                lat += signed()
                lon += signed()
                cachedIDs.append(id); cachedLats.append(Int32(truncatingIfNeeded: lat)); cachedLons.append(Int32(truncatingIfNeeded: lon))
            }
        }
    }

    /// Decodes every node, sorts them with the ones that came out of order, and packs them again.
    private mutating func sortOnce() {
        var all = unsorted
        unsorted = []
        all.reserveCapacity(count)
        for block in blockFirstID.indices {
            decode(block)
            for i in cachedIDs.indices { all.append((cachedIDs[i], cachedLats[i], cachedLons[i])) }
        }
        // A stable sort keeps the first of two nodes with one id, as the arrays before did.
        all = all.enumerated().sorted { ($0.element.id, $0.offset) < ($1.element.id, $1.offset) }.map(\.element)
        self = NodeLocations()
        var previous: Int64?
        for node in all where node.id != previous {
            append(id: node.id, latitude7: node.lat, longitude7: node.lon)
            previous = node.id
        }
        count = all.count
    }

    private mutating func writeUnsigned(_ value: UInt64) {
        var value = value
        while value >= 0x80 {
            bytes.append(UInt8(truncatingIfNeeded: value) | 0x80)
            value >>= 7
        }
        bytes.append(UInt8(value))
    }

    private mutating func writeSigned(_ value: Int64) {
        writeUnsigned(UInt64(bitPattern: (value << 1) ^ (value >> 63)))
    }
}
