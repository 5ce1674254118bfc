/// The positions of every node of an extract, kept so ways can be placed, in a few bytes a node.
///
/// Nodes come sorted by id, as extracts are written. They are packed in blocks of 32: the block's first
/// id sits in an array that is binary-searched, and the block's bytes hold each node as varints of its
/// id's step from the one before and zigzag steps of its latitude and longitude (1e-7 degrees). Nearby
/// nodes have nearby ids and positions, so a node takes about 5–7 bytes instead of 16. A lookup decodes
/// at most one block; the last 4,096 blocks decoded are kept, because a way's nodes usually sit together.
/// The blocks' bytes go to a temporary file (``RegionScratchFile``) and are read back with `pread`, so
/// memory holds half a byte a node (the blocks' first ids and offsets), not the positions.
///
/// An extract that is not sorted is sorted once, at the first lookup.
struct NodeLocations {
    static let blockSize = 32
    /// Decoded blocks kept, by block number modulo this: a way's nodes, and the ways around it, mostly
    /// sit in a few blocks.
    static let cacheSlots = 4096

    private var blockFirstID: [Int64] = []
    private var blockStart: [Int] = []
    /// The blocks' bytes, on disk beyond the last megabyte.
    private var bytes: RegionScratchFile
    private var inBlock = 0
    private var lastID: Int64 = .min
    private var lastLat: Int32 = 0
    private var lastLon: Int32 = 0
    /// Nodes that came out of order, merged in at the first lookup.
    private var unsorted: [(id: Int64, lat: Int32, lon: Int32)] = []

    /// Decoded blocks: which block each slot holds, and its nodes at `slot * blockSize`.
    private var slotBlock: [Int] = []
    private var slotCount: [Int] = []
    private var slotIDs: [Int64] = []
    private var slotLats: [Int32] = []
    private var slotLons: [Int32] = []
    private var blockBytes: [UInt8] = []
    /// The block of the last lookup, or -1.
    private var lastBlock = -1

    /// How many nodes it holds.
    private(set) var count = 0

    /// Bytes held in memory that grow with the nodes (not the fixed megabyte of buffer and the decoded
    /// blocks' cache): for measuring.
    var memoryBytes: Int { blockFirstID.capacity * 8 + blockStart.capacity * 8 + unsorted.capacity * 16 }

    /// - Parameter directory: where the positions go once they outgrow a megabyte.
    init(directory: String = RegionScratchFile.systemDirectory) {
        bytes = RegionScratchFile(directory: directory)
    }

    mutating func append(id: Int64, latitude7: Int32, longitude7: Int32) throws {
        count += 1
        guard unsorted.isEmpty, id > lastID else {
            unsorted.append((id, latitude7, longitude7))
            return
        }
        // A node after a lookup (an extract not sorted by type) may grow the last block: decode it again.
        if !slotBlock.isEmpty { slotBlock[(blockFirstID.count - 1) & (Self.cacheSlots - 1)] = -1 }
        if inBlock == Self.blockSize || blockFirstID.isEmpty {
            try bytes.endRecord()
            blockFirstID.append(id)
            blockStart.append(bytes.count)
            inBlock = 0
            bytes.appendSigned(Int64(latitude7))
            bytes.appendSigned(Int64(longitude7))
        } else {
            bytes.appendUnsigned(UInt64(id - lastID), signed: Int64(latitude7) - Int64(lastLat),
                                 Int64(longitude7) - Int64(lastLon))
        }
        inBlock += 1
        lastID = id
        lastLat = latitude7
        lastLon = longitude7
    }

    /// A node's position in 1e-7 degrees, or `nil` when the extract does not hold it.
    mutating func location(of id: Int64) throws -> (latitude7: Int32, longitude7: Int32)? {
        if !unsorted.isEmpty { try sortOnce() }
        // The last block whose first id is at most `id`: the block of the lookup before when it holds it (a
        // way's nodes mostly follow one another), else a binary search.
        let block: Int
        if lastBlock >= 0, lastBlock < blockFirstID.count, blockFirstID[lastBlock] <= id,
           lastBlock + 1 == blockFirstID.count || blockFirstID[lastBlock + 1] > id {
            block = lastBlock
        } else {
            block = blockFirstID.indices.partitionPoint { blockFirstID[$0] <= id } - 1
            guard block >= 0 else { return nil }
            lastBlock = block
        }
        if slotBlock.isEmpty {
            slotBlock = [Int](repeating: -1, count: Self.cacheSlots)
            slotCount = [Int](repeating: 0, count: Self.cacheSlots)
            slotIDs = [Int64](repeating: 0, count: Self.cacheSlots * Self.blockSize)
            slotLats = [Int32](repeating: 0, count: Self.cacheSlots * Self.blockSize)
            slotLons = [Int32](repeating: 0, count: Self.cacheSlots * Self.blockSize)
        }
        let slot = block & (Self.cacheSlots - 1)
        if slotBlock[slot] != block { try decode(block, into: slot) }
        let base = slot * Self.blockSize
        let first = (base..<base + slotCount[slot]).partitionPoint { slotIDs[$0] < id }
        guard first < base + slotCount[slot], slotIDs[first] == id else { return nil }
        return (slotLats[first], slotLons[first])
    }

    private mutating func decode(_ block: Int, into slot: Int) throws {
        let end = block + 1 < blockStart.count ? blockStart[block + 1] : bytes.count
        try bytes.read(blockStart[block]..<end, into: &blockBytes)
        var n = slot * Self.blockSize
        blockBytes.withUnsafeBufferPointer { buffer in
            var index = 0
            func unsigned() -> UInt64 { ScratchVarint.unsigned(buffer, &index) }
            func signed() -> Int64 { ScratchVarint.signed(buffer, &index) }
            var id = blockFirstID[block]
            var lat = signed(), lon = signed()
            slotIDs[n] = id; slotLats[n] = Int32(truncatingIfNeeded: lat); slotLons[n] = Int32(truncatingIfNeeded: lon)
            n += 1
            while index < buffer.count {
                id += Int64(bitPattern: unsigned())
                lat += signed()
                lon += signed()
                slotIDs[n] = id; slotLats[n] = Int32(truncatingIfNeeded: lat); slotLons[n] = Int32(truncatingIfNeeded: lon)
                n += 1
            }
        }
        slotBlock[slot] = block
        slotCount[slot] = n - slot * Self.blockSize
    }

    /// Decodes every node, sorts them with the ones that came out of order, and packs them again.
    private mutating func sortOnce() throws {
        var all = unsorted
        unsorted = []
        all.reserveCapacity(count)
        if !blockFirstID.isEmpty, slotBlock.isEmpty { slotBlock = [-1]; slotCount = [0] }
        if slotIDs.count < Self.blockSize {
            slotIDs = [Int64](repeating: 0, count: Self.blockSize)
            slotLats = [Int32](repeating: 0, count: Self.blockSize)
            slotLons = [Int32](repeating: 0, count: Self.blockSize)
        }
        for block in blockFirstID.indices {
            try decode(block, into: 0)
            for i in 0..<slotCount[0] { all.append((slotIDs[i], slotLats[i], slotLons[i])) }
        }
        // A stable sort keeps the first of two nodes with one id, as the arrays before did.
        all = all.enumerated().sorted { ($0.element.id, $0.offset) < ($1.element.id, $1.offset) }.map(\.element)
        self = NodeLocations(directory: bytes.directory)
        var previous: Int64?
        for node in all where node.id != previous {
            try append(id: node.id, latitude7: node.lat, longitude7: node.lon)
            previous = node.id
        }
        count = all.count
    }
}
