import PlacesKit
#if canImport(Glibc)
import Glibc
#endif

// A write past a file-size limit (`ulimit -f`) should fail with EFBIG and a clear message, not kill
// the process with SIGXFSZ; a closed pipe (`places list | head`) should end output quietly.
signal(SIGXFSZ, SIG_IGN)
signal(SIGPIPE, SIG_DFL)
exit(PlacesCLI.run(Array(CommandLine.arguments.dropFirst()), environment: PlacesCLI.currentEnvironment()))
