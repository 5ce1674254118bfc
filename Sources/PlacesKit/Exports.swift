// The library's layers, re-exported: `import PlacesKit` gives their whole public API.
@_exported import PlacesCore
@_exported import PlacesGeo
@_exported import PlacesInterchange
@_exported import PlacesJournal
@_exported import PlacesMap
@_exported import PlacesTravels
