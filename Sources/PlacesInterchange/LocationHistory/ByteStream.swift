import PlacesCore

/// Bytes read front to back through one fixed-size buffer, from an open file or from memory.
///
/// Location history files run to hundreds of megabytes; reading them whole would cost their size in
/// memory before a single entry is parsed. This holds at most ``chunkSize`` bytes of the file at a
/// time (plus whatever a reader has asked to keep, see ``mark``), whatever the file's size.
struct ByteStream {
    /// How many bytes each read asks for, by default.
    static let chunkSize = 1 << 20
    /// How many bytes each read asks for.
    let chunkSize: Int

    private enum Source {
        case file(ReadableFile)
        case memory([UInt8])
    }

    private let source: Source
    private var memoryOffset = 0
    /// The window of the file held in memory; `buffer[position]` is the next byte.
    private(set) var buffer: [UInt8] = []
    private(set) var position = 0
    /// The file offset of `buffer[0]`.
    private(set) var bufferStart = 0
    private(set) var reachedEnd = false
    /// While set, bytes from this buffer index on are kept across refills (an entry being captured).
    var mark: Int?
    /// Called with the number of bytes read so far after each read from the source.
    var onRead: ((Int) -> Void)?
    /// How many bytes have been read from the source.
    private(set) var bytesRead = 0
    /// Why reading stopped early, when it did: the stream then looks as if the file ended, and
    /// whoever reports that end says this instead.
    private(set) var readError: String?

    /// Reads an open file from where it stands.
    init(file: ReadableFile, chunkSize: Int = ByteStream.chunkSize) {
        source = .file(file)
        self.chunkSize = max(1, chunkSize)
        buffer.reserveCapacity(self.chunkSize)
    }

    /// Reads bytes already in memory (tests, fuzzing, small inputs), still a chunk at a time: a
    /// small `chunkSize` makes every entry straddle the chunks, as in a large file.
    init(bytes: [UInt8], chunkSize: Int = ByteStream.chunkSize) {
        source = .memory(bytes)
        self.chunkSize = max(1, chunkSize)
    }

    /// The file offset of the next byte.
    var offset: Int { bufferStart + position }

    /// The next byte without consuming it, or `nil` at the end of the file.
    @inline(__always)
    mutating func peek() -> UInt8? {
        if position < buffer.count { return buffer[position] }
        guard refill() else { return nil }
        return buffer[position]
    }

    /// Consumes the next byte.
    @inline(__always)
    mutating func advance() {
        position += 1
    }

    /// Moves past spaces, tabs and line breaks.
    mutating func skipSpace() {
        while let byte = peek(), byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 {
            position += 1
        }
    }

    /// The bytes from the mark to the current position.
    func marked() -> ArraySlice<UInt8> {
        buffer[(mark ?? position)..<position]
    }

    /// Reads the next chunk, dropping consumed bytes that are not marked.
    /// - Returns: `false` at the end of the file, or when reading failed (see ``readError``).
    private mutating func refill() -> Bool {
        guard !reachedEnd else { return false }
        let keepFrom = min(mark ?? position, position)
        if keepFrom > 0 {
            buffer.removeSubrange(0..<keepFrom)
            bufferStart += keepFrom
            position -= keepFrom
            if mark != nil { mark = 0 }
        }
        let count: Int
        switch source {
        case .memory(let bytes):
            count = min(chunkSize, bytes.count - memoryOffset)
            buffer.append(contentsOf: bytes[memoryOffset..<(memoryOffset + count)])
            memoryOffset += count
        case .file(let file):
            let old = buffer.count
            buffer.append(contentsOf: repeatElement(0, count: chunkSize))
            let got: Int
            do throws(FileError) {
                got = try file.read(into: &buffer, from: old)
            } catch {
                buffer.removeSubrange(old...)
                readError = error.reason
                reachedEnd = true
                return false
            }
            buffer.removeSubrange((old + got)...)
            count = got
        }
        bytesRead += count
        onRead?(bytesRead)
        if count == 0 {
            reachedEnd = true
            return false
        }
        return true
    }
}
