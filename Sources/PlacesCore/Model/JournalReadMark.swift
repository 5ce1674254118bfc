/// A place's mark from the read of the journal that made it (see ``Location/readMark``): the read, a
/// number drawn at random for each read so that a place from another read or another journal never
/// passes for one of this read's, and the place's index in it.
package struct JournalReadMark: Equatable, Sendable {
    package var read: UInt64
    package var index: UInt32

    package init(read: UInt64, index: UInt32) {
        self.read = read
        self.index = index
    }
}
