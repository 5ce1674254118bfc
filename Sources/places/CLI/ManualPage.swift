import PlacesCommandLine
import PlacesKit

/// The contents of `places.1` beyond what the command specs say.
enum ManualPage {
    static var page: ManPage {
        ManPage(
            program: "places", version: PlacesCLI.version,
            summary: "a personal places journal for the terminal",
            description: [
                "Pin the places you have been and the ones you want to go, with a name, a description, coordinates, tags and every visit; edit them, find them again, and take them anywhere.",
                "Ids may be abbreviated to any unique prefix of at least 4 characters. Tables are for people; --json gives machine-readable output. Errors go to standard error as \"places: error: ...\".",
            ],
            commands: allCommands.map(\.spec),
            sections: [
                (title: "Files", items: [
                    (term: "places.json", text: "The journal: pretty-printed JSON with sorted keys, kept at mode 0600. It lives in the first of --store, $PLACES_STORE, $XDG_DATA_HOME/places/places.json, ~/.local/share/places/places.json."),
                    (term: "places.json.bak", text: "The journal as it was before the last change."),
                    (term: "places.json.lock", text: "Held while a change is written, so two changes at once both land."),
                    (term: "places.json.history/", text: "The last 20 earlier versions, for places undo."),
                    (term: "~/.cache/places/*.areas", text: "Each journal's places' countries and regions, kept between runs (in $XDG_CACHE_HOME/places when that is set). Never beside the journal; deleting it is always safe."),
                ]),
                (title: "Environment", items: [
                    (term: "PLACES_STORE", text: "The journal file, unless --store is given."),
                    (term: "XDG_DATA_HOME", text: "Where the journal lives by default (when absolute)."),
                    (term: "XDG_CACHE_HOME", text: "Where the cache lives (when absolute; default ~/.cache)."),
                    (term: "VISUAL, EDITOR", text: "The editor for places edit ID (default vi)."),
                    (term: "TZ", text: "The time zone dates such as today, yesterday and 2024-05-01T18:30 are read in (default: the system's)."),
                    (term: "NO_COLOR", text: "When set, output is never coloured."),
                    (term: "DISPLAY, WAYLAND_DISPLAY", text: "When one is set, places open hands links to xdg-open."),
                ]),
                (title: "Dates", items: [
                    (term: "--on and the editor", text: "today, yesterday, friday (the most recent, today included), last friday (before today), 3 days ago, 2 weeks ago; 2 months ago, last month (a month); last year (a year); 2024-05-01, 1 May 2024 (a day); 2024-05, May 2024 (a month); 2024 (a year); 2024-05-01T18:30 (local time) and ISO 8601 timestamps. A date keeps the precision it was given."),
                ]),
                (title: "Exit status", items: [
                    (term: "0", text: "Success."),
                    (term: "1", text: "Failure: no such place, refused, could not save."),
                    (term: "64", text: "Usage error: unknown or missing option, a value out of range."),
                    (term: "65", text: "The journal, an input file or a gazetteer cannot be read."),
                    (term: "73", text: "An output file (-o) refused: the journal or one of its copies, a directory, a device."),
                    (term: "74", text: "The output could not be written (a full disk, an I/O error)."),
                ]),
            ],
            examples: [
                "places add \"Sydney Opera House\" --at -33.8568,151.2153 --visited --on 2019-12-31 --tag music",
                "places visit 3e4f --on \"last friday\" --note \"with Sam\"",
                "places list --tag music --sort created",
                "places list --unvisited --json | jq '.[].name'",
                "places edit 3e4f --untag music --tag opera",
                "places share 3e4f --provider geo",
                "places completion bash > ~/.local/share/bash-completion/completions/places",
            ])
    }
}
