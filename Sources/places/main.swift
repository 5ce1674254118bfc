import PlacesKit
#if canImport(Glibc)
import Glibc
#endif

exit(PlacesCLI.run(Array(CommandLine.arguments.dropFirst()), environment: PlacesCLI.currentEnvironment()))
