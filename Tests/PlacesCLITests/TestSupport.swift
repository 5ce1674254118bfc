import PlacesTestSupport

// The shared test support (running the binary, finding outside tools), under the names every
// file of this target uses.
typealias PlacesRunner = PlacesTestSupport.PlacesRunner
typealias ExternalTool = PlacesTestSupport.ExternalTool
