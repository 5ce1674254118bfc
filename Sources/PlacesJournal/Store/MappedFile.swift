#if canImport(Glibc)
import Glibc
#endif
import PlacesCore

/// A file's bytes, mapped into memory read-only rather than read into an array.
///
/// Reading a large journal into an array costs a page fault and a copy per 4 KiB page: about 50 ms
/// for a 43 MB journal of 100,000 places, more than finding a place in it. A read-only mapping shares
/// the pages the kernel already caches and costs about 4 ms.
///
/// The journal is always replaced by renaming a new file over it, never rewritten in place, so a
/// mapping keeps seeing the version it mapped while `places` writes a new one. (A program that
/// truncated the file in place while it is mapped would make reading past the new end fail.)
package final class MappedFile: @unchecked Sendable {
    /// The bytes; valid while this object lives (see ``withBuffer(_:)``).
    let buffer: UnsafeBufferPointer<UInt8>
    /// Whether ``buffer`` is a mapping (else memory of our own).
    private let mapped: Bool

    /// Calls `body` with the bytes, keeping them mapped until it returns (Swift may otherwise end
    /// this object's life at its last use, before `body` is done with the buffer).
    package func withBuffer<T>(_ body: (UnsafeBufferPointer<UInt8>) throws -> T) rethrows -> T {
        try withExtendedLifetime(self) { try body(buffer) }
    }

    /// A copy of `bytes`, for text that is not a file (places encoded on the spot).
    init(copying bytes: [UInt8]) {
        let memory = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: max(bytes.count, 1))
        _ = memory.initialize(from: bytes)
        buffer = UnsafeBufferPointer(start: memory.baseAddress, count: bytes.count)
        mapped = false
    }

    private init(mapping: UnsafeRawBufferPointer) {
        buffer = mapping.bindMemory(to: UInt8.self)
        mapped = true
    }

    deinit {
        if mapped {
            FileSystem.unmap(UnsafeRawBufferPointer(buffer))
        } else {
            UnsafeMutablePointer(mutating: buffer.baseAddress)?.deallocate()
        }
    }

    /// The bytes of the regular file at `path`, mapped; `nil` when it does not exist. Anything but a
    /// regular file (or a file the system will not map) is read as ``PosixFile/read(_:regularOnly:limit:)``
    /// reads it, with the same errors.
    static func map(_ path: String) throws -> MappedFile? {
        let file: ReadableFile
        do throws(FileError) {
            guard let opened = try ReadableFile.ifPresent(path, accepting: .anything) else { return nil }
            file = opened
        } catch {
            throw JournalError(error)
        }
        if file.info.kind == .regular, let mapping = try? file.map() { return MappedFile(mapping: mapping) }
        return try PosixFile.read(path).map(MappedFile.init(copying:))
    }
}
