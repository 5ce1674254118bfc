import PlacesCore
import PlacesGeo

extension HTMLMapPage {
    /// Points of a country's outline closer than this to the last one kept are dropped on the page, in
    /// degrees (about 2 km): finer than the page's world layer, a tenth of the size of the whole outline.
    static let scratchSimplifyDegrees = 0.02

    /// The scratch map's data for the page: `{"legend", "countries": [{"code", "name", "visited"}],
    /// "visited": rings, "wanted": rings, "regions": rings}`, each ring a flat `[lon, lat, …]` array as
    /// in ``outlinesJSON()``. Countries are listed visited first, then wanted, each by name.
    static func scratchJSON(_ scratch: ScratchMap, index: CountryIndex = .bundled, gazetteer: Gazetteer = .bundled) -> String {
        var visited: [String] = [], wanted: [String] = []
        index.forEachRing { country, ring in
            let code = index.countries[country].code
            let isVisited = scratch.visited.contains(code)
            guard isVisited || scratch.wanted.contains(code) else { return }
            let flat = simplifiedRing(ring.count, ring.point)
            guard !flat.isEmpty else { return }
            if isVisited { visited.append(flat) } else { wanted.append(flat) }
        }
        let regions = scratch.regions.rings.map { ring in
            simplifiedRing(ring.longitudes.count) { (ring.latitudes[$0], ring.longitudes[$0]) }
        }.filter { !$0.isEmpty }
        let locator = CountryLocator(gazetteer: gazetteer, index: index)
        var named: [(code: String, name: String, visited: Bool)] = []
        for code in scratch.visited { named.append((code, locator.name(of: code), true)) }
        for code in scratch.wanted { named.append((code, locator.name(of: code), false)) }
        named.sort { $0.visited != $1.visited ? $0.visited : $0.name < $1.name }
        let countries = named.map { country -> String in
            "{\"code\":" + JSONText.quoted(country.code) + ",\"name\":" + JSONText.quoted(country.name) + ",\"visited\":\(country.visited)}"
        }
        var json = "{\"legend\":" + JSONText.quoted(scratch.legend(countries: index.countries.count))
        json += ",\"countries\":[" + countries.joined(separator: ",") + "]"
        json += ",\"visited\":[" + visited.joined(separator: ",\n") + "]"
        json += ",\"wanted\":[" + wanted.joined(separator: ",\n") + "]"
        json += ",\"regions\":[" + regions.joined(separator: ",\n") + "]}"
        return HTMLMapData.scriptSafe(json)
    }

    /// A ring as `[lon,lat,…]`, points within ``scratchSimplifyDegrees`` of the last one kept dropped;
    /// empty when fewer than three points are left.
    private static func simplifiedRing(_ count: Int, _ point: (Int) -> (latitude: Double, longitude: Double)) -> String {
        var parts: [String] = []
        var last: (Double, Double)?
        for i in 0..<count {
            let p = point(i)
            if let last, abs(p.longitude - last.0) < scratchSimplifyDegrees, abs(p.latitude - last.1) < scratchSimplifyDegrees, i != count - 1 { continue }
            parts.append(CoordinateFormat.plain((p.longitude * 10_000).rounded() / 10_000) + "," + CoordinateFormat.plain((p.latitude * 10_000).rounded() / 10_000))
            last = (p.longitude, p.latitude)
        }
        return parts.count >= 3 ? "[" + parts.joined(separator: ",") + "]" : ""
    }

    /// Draws the scratch map (``scratchJSON(_:index:gazetteer:)``) on the page's land, under the pins,
    /// and puts its legend and countries in the side panel. It runs before ``script``, which calls each
    /// function of `window.placesMapLayers` once the base map is drawn. User text goes in with
    /// `textContent` only.
    static let scratchScript = #"""
(function () {
  'use strict';
  var scratch = JSON.parse(document.getElementById('places-scratch').textContent);
  window.placesMapLayers = (window.placesMapLayers || []).concat([function (map, renderer, copies) {
    var style = { renderer: renderer, pane: 'land', interactive: false, fillOpacity: 1, fillRule: 'evenodd' };
    if (scratch.wanted.length) L.polygon(copies(scratch.wanted, true), Object.assign({ fillColor: '#f4f1ea', color: '#d9480f', weight: 1.2 }, style)).addTo(map);
    if (scratch.visited.length) L.polygon(copies(scratch.visited, true), Object.assign({ fillColor: '#2b8a3e', color: '#1b5e20', weight: 0.6 }, style)).addTo(map);
    if (scratch.regions.length) L.polygon(copies(scratch.regions, true), Object.assign({ fillColor: '#1b5e20', color: '#0d3311', weight: 0.4 }, style)).addTo(map);
    map.attributionControl.addAttribution('Countries: Natural Earth');
    var summary = document.getElementById('summary');
    summary.textContent = scratch.legend;
    summary.hidden = false;
    var list = document.createElement('ul');
    list.id = 'scratch-countries';
    list.style.cssText = 'max-height: 9em; overflow: auto; margin: 4px 0; padding-left: 1.2em; font-size: 0.9em';
    scratch.countries.forEach(function (c) {
      var item = document.createElement('li');
      item.className = c.visited ? 'visited' : 'wanted';
      item.textContent = c.name + (c.visited ? '' : ' (wanted)');
      item.dir = 'auto';
      item.dataset.code = c.code;
      item.style.color = c.visited ? '#1b5e20' : '#d9480f';
      list.appendChild(item);
    });
    summary.parentNode.appendChild(list);
  }]);
})();
"""#
}
