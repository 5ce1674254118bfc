#!/usr/bin/env bash
# Makes the small photo and video fixtures the media reader tests read, in
# Tests/PlacesKitTests/Fixtures/Media/. Every GPS tag is written by exiftool, so the tests check the
# readers against what a real tool writes, not against our own idea of the formats.
#
# Needs: python3, exiftool (Debian libimage-exiftool-perl), heif-enc and heif-convert (libheif-examples).
# The files are committed (a few hundred bytes each); run this again only to change them.
set -euo pipefail
cd "$(dirname "$0")/../.."
out=Tests/PlacesKitTests/Fixtures/Media
here=Scripts/media-fixtures
mkdir -p "$out"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

python3 "$here/minimal_media.py" png "$work/base.png"
python3 "$here/minimal_media.py" tiff "$work/base.tif"
python3 "$here/minimal_media.py" mp4 "$work/base.mp4"
heif-enc -q 30 "$work/base.png" -o "$work/base.heic" >/dev/null
heif-convert -q 50 "$work/base.heic" "$work/base.jpg" >/dev/null

# The Eiffel Tower, 2024-05-01 12:30 in Paris (+02:00).
paris=(-GPSLatitude=48.8584 -GPSLatitudeRef=N -GPSLongitude=2.2945 -GPSLongitudeRef=E
       "-DateTimeOriginal=2024:05:01 12:30:00" "-OffsetTimeOriginal=+02:00")
for kind in jpg heic png tif; do
    cp "$work/base.$kind" "$out/paris.$kind"
    exiftool -q -overwrite_original "${paris[@]}" "$out/paris.$kind"
done
# A raw file is a TIFF structure under another name: the same reader serves it.
cp "$out/paris.tif" "$out/paris.dng"

# Rio de Janeiro (south and west), no offset but a GPS time stamp: 2024-06-10 09:15 local, 12:15 UTC.
cp "$work/base.jpg" "$out/rio.jpg"
exiftool -q -overwrite_original -GPSLatitude=22.9519 -GPSLatitudeRef=S -GPSLongitude=43.2105 -GPSLongitudeRef=W \
    "-DateTimeOriginal=2024:06:10 09:15:00" "-GPSDateStamp=2024:06:10" "-GPSTimeStamp=12:15:00" "$out/rio.jpg"

# A photo with a date but no position.
cp "$work/base.jpg" "$out/no-gps.jpg"
exiftool -q -overwrite_original "-DateTimeOriginal=2024:05:02 08:00:00" "$out/no-gps.jpg"

# Sydney Opera House videos: ©xyz in udta (MP4), and Apple's mdta keys with a creation date (MOV).
cp "$work/base.mp4" "$out/sydney.mp4"
exiftool -q -overwrite_original "-UserData:GPSCoordinates=-33.8568, 151.2153" "$out/sydney.mp4"
cp "$work/base.mp4" "$out/sydney-keys.mov"
exiftool -q -overwrite_original "-Keys:GPSCoordinates=-33.8568, 151.2153" \
    "-Keys:CreationDate=2024:05:01 20:30:00+10:00" "$out/sydney-keys.mov"

# Broken files: a JPEG cut inside its EXIF block, and one whose EXIF points past its end.
head -c 60 "$out/paris.jpg" > "$out/truncated.jpg"
python3 - "$out/paris.jpg" "$out/corrupt.jpg" <<'PY'
import sys
data = bytearray(open(sys.argv[1], "rb").read())
start = data.index(b"Exif\0\0") + 6
little = data[start:start + 2] == b"II"
data[start + 4:start + 8] = (0x7FFFFFF0).to_bytes(4, "little" if little else "big")  # IFD0 far past the end
open(sys.argv[2], "wb").write(data)
PY
ls -l "$out"
