extension HTMLMapPage {
    /// The page's own style, after Leaflet's. Colours match the SVG map's (`SVGMapRenderer.Style`).
    static let pageStyle = #"""
html, body { height: 100%; margin: 0; }
body { display: flex; background: #f4f6f8; color: #26303b;
       font: 14px/1.45 'DejaVu Sans', 'Helvetica Neue', Helvetica, Arial, sans-serif; }
#side { width: 320px; flex: none; display: flex; flex-direction: column; gap: 8px; padding: 14px 14px 10px;
        box-sizing: border-box; background: #fff; border-right: 1px solid #dde3e8; overflow: hidden; }
#side h1 { font-size: 20px; margin: 0; }
#summary { margin: 2px 0 0; color: #5b6673; }
#search { font: inherit; padding: 6px 9px; border: 1px solid #c5cdd5; border-radius: 6px; }
#visited { display: flex; gap: 12px; flex-wrap: wrap; }
#visited label, #tags label { cursor: pointer; white-space: nowrap; }
#tags { display: flex; flex-wrap: wrap; gap: 4px 10px; max-height: 120px; overflow: auto; }
#tags:empty { display: none; }
#tags .n { color: #7d8590; margin-left: 3px; font-size: 12px; }
#count { margin: 0; color: #5b6673; font-size: 13px; }
#list { list-style: none; margin: 0; padding: 0; overflow: auto; flex: 1; border-top: 1px solid #e6eaee; }
#list li { padding: 6px 4px; border-bottom: 1px solid #eef1f4; cursor: pointer; }
#list li:hover, #list li:focus { background: #f1f5f9; outline: none; }
#list li.selected { background: #fff4d6; }
#list li.more { color: #7d8590; cursor: default; font-style: italic; }
#list .name { font-weight: bold; }
#list .detail { display: block; color: #5b6673; font-size: 12px; margin-left: 16px; }
#about { font-size: 12px; color: #5b6673; }
#about pre { white-space: pre-wrap; font-size: 10px; max-height: 160px; overflow: auto; background: #f4f6f8; padding: 6px; }
#map { flex: 1; background: #dde9f0; }
.dot { display: inline-block; width: 10px; height: 10px; margin-right: 6px; border-radius: 50%;
       box-sizing: border-box; background: var(--pin); vertical-align: -1px; }
.dot.want { background: #fff; border: 2.5px solid var(--pin); }
.leaflet-marker-icon.pin { border-radius: 50%; box-sizing: border-box; background: var(--pin);
       border: 2px solid #fff; box-shadow: 0 0 0 1px rgba(0, 0, 0, .4); }
.leaflet-marker-icon.pin.want { background: #fff; border: 3px solid var(--pin); }
.leaflet-marker-icon.pin.highlight, .leaflet-marker-icon.pin:focus { box-shadow: 0 0 0 4px #f2b705; outline: none; }
.leaflet-tooltip.place-label { background: rgba(255, 255, 255, .82); border: none; box-shadow: none; border-radius: 3px;
       padding: 0 4px; font-size: 12px; color: #26303b; }
.leaflet-tooltip.place-label::before { display: none; }
.context-label { white-space: nowrap; }
.context-label .context-name { display: inline-block; transform: translate(-50%, -50%); font-size: 11px; color: #6b7580;
       text-shadow: 0 0 2px #fff, 0 0 2px #fff; }
.context-label .capital { color: #4a5561; }
.context-label .water { color: #5d87a6; font-style: italic; }
.context-label .range { color: #8a7d6b; letter-spacing: 1.5px; text-transform: uppercase; font-size: 10px; }
.popup h2 { font-size: 15px; margin: 0 0 4px; }
.popup p { margin: 4px 0; }
.popup .description { white-space: pre-wrap; }
.popup .tag { display: inline-block; background: #eef2f5; border-radius: 9px; padding: 0 7px; margin: 0 4px 2px 0; }
.popup .visited { color: #5b6673; }
.popup .visits { margin: 4px 0; padding-left: 16px; color: #5b6673; }
.popup .visits .note { color: #26303b; white-space: pre-wrap; }
.popup .coordinates { font-family: 'DejaVu Sans Mono', Menlo, Consolas, monospace; }
.popup .links a { margin-right: 10px; }
.noscript { position: absolute; top: 40%; width: 100%; text-align: center; }
@media (max-width: 700px) {
  body { flex-direction: column-reverse; }
  #side { width: auto; height: 42%; border-right: none; border-top: 1px solid #dde3e8; }
}
"""#
}
