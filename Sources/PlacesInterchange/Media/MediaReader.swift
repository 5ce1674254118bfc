/// Reads where and when a photo or video was taken, choosing the reader by the file's first bytes
/// (never by its name).
public enum MediaReader {
    /// The kinds of file read.
    public enum Kind: String, Sendable {
        case jpeg, tiff, png, heif, video
    }

    /// File name extensions looked at when a folder is searched (files named on the command line
    /// are read whatever their name). Raw formats listed are those with a TIFF header.
    public static let extensions: Set<String> = [
        "jpg", "jpeg", "jpe", "jfif", "tif", "tiff", "png", "heic", "heif", "hif", "avif",
        "dng", "cr2", "nef", "nrw", "arw", "srf", "sr2", "orf", "rw2", "pef", "srw", "3fr", "erf", "kdc", "mos", "iiq",
        "mp4", "m4v", "mov", "qt", "3gp", "3g2",
    ]

    /// The kind of a file from its first 16 bytes, or `nil` for anything else.
    public static func kind(ofHead head: [UInt8]) -> Kind? {
        if head.starts(with: [0xFF, 0xD8, 0xFF]) { return .jpeg }
        if head.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return .png }
        if head.count >= 4, (head[0] == 0x49 && head[1] == 0x49) || (head[0] == 0x4D && head[1] == 0x4D) {
            let little = head[0] == 0x49
            if let magic = head.u16(2, bigEndian: !little), [42, 0x4F52, 0x5352, 0x55].contains(magic) { return .tiff }
        }
        guard head.count >= 12, let box = head.u32(4).map(UInt32.init) else { return nil }
        if box == ISOBox.ftyp {
            let brand = head.fourCC(8) ?? ""
            // HEIF still images; everything else with an ftyp (isom, mp41, qt, M4V, 3gp…) is a video.
            if ["heic", "heix", "heim", "heis", "hevc", "hevx", "mif1", "msf1", "avif", "avis"].contains(brand) { return .heif }
            if brand == "crx " { return nil }  // Canon CR3: not TIFF-based, not read
            return .video
        }
        // Old QuickTime files start straight with an atom.
        if [ISOBox.code("moov"), ISOBox.code("mdat"), ISOBox.code("wide"), ISOBox.code("free"), ISOBox.code("skip")].contains(box) {
            return .video
        }
        return nil
    }

    /// Reads the metadata of the bytes in `source`.
    /// - Throws: ``MediaSkip`` naming why not: not a photo or video, truncated, corrupt.
    public static func read(_ source: some MediaBytes) throws(MediaSkip) -> MediaMetadata {
        let head = try source.bytes(at: 0, count: min(16, source.size))
        switch kind(ofHead: head) {
        case .jpeg?: return try JPEGReader.read(source)
        case .png?: return try PNGReader.read(source)
        case .tiff?: return try TIFFReader.read(source)
        case .heif?: return try HEIFReader.read(source)
        case .video?: return try QuickTimeReader.read(source)
        case nil: throw MediaSkip(source.size == 0 ? "empty file" : "not a photo or video this reads (JPEG, TIFF, raw, HEIC, PNG, MP4, MOV)")
        }
    }

    /// Opens `path` read-only and reads its metadata.
    public static func read(path: String) throws(MediaSkip) -> MediaMetadata {
        try read(try FileBytes(path: path))
    }
}
