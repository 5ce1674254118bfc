extension HTMLMapPage {
    /// The page's behaviour. It reads the two JSON blocks, draws the outlines on a canvas pane
    /// under the (optional) tiles, puts one marker per place in a cluster group, and keeps the
    /// map and the list in step with the search box and the filters. User text goes in with
    /// `textContent` only.
    static let script = #"""
(function () {
  'use strict';
  var $ = function (id) { return document.getElementById(id); };
  function element(tag, className, text) {
    var e = document.createElement(tag);
    if (className) e.className = className;
    if (text !== undefined && text !== null) e.textContent = text;
    return e;
  }
  function counted(n) { return n === 1 ? '1 place' : n + ' places'; }
  // The name folding of `places find` (NameFolding): its table of non-ASCII letters, then the same
  // rules for marks, punctuation and the abbreviations it spells out.
  var folding = JSON.parse($('places-folding').textContent);
  function foldWords(text) {
    var out = '';
    for (var ch of text) {
      var c = ch.codePointAt(0);
      if (c < 0x80) {
        out += c >= 65 && c <= 90 ? String.fromCharCode(c + 32) : (c >= 97 && c <= 122) || (c >= 48 && c <= 57) ? ch : ' ';
      } else if (folding.table[c] !== undefined) {
        out += folding.table[c];
      } else if (/[\p{Mn}\p{Me}\p{Cf}]/u.test(ch)) {
        continue;
      } else if (/[\p{P}\p{S}\p{Z}\p{Cc}]/u.test(ch)) {
        out += ' ';
      } else {
        out += ch;
      }
    }
    return out.split(' ').filter(Boolean).map(function (w) { return folding.expansions[w] || w; });
  }
  // Edits forgiven in a word, as `places find` forgives them: none up to 3 letters, one up to 7, two from 8.
  function typoLimit(word) { return word.length >= 8 ? 2 : word.length >= 4 ? 1 : 0; }
  // Optimal-string-alignment distance (a swap of neighbours is one edit: `ramne` is one from `ramen`).
  function distance(a, b, limit) {
    if (Math.abs(a.length - b.length) > limit) return limit + 1;
    var rows = [];
    for (var i = 0; i <= a.length; i++) {
      rows.push([i]);
      for (var j = 1; j <= b.length; j++) {
        if (i === 0) { rows[0].push(j); continue; }
        var cost = a[i - 1] === b[j - 1] ? 0 : 1;
        var d = Math.min(rows[i - 1][j] + 1, rows[i][j - 1] + 1, rows[i - 1][j - 1] + cost);
        if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, rows[i - 2][j - 2] + 1);
        rows[i].push(d);
      }
    }
    return rows[a.length][b.length];
  }
  // Whether a query word matches a word of the text: the whole word, its start (two letters or more),
  // or a word a typo or two away.
  function matchesWord(query, word) {
    if (query === word) return true;
    if (query.length >= 2 && word.length > query.length && word.lastIndexOf(query, 0) === 0) return true;
    var limit = typoLimit(query);
    return limit > 0 && distance(query, word, limit) <= limit;
  }

  var data = JSON.parse($('places-data').textContent);
  var outlines = JSON.parse($('places-outlines').textContent);
  var places = data.places;
  document.title = data.title;
  $('title').textContent = data.title;
  $('title').dir = 'auto';
  if (data.summary) { $('summary').textContent = data.summary; $('summary').dir = 'auto'; } else { $('summary').hidden = true; }

  var map = L.map('map', { zoomSnap: 0.25, minZoom: 1, maxZoom: 19, keyboard: true, worldCopyJump: false });
  var view = data.view;
  if (view.empty && !data.around) map.setView([25, 0], 2);
  else map.fitBounds([[view.south, view.west], [view.north, view.east]]);
  map.attributionControl.addAttribution('Land: Natural Earth');

  // Land under everything, tiles included: a pane below the tile pane (z-index 200).
  map.createPane('land');
  map.getPane('land').style.zIndex = 150;
  var landRenderer = L.canvas({ pane: 'land', padding: 0.5 });
  // Rings and lines as Leaflet points, in three copies of the world (shifted a turn either way) so a
  // view across the 180° meridian has land on both sides.
  function copies(list, closed) {
    var out = [];
    [-360, 0, 360].forEach(function (shift) {
      list.forEach(function (flat) {
        var points = [];
        for (var i = 0; i + 1 < flat.length; i += 2) points.push([flat[i + 1], flat[i] + shift]);
        out.push(closed ? [points] : points);
      });
    });
    return out;
  }
  // Land is filled with no stroke (the data is cut into tiles, and a tile's edge is no coast); the
  // coasts and shores are drawn as lines: a wide pale one under a fine one, as on the SVG map.
  function drawLayer(layer) {
    var style = { renderer: landRenderer, pane: 'land', interactive: false, stroke: false, fillOpacity: 1 };
    if (layer.land.length) L.polygon(copies(layer.land, true), Object.assign({ fillColor: '#f6f3ec', fillRule: 'evenodd' }, style)).addTo(map);
    if (layer.water.length) L.polygon(copies(layer.water, true), Object.assign({ fillColor: '#dde9f0', fillRule: 'evenodd' }, style)).addTo(map);
    if (layer.lines.length) {
      var lines = copies(layer.lines, false);
      L.polyline(lines, { renderer: landRenderer, pane: 'land', interactive: false, color: '#a8c2d3', weight: 2.2, lineJoin: 'round' }).addTo(map);
      L.polyline(lines, { renderer: landRenderer, pane: 'land', interactive: false, color: '#8fa9ba', weight: 0.7, lineJoin: 'round' }).addTo(map);
    }
  }
  drawLayer(outlines.world);
  if (outlines.detail) {
    // The finer outlines of the view's surroundings go over a patch of sea hiding the coarse world.
    var b = outlines.detailBox;
    L.rectangle([[b[1], b[0]], [b[3], b[2]]], { renderer: landRenderer, pane: 'land', interactive: false, stroke: false,
                                                fillColor: '#dde9f0', fillOpacity: 1 }).addTo(map);
    drawLayer(outlines.detail);
    // Rivers, as the SVG map draws them at this scale, and like it only while a pixel spans enough
    // ground that the river lies on its valley (zoomed in over a few streets it would run off it).
    if (outlines.detail.rivers && outlines.detail.rivers.length) {
      var rivers = L.polyline(copies(outlines.detail.rivers, false), { renderer: landRenderer, pane: 'land', interactive: false,
        color: '#9cc0d8', weight: 2, lineJoin: 'round', lineCap: 'round' });
      var showRivers = function () {
        var kilometresPerPixel = 40075.016686 * Math.cos(map.getCenter().lat * Math.PI / 180) / Math.pow(2, map.getZoom() + 8);
        var shown = kilometresPerPixel >= outlines.riverKilometresPerPixel;
        if (shown && !map.hasLayer(rivers)) rivers.addTo(map);
        if (!shown && map.hasLayer(rivers)) map.removeLayer(rivers);
      };
      map.on('zoomend', showRivers);
      showRivers();
    }
  }

  // Layers another script of the page adds over the land (the scratch map's countries).
  (window.placesMapLayers || []).forEach(function (draw) { draw(map, landRenderer, copies); });

  // The gazetteer's names around the view, as on the SVG map, from its zoom inwards; one that would
  // cover a pin, a label or a name before it is hidden (see declutter).
  map.createPane('context');
  map.getPane('context').style.zIndex = 390;
  map.getPane('context').style.pointerEvents = 'none';
  var contextZoom = map.getZoom() - 1;
  var contextLayer = L.layerGroup((outlines.context || []).map(function (c) {
    var label = element('span', 'context-name ' + c.style, c.name);
    label.dir = 'auto';
    return L.marker([c.lat, c.lon], { pane: 'context', interactive: false, keyboard: false,
      icon: L.divIcon({ className: 'context-label', html: label.outerHTML, iconSize: null }) });
  }));
  if (contextLayer.getLayers().length) map.attributionControl.addAttribution('Names: GeoNames, Natural Earth');
  function showContext() { if (map.getZoom() >= contextZoom) contextLayer.addTo(map); else contextLayer.remove(); }
  map.on('zoomend', showContext);
  showContext();

  // An added region's streets, railways, water, parks and buildings, drawn from the page's own data
  // over the land: each layer shows from the zoom at which it is more than a haze.
  var regionBlock = $('places-region');
  if (regionBlock) {
    var region = JSON.parse(regionBlock.textContent);
    map.attributionControl.addAttribution(region.credit);
    map.createPane('region');
    map.getPane('region').style.zIndex = 160;
    var regionRenderer = L.canvas({ pane: 'region', padding: 0.5 });
    var regionLayers = [];
    region.layers.forEach(function (layer) {
      var points = layer.shapes.map(function (flat) {
        var out = [];
        for (var i = 0; i + 1 < flat.length; i += 2) out.push([flat[i + 1], flat[i]]);
        return layer.area ? [out] : out;
      });
      var style = { renderer: regionRenderer, pane: 'region', interactive: false };
      var drawn = [];
      if (layer.area) {
        // Nonzero: overlapping areas join; a relation's holes run the other way round and stay open.
        drawn.push(L.polygon(points, Object.assign({ stroke: layer.stroke !== undefined, color: layer.stroke, weight: 0.6,
          fillColor: layer.fill, fillOpacity: 1, fillRule: 'nonzero' }, style)));
      } else {
        if (layer.casing) drawn.push(L.polyline(points, Object.assign({ color: layer.casing, weight: layer.weight + 1.2, lineCap: 'round', lineJoin: 'round' }, style)));
        drawn.push(L.polyline(points, Object.assign({ color: layer.color, weight: layer.weight, lineCap: 'round', lineJoin: 'round',
          dashArray: layer.dash }, style)));
      }
      regionLayers.push({ minZoom: layer.minZoom, group: L.layerGroup(drawn) });
    });
    var showRegion = function () {
      var zoom = map.getZoom();
      regionLayers.forEach(function (entry) {
        if (zoom >= entry.minZoom) entry.group.addTo(map); else entry.group.remove();
      });
    };
    map.on('zoomend', showRegion);
    showRegion();

    // Street names along their streets at the closest zooms, as the SVG map writes them: each name
    // once, on the longest stretch of its street in view that holds it, turned to read left to right,
    // never over another name. Redrawn on a canvas of its own whenever the view settles.
    map.createPane('region-names');
    map.getPane('region-names').style.zIndex = 170;
    map.getPane('region-names').style.pointerEvents = 'none';
    var namesCanvas = document.createElement('canvas');
    namesCanvas.id = 'region-street-names';
    map.getPane('region-names').appendChild(namesCanvas);
    var streets = {};
    region.layers.forEach(function (layer) {
      if (!layer.names) return;
      layer.shapes.forEach(function (flat, i) {
        var name = layer.names[i];
        if (!name) return;
        var line = [];
        for (var k = 0; k + 1 < flat.length; k += 2) line.push(L.latLng(flat[k + 1], flat[k]));
        (streets[name] = streets[name] || []).push(line);
      });
    });
    var drawNames = function () {
      var size = map.getSize(), ratio = window.devicePixelRatio || 1;
      L.DomUtil.setPosition(namesCanvas, map.containerPointToLayerPoint([0, 0]));
      namesCanvas.width = size.x * ratio; namesCanvas.height = size.y * ratio;
      namesCanvas.style.width = size.x + 'px'; namesCanvas.style.height = size.y + 'px';
      var ctx = namesCanvas.getContext('2d');
      ctx.setTransform(ratio, 0, 0, ratio, 0, 0);
      var written = [];
      if (map.getZoom() >= 16) {
        ctx.font = '11px "DejaVu Sans", Helvetica, Arial, sans-serif';
        ctx.textAlign = 'center'; ctx.textBaseline = 'middle';
        ctx.lineJoin = 'round'; ctx.lineWidth = 3; ctx.strokeStyle = '#ffffff'; ctx.fillStyle = '#4e5761';
        var taken = [];
        Object.keys(streets).sort().forEach(function (name) {
          var width = ctx.measureText(name).width + 8, best = null;
          streets[name].forEach(function (line) {
            for (var k = 1; k < line.length; k++) {
              var a = map.latLngToContainerPoint(line[k - 1]), b = map.latLngToContainerPoint(line[k]);
              var length = a.distanceTo(b), mid = L.point((a.x + b.x) / 2, (a.y + b.y) / 2);
              if (length < width || mid.x < 0 || mid.y < 0 || mid.x > size.x || mid.y > size.y) continue;
              if (!best || length > best.length) best = { a: a, b: b, length: length, mid: mid };
            }
          });
          if (!best) return;
          var angle = Math.atan2(best.b.y - best.a.y, best.b.x - best.a.x);
          if (angle > Math.PI / 2) angle -= Math.PI; else if (angle < -Math.PI / 2) angle += Math.PI;
          var dx = Math.abs(Math.cos(angle)) * width / 2 + 7, dy = Math.abs(Math.sin(angle)) * width / 2 + 7;
          var box = [best.mid.x - dx, best.mid.y - dy, best.mid.x + dx, best.mid.y + dy];
          if (box[0] < 0 || box[1] < 0 || box[2] > size.x || box[3] > size.y) return;
          if (taken.some(function (t) { return box[0] < t[2] && t[0] < box[2] && box[1] < t[3] && t[1] < box[3]; })) return;
          taken.push(box);
          ctx.save(); ctx.translate(best.mid.x, best.mid.y); ctx.rotate(angle);
          ctx.strokeText(name, 0, 0); ctx.fillText(name, 0, 0);
          ctx.restore();
          written.push(name);
        });
      }
      // What was written, for a reader's tools and the page's tests.
      namesCanvas.setAttribute('data-names', JSON.stringify(written));
    };
    map.on('zoomstart', function () { namesCanvas.style.visibility = 'hidden'; });
    map.on('moveend zoomend resize', function () { drawNames(); namesCanvas.style.visibility = 'visible'; });
    drawNames();
  }

  // Off until the reader asks: with it off the page requests nothing from the network.
  var tiles = L.tileLayer('https://tile.openstreetmap.org/{z}/{x}/{y}.png', {
    maxZoom: 19,
    attribution: '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors'
  });
  L.control.layers(null, { 'OpenStreetMap background (online)': tiles }, { collapsed: false }).addTo(map);

  if (data.around) {
    L.circle([data.around.lat, data.around.lon], { radius: data.around.radiusKm * 1000, color: '#3b6ea5',
      weight: 1.2, dashArray: '5 4', fillOpacity: 0.05, interactive: false }).addTo(map);
  }

  // Each pin sits on the copy of the world nearest the view's centre, as on the SVG map.
  var centreLon = (view.west + view.east) / 2;
  function nearCentre(lon) { return lon + 360 * Math.round((centreLon - lon) / 360); }
  var icons = {};
  function iconFor(p) {
    var key = (p.color | 0) + (p.visited ? 'v' : 'w');
    if (!icons[key]) {
      icons[key] = L.divIcon({ className: 'pin c' + (p.color | 0) + (p.visited ? ' visited' : ' want'), html: '',
        iconSize: [14, 14], iconAnchor: [7, 7], popupAnchor: [0, -6] });
    }
    return icons[key];
  }
  var linkNames = ['OpenStreetMap', 'Google Maps', 'Apple Maps', 'geo: link'];
  function popupFor(p) {
    var box = element('div', 'popup');
    var name = element('h2', 'name', p.name);
    name.dir = 'auto';
    box.appendChild(name);
    if (p.description) {
      var description = element('p', 'description', p.description);
      description.dir = 'auto';
      box.appendChild(description);
    }
    if (p.tags.length) {
      var tags = element('p', 'tags');
      p.tags.forEach(function (tag) { var chip = element('span', 'tag', tag); chip.dir = 'auto'; tags.appendChild(chip); });
      box.appendChild(tags);
    }
    if (p.visits.length > 1 || (p.visits.length === 1 && p.visits[0].note)) {
      // Every visit, with its note.
      var visits = element('ul', 'visits');
      p.visits.forEach(function (v) {
        var item = element('li', null, 'Visited ' + v.date);
        if (v.note) { var note = element('span', 'note', ' · ' + v.note); note.dir = 'auto'; item.appendChild(note); }
        visits.appendChild(item);
      });
      box.appendChild(visits);
    } else {
      box.appendChild(element('p', 'visited', p.visited ? 'Visited ' + p.visited : 'Want to go'));
    }
    box.appendChild(element('p', 'coordinates', p.coordinates));
    var links = element('p', 'links');
    p.links.forEach(function (url, i) {
      var a = element('a', null, linkNames[i]);
      a.href = url;
      a.target = '_blank';
      a.rel = 'noopener noreferrer';
      links.appendChild(a);
    });
    box.appendChild(links);
    return box;
  }

  var selected = -1, items = {};
  var markers = places.map(function (p, index) {
    var marker = L.marker([p.lat, nearCentre(p.lon)], { icon: iconFor(p), title: p.name, keyboard: true, riseOnHover: true });
    marker.bindPopup(function () { return popupFor(p); }, { maxWidth: 320, minWidth: 180, autoPanPadding: [24, 24] });
    marker.on('popupopen', function () { select(index, false); });
    if (data.labels) {
      marker.bindTooltip(function () { var label = element('span', null, p.name); label.dir = 'auto'; return label; },
        { permanent: true, direction: 'right', offset: [10, 0], className: 'place-label', interactive: false });
    }
    return marker;
  });
  var cluster = L.markerClusterGroup({ chunkedLoading: true, maxClusterRadius: 40, showCoverageOnHover: false,
    spiderfyOnMaxZoom: true, disableClusteringAtZoom: 18,
    chunkProgress: function (done, total) {
      if (done === total) {
        document.body.dataset.ready = 'true';
        if (!performance.getEntriesByName('places-pins-drawn').length) performance.mark('places-pins-drawn');
      }
    } });
  map.addLayer(cluster);

  // A name that would cover a pin or an earlier name is hidden until the view leaves it room,
  // so a label is never nearer another pin than its own.
  function declutter() {
    var taken = Array.prototype.map.call(document.querySelectorAll('.leaflet-marker-icon:not(.context-label)'), function (e) {
      return e.getBoundingClientRect();
    });
    var labels = Array.prototype.slice.call(document.querySelectorAll(data.labels ? '.leaflet-tooltip.place-label' : '.none'))
      .concat(Array.prototype.slice.call(document.querySelectorAll('.context-label')));
    labels.forEach(function (label) {
      label.style.visibility = '';
      var r = label.getBoundingClientRect();
      var hit = taken.some(function (b) { return r.left < b.right && r.right > b.left && r.top < b.bottom && r.bottom > b.top; });
      if (hit) label.style.visibility = 'hidden'; else taken.push(r);
    });
  }
  map.on('zoomend moveend', function () { setTimeout(declutter, 0); });
  cluster.on('animationend', declutter);

  // The filters: visited or not, any of the ticked tags, every word of the search.
  var state = { visited: 'all', tags: new Set(), words: [] };
  var haystacks = null;
  function passes(p, i) {
    if (state.visited === 'visited' && !p.visited) return false;
    if (state.visited === 'want' && p.visited) return false;
    if (state.tags.size && !p.tags.some(function (t) { return state.tags.has(t.toLowerCase()); })) return false;
    if (state.words.length) {
      if (!haystacks) haystacks = places.map(function (q) { return q.folded.split(' '); });
      for (var w = 0; w < state.words.length; w++) {
        if (!haystacks[i].some(function (word) { return matchesWord(state.words[w], word); })) return false;
      }
    }
    return true;
  }

  var shown = [], listLimit = 500;
  function apply() {
    shown = [];
    for (var i = 0; i < places.length; i++) if (passes(places[i], i)) shown.push(i);
    document.body.dataset.ready = 'false';
    cluster.clearLayers();
    cluster.addLayers(shown.map(function (i) { return markers[i]; }));
    if (!shown.length) document.body.dataset.ready = 'true';
    renderList();
    setTimeout(declutter, 0);
    $('count').textContent = shown.length === places.length ? counted(places.length)
      : shown.length + ' of ' + counted(places.length) + ' shown';
  }

  function renderList() {
    var list = $('list'), fragment = document.createDocumentFragment();
    list.textContent = '';
    items = {};
    shown.slice(0, listLimit).forEach(function (i) {
      var p = places[i];
      var li = element('li', i === selected ? 'selected' : null);
      li.tabIndex = 0;
      li.dataset.index = String(i);
      li.appendChild(element('span', 'dot c' + (p.color | 0) + (p.visited ? '' : ' want')));
      var name = element('span', 'name', p.name);
      name.dir = 'auto';
      li.appendChild(name);
      var detail = element('span', 'detail', (p.visited ? 'visited ' + p.visited : 'want to go')
        + (p.tags.length ? ' · ' + p.tags.join(', ') : ''));
      detail.dir = 'auto';
      li.appendChild(detail);
      items[i] = li;
      fragment.appendChild(li);
    });
    if (shown.length > listLimit) fragment.appendChild(element('li', 'more', (shown.length - listLimit) + ' more: search to narrow the list'));
    if (!shown.length) fragment.appendChild(element('li', 'more', places.length ? 'No place matches.' : 'No places yet.'));
    list.appendChild(fragment);
  }

  function select(i, fromList) {
    if (items[selected]) items[selected].classList.remove('selected');
    selected = i;
    if (items[i]) {
      items[i].classList.add('selected');
      if (!fromList) items[i].scrollIntoView({ block: 'nearest' });
    }
  }
  function focusPlace(i) {
    select(i, true);
    var marker = markers[i];
    cluster.zoomToShowLayer(marker, function () { marker.openPopup(); });
  }
  function indexOf(event) {
    var li = event.target.closest('li[data-index]');
    return li ? Number(li.dataset.index) : -1;
  }
  function highlight(event, on) {
    var i = indexOf(event), pin = i >= 0 ? markers[i].getElement() : null;
    if (pin) pin.classList.toggle('highlight', on);
  }
  $('list').addEventListener('click', function (event) { var i = indexOf(event); if (i >= 0) focusPlace(i); });
  $('list').addEventListener('keydown', function (event) {
    var i = indexOf(event);
    if (i >= 0 && (event.key === 'Enter' || event.key === ' ')) { event.preventDefault(); focusPlace(i); }
  });
  $('list').addEventListener('mouseover', function (event) { highlight(event, true); });
  $('list').addEventListener('mouseout', function (event) { highlight(event, false); });

  // A new search moves the map to what it found (or back to every place when cleared).
  function search() {
    var words = foldWords($('search').value);
    if (words.join(' ') === state.words.join(' ')) return;
    state.words = words;
    apply();
    if (!shown.length) return;
    var bounds = L.latLngBounds(shown.map(function (i) { return markers[i].getLatLng(); }));
    map.fitBounds(bounds.pad(0.1), { maxZoom: 14, animate: false });
  }
  var typing = null;
  $('search').addEventListener('input', function () {
    clearTimeout(typing);
    typing = setTimeout(search, 120);
  });
  $('search').addEventListener('keydown', function (event) {
    if (event.key !== 'Enter') return;
    clearTimeout(typing);
    search();
    if (shown.length) focusPlace(shown[0]);
  });
  Array.prototype.forEach.call(document.querySelectorAll('#visited input'), function (radio) {
    radio.addEventListener('change', function () { state.visited = radio.value; apply(); });
  });
  data.tags.forEach(function (t) {
    var label = element('label', 'tag'), box = element('input');
    box.type = 'checkbox';
    box.value = t.tag.toLowerCase();
    box.addEventListener('change', function () {
      if (box.checked) state.tags.add(box.value); else state.tags.delete(box.value);
      apply();
    });
    label.appendChild(box);
    if (t.color !== null) label.appendChild(element('span', 'dot c' + (t.color | 0)));
    var name = element('span', null, t.tag);
    name.dir = 'auto';
    label.appendChild(name);
    label.appendChild(element('span', 'n', String(t.count)));
    $('tags').appendChild(label);
  });

  apply();
})();
"""#
}
