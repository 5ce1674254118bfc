import Foundation
import PlacesTestSupport
import Testing

/// The interactive map page in a real browser: `places map -o page.html` from a real journal,
/// then `Tests/Browser/map_page_check.py` drives headless Chromium through Selenium. It checks
/// that the page loads from file:// with no console error and no network request, that a pin's
/// popup shows its description and share links, that a hostile name stays text, that the tag,
/// visited and search filters hide pins (the search forgiving typos as `places find` does), that a
/// popup lists every visit with its note, that the gazetteer's names are drawn (and a city map
/// carries its rivers), that + zooms, that a screenshot is not blank, and that
/// only the OpenStreetMap switch fetches tiles.
///
/// Needs Debian's chromium and chromium-driver and Selenium from PyPI (CI installs them).
@Suite struct MapPageBrowserTests {
    static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Browser/map_page_check.py")

    /// Whether `python3 -c "import selenium"` works; always true when CI requires every tool,
    /// so that a missing Selenium fails the test instead of skipping it.
    static let seleniumAvailable: Bool = {
        if ExternalTool.required { return true }
        guard let python = ExternalTool.find("python3") else { return false }
        return (try? ExternalTool.run(python, ["-c", "import selenium"]).status) == 0
    }()

    static let browserAvailable = ExternalTool.available("chromium") && ExternalTool.available("chromedriver")
        && seleniumAvailable

    @Test(.enabled(if: browserAvailable, "needs chromium, chromium-driver (apt) and selenium (pip)"))
    func pageWorksInHeadlessChromium() throws {
        let runner = try PlacesRunner()
        defer { runner.removeAll() }
        _ = try runner.add("Louvre", "48.8606,2.3376",
                           ["--tag", "museums", "--on", "2024-05-01", "--description", "Mona Lisa behind glass; go early. Musée du Louvre."])
        _ = try runner.add("Colosseum", "41.8902,12.4922", ["--tag", "sights", "--on", "2023-09-10", "--description", "Underground tour."])
        _ = try runner.add("Suva", "-18.1416,178.4419", ["--description", "Markets on Saturday morning."])
        _ = try runner.add("</script><b id=\"pwned\">x</b>", "35.0116,135.7681",
                           ["--tag", "\"quoted", "--description", "<img src=x onerror=alert(1)>"])
        _ = try runner.add("מוזיאון ישראל", "31.7725,35.2044", ["--tag", "museums"])
        let ramen = try runner.add("Ichiran Ramen", "-33.8731,151.2065", ["--tag", "food"])
        for (day, note) in [("2023-04-02", "First time, queue at midnight"), ("2024-01-05", "Extra noodles")] {
            #expect(try runner.run(["visit", ramen, "--on", day, "--note", note]).status == 0)
        }
        let page = runner.directory.appendingPathComponent("page.html")
        let written = try runner.run(["map", "-o", page.path])
        #expect(written.status == 0, "\(written.stderr)")

        // Four places within 3.6 km in central London, with no region added.
        let city = try PlacesRunner()
        defer { city.removeAll() }
        for (name, at) in [("Dishoom Covent Garden", "51.5126,-0.1268"), ("British Museum", "51.5194,-0.1270"),
                           ("Tower of London", "51.5081,-0.0759"), ("Borough Market", "51.5055,-0.0910")] {
            _ = try city.add(name, at)
        }
        let cityPage = city.directory.appendingPathComponent("city.html")
        #expect(try city.run(["map", "-o", cityPage.path]).status == 0)

        let result = try ExternalTool.run(try ExternalTool.require("python3"), [
            Self.script.path, page.path, runner.directory.appendingPathComponent("screenshot.png").path,
            try ExternalTool.require("chromium"), try ExternalTool.require("chromedriver"), cityPage.path,
        ])
        #expect(result.status == 0, "\(result.output)")
        #expect(result.stdout.contains("all 34 checks passed"), "\(result.output)")
    }
}
