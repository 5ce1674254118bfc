import PlacesKit
#if canImport(Glibc)
import Glibc
#endif

// A write past a file-size limit (`ulimit -f`) should fail with EFBIG and a clear message, not kill
// the process with SIGXFSZ; a closed pipe (`places list | head`) should end output quietly.
signal(SIGXFSZ, SIG_IGN)
signal(SIGPIPE, SIG_DFL)
// `CommandLine.arguments` silently replaces bytes that are not UTF-8 with U+FFFD; a name saved
// that way would be quietly changed, so such an argument is refused instead.
for index in 1..<Int(CommandLine.argc) {
    guard let pointer = CommandLine.unsafeArgv[index] else { continue }
    let bytes = UnsafeBufferPointer(start: UnsafeRawPointer(pointer).assumingMemoryBound(to: UInt8.self), count: strlen(pointer))
    if String(validating: bytes, as: UTF8.self) == nil {
        exit(PlacesCLI.fail("argument \(index) (\(String(decoding: bytes, as: UTF8.self))) is not valid UTF-8 text"
                            + "\nhint: check the terminal's or the script's character encoding", code: .usage))
    }
}
// The variables that name the journal's path: one that is not UTF-8 would silently name another file.
for name in ["PLACES_STORE", "XDG_DATA_HOME", "HOME"] {
    guard let pointer = getenv(name) else { continue }
    let bytes = UnsafeBufferPointer(start: UnsafeRawPointer(pointer).assumingMemoryBound(to: UInt8.self), count: strlen(pointer))
    if String(validating: bytes, as: UTF8.self) == nil {
        exit(PlacesCLI.fail("the environment variable \(name) (\(String(decoding: bytes, as: UTF8.self))) is not valid UTF-8 text"
                            + "\nhint: set it to a path that is UTF-8 text (rename the folder if need be)", code: .usage))
    }
}
exit(PlacesCLI.run(Array(CommandLine.arguments.dropFirst()), environment: PlacesCLI.currentEnvironment()))
