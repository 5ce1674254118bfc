#!/usr/bin/env python3
"""Embeds Leaflet and its marker-cluster plugin in the program, for the interactive HTML map.

Reads the minified scripts and style sheets Debian ships (`apt-get install libjs-leaflet
libjs-leaflet.markercluster`), inlines the few images the style sheet names as data: URLs (so
the page never asks for a file beside it), drops the source-map comments (a browser's developer
tools would otherwise try to load the .map files), and writes them with their licence notices
into Sources/PlacesData/Tables (leaflet.js, markercluster.js, leaflet.css, *-notice.txt).

    python3 Scripts/map/embed-leaflet.py [DIRECTORY]   # default /usr/share/javascript/leaflet

The tables are embedded in the binary and cost nothing until a page is written (a build-time
resource would need Foundation's Bundle and files beside the binary at run time).
"""
import base64
import pathlib
import re
import subprocess
import sys

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1]))
from tables import write_table  # noqa: E402

ROOT = pathlib.Path(__file__).resolve().parents[2]
SOURCE = pathlib.Path(sys.argv[1] if len(sys.argv) > 1 else "/usr/share/javascript/leaflet")

LEAFLET_NOTICE = """Leaflet, a JavaScript library for mobile-friendly interactive maps. https://leafletjs.com
Copyright (c) 2010-2019, Vladimir Agafonkin
Copyright (c) 2010-2011, CloudMade
All rights reserved.

Redistribution and use in source and binary forms, with or without modification, are
permitted provided that the following conditions are met:

   1. Redistributions of source code must retain the above copyright notice, this list of
      conditions and the following disclaimer.

   2. Redistributions in binary form must reproduce the above copyright notice, this list
      of conditions and the following disclaimer in the documentation and/or other materials
      provided with the distribution.

THIS SOFTWARE IS PROVIDED BY THE COPYRIGHT HOLDERS AND CONTRIBUTORS "AS IS" AND ANY
EXPRESS OR IMPLIED WARRANTIES, INCLUDING, BUT NOT LIMITED TO, THE IMPLIED WARRANTIES OF
MERCHANTABILITY AND FITNESS FOR A PARTICULAR PURPOSE ARE DISCLAIMED. IN NO EVENT SHALL THE
COPYRIGHT HOLDER OR CONTRIBUTORS BE LIABLE FOR ANY DIRECT, INDIRECT, INCIDENTAL, SPECIAL,
EXEMPLARY, OR CONSEQUENTIAL DAMAGES (INCLUDING, BUT NOT LIMITED TO, PROCUREMENT OF
SUBSTITUTE GOODS OR SERVICES; LOSS OF USE, DATA, OR PROFITS; OR BUSINESS INTERRUPTION)
HOWEVER CAUSED AND ON ANY THEORY OF LIABILITY, WHETHER IN CONTRACT, STRICT LIABILITY, OR
TORT (INCLUDING NEGLIGENCE OR OTHERWISE) ARISING IN ANY WAY OUT OF THE USE OF THIS
SOFTWARE, EVEN IF ADVISED OF THE POSSIBILITY OF SUCH DAMAGE."""

CLUSTER_NOTICE = """Leaflet.markercluster, marker clustering for Leaflet. https://github.com/Leaflet/Leaflet.markercluster
Copyright 2012-2017 David Leaver (MIT licence); includes the Spiderfier by George MacKerron
(2011-2012, MIT licence) and QuickHull code from LiteratePrograms (MIT licence).

Permission is hereby granted, free of charge, to any person obtaining a copy of this software
and associated documentation files (the "Software"), to deal in the Software without
restriction, including without limitation the rights to use, copy, modify, merge, publish,
distribute, sublicense, and/or sell copies of the Software, and to permit persons to whom the
Software is furnished to do so, subject to the following conditions:

The above copyright notice and this permission notice shall be included in all copies or
substantial portions of the Software.

THE SOFTWARE IS PROVIDED "AS IS", WITHOUT WARRANTY OF ANY KIND, EXPRESS OR IMPLIED, INCLUDING
BUT NOT LIMITED TO THE WARRANTIES OF MERCHANTABILITY, FITNESS FOR A PARTICULAR PURPOSE AND
NONINFRINGEMENT. IN NO EVENT SHALL THE AUTHORS OR COPYRIGHT HOLDERS BE LIABLE FOR ANY CLAIM,
DAMAGES OR OTHER LIABILITY, WHETHER IN AN ACTION OF CONTRACT, TORT OR OTHERWISE, ARISING FROM,
OUT OF OR IN CONNECTION WITH THE SOFTWARE OR THE USE OR OTHER DEALINGS IN THE SOFTWARE."""


def package_version(name):
    try:
        return subprocess.run(["dpkg-query", "-W", "-f=${Version}", name], capture_output=True,
                              text=True, check=True).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return "unknown"


def read(name):
    return (SOURCE / name).read_text(encoding="utf-8")


def without_source_maps(text):
    return re.sub(r"\n?/[/*][#@] sourceMappingURL=[^\n]*", "", text).strip()


def inline_images(css):
    def data_url(match):
        path = SOURCE / match.group(1)
        encoded = base64.b64encode(path.read_bytes()).decode("ascii")
        return f"url(data:image/png;base64,{encoded})"
    css = re.sub(r"url\((images/[A-Za-z0-9_.-]+\.png)\)", data_url, css)
    # What is left must be a data: URL or the old IE behaviour hook, never a file or address.
    for url in re.findall(r"url\(([^)]*)\)", css):
        if not (url.startswith("data:") or url == "#default#VML"):
            sys.exit(f"leaflet.css still names {url}: the page would request it")
    return css


def checked(name, text):
    # The text is written into a <script> or <style> element of the page: it must not close it.
    for bad in ("</script", "</style", "<!--"):
        if bad in text.lower():
            sys.exit(f"{name} contains {bad!r}, which would end its element in the page")
    return text


def main():
    leaflet = without_source_maps(read("leaflet.min.js"))
    cluster = without_source_maps(read("leaflet.markercluster.min.js"))
    styles = "\n".join([inline_images(read("leaflet.css")), read("MarkerCluster.css"),
                        read("MarkerCluster.Default.css")])
    styles = without_source_maps(styles)
    versions = (f"libjs-leaflet {package_version('libjs-leaflet')}, "
                f"libjs-leaflet.markercluster {package_version('libjs-leaflet.markercluster')}")
    # Leaflet: BSD-2-Clause; Leaflet.markercluster: MIT. The notices go into every page beside the code.
    write_table("leaflet-packages.txt", versions)
    write_table("leaflet-notice.txt", checked("leaflet-notice", LEAFLET_NOTICE))
    write_table("markercluster-notice.txt", checked("markercluster-notice", CLUSTER_NOTICE))
    write_table("leaflet.js", checked("leaflet.js", leaflet))
    write_table("markercluster.js", checked("markercluster.js", cluster))
    write_table("leaflet.css", checked("leaflet.css", styles))

if __name__ == "__main__":
    main()
