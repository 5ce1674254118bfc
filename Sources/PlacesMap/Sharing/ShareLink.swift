import PlacesCore

/// Links that open a place in a map application or site.
public enum ShareLink {
    /// Where a link leads.
    public enum Provider: String, CaseIterable, Sendable {
        /// openstreetmap.org, with a marker, at zoom 16.
        case osm
        /// Google Maps' search URL (documented, stable "Maps URLs" form).
        case google
        /// Apple Maps, with the place's name as the label.
        case apple
        /// A `geo:` URI (RFC 5870), which Android and many desktop map apps open.
        case geo
    }

    /// The link to `place` on `provider`.
    ///
    /// Coordinates are written with at most 6 decimals (about 11 cm) and no trailing zeros, so the
    /// same place always gives the same link.
    public static func url(for place: Location, provider: Provider) -> String {
        let lat = coordinate(place.latitude), lon = coordinate(place.longitude)
        switch provider {
        case .osm:
            return "https://www.openstreetmap.org/?mlat=\(lat)&mlon=\(lon)#map=16/\(lat)/\(lon)"
        case .google:
            return "https://www.google.com/maps/search/?api=1&query=\(lat)%2C\(lon)"
        case .apple:
            return "https://maps.apple.com/?ll=\(lat),\(lon)&q=\(percentEncoded(place.name))"
        case .geo:
            return "geo:\(lat),\(lon)?q=\(lat),\(lon)(\(percentEncoded(place.name)))"
        }
    }

    /// A coordinate rounded to 6 decimals, without trailing zeros: `51.501`, `-0.141`, `2`.
    public static func coordinate(_ value: Double) -> String {
        var text = CoordinateFormat.fixed(value, decimals: 6)
        if text.contains(".") {
            while text.last == "0" { text.removeLast() }
            if text.last == "." { text.removeLast() }
        }
        return text == "-0" ? "0" : text
    }

    /// `text` with every byte outside RFC 3986's unreserved set (`A–Z a–z 0–9 - . _ ~`) written
    /// as `%XX` of its UTF-8 encoding; a space becomes `%20`.
    public static func percentEncoded(_ text: String) -> String {
        let hex = Array("0123456789ABCDEF")
        var result = ""
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
                 UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."),
                 UInt8(ascii: "_"), UInt8(ascii: "~"):
                result.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                result += "%" + String(hex[Int(byte >> 4)]) + String(hex[Int(byte & 0x0F)])
            }
        }
        return result
    }
}
