import PlacesTestSupport

// The shared test support (finding and running outside tools, temporary directories), under the
// names every file of this target uses.
typealias ExternalTool = PlacesTestSupport.ExternalTool
