#if canImport(Glibc)
import Glibc
#endif

/// A temporary file with no name, open for appending and for reading at any offset: it goes with the
/// process whatever happens, and its descriptor is closed when the last reference goes.
/// Made by ``FileSystem/createUnnamed(in:)``.
package final class UnnamedFile {
    /// The folder it was made in, for errors.
    let directory: String
    private let descriptor: Int32
    private let reader: ReadableFile

    init(directory: String, descriptor: Int32, reader: ReadableFile) {
        self.directory = directory
        self.descriptor = descriptor
        self.reader = reader
    }

    deinit { close(descriptor) }

    /// Appends all of `bytes`.
    package func append(_ bytes: UnsafeBufferPointer<UInt8>) throws(FileError) {
        try FileSystem.writeAll(descriptor, bytes, path: directory)
    }

    /// Reads up to `buffer.count` bytes at `offset`; returns how many were read.
    package func read(at offset: Int, into buffer: UnsafeMutableRawBufferPointer) throws(FileError) -> Int {
        try reader.read(at: offset, into: buffer)
    }
}
