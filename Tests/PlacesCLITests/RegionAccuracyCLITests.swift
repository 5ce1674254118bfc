import Foundation
import PlacesKit
import PlacesTestSupport
import Testing

/// How well search finds what an extract holds, kind by kind, with `osmium export` (not the pack) as
/// the source of the questions and of the answers' spots: every named point of interest by its name,
/// every address with its number before and after the street, every street by its name; a hit lies
/// within 50 m of the object's geometry (inside an area counts as on it). The thresholds sit a little
/// under what was measured (Monaco names 91.2 % top-1, 98.9 % top-10; addresses 98.7 / 100; streets
/// 98.4 / 100; Columbus Circle addresses 84.2 / 98.2, where many shops share "10 Columbus Circle").
@Suite struct RegionAccuracyCLITests {
    @Test(.enabled(if: ExternalTool.available("osmium"), "needs osmium-tool"), arguments: RegionCLITests.extracts)
    func searchFindsWhatOsmiumReadsAtItsSpot(_ extract: String) throws {
        let runner = try PlacesRunner()
        defer { runner.removeAll() }
        let file = RegionCLITests.fixture(extract)
        try #require(try runner.run(["region", "add", file, "--quiet"]).status == 0)
        var objects: [String: [RegionCLITests.Exported]] = [:]
        var streets: [String: [RegionCLITests.Exported]] = [:]
        for object in try RegionCLITests.export(file, in: runner.directory) {
            objects[object.id, default: []].append(object)
            if object.tags["highway"] != nil, let name = object.tags["name"], !object.parts.allSatisfy({ $0.count == 1 }) {
                streets[name, default: []].append(object)
            }
        }
        var questions: [(kind: String, query: String, spot: [RegionCLITests.Exported])] = []
        for forms in objects.values {
            let tags = forms[0].tags
            if RegionCLITests.isPointOfInterest(tags), let name = tags["name"] { questions.append(("name", name, forms)) }
            if let number = tags["addr:housenumber"]?.trimmingCharacters(in: .whitespaces),
               let street = (tags["addr:street"] ?? tags["addr:place"])?.trimmingCharacters(in: .whitespaces) {
                questions.append(("address", number + " " + street, forms))
                questions.append(("address", street + " " + number, forms))
            }
        }
        for (name, ways) in streets { questions.append(("street", name, ways)) }
        let batch = try runner.run(["search", "--batch", "--json", "--limit", "10", "--quiet"],
                                   stdin: questions.map(\.query).joined(separator: "\n") + "\n")
        try #require(batch.status == 0, "\(batch.stderr)")
        let lines = batch.stdout.split(separator: "\n")
        try #require(lines.count == questions.count)
        var tally: [String: (top1: Int, top10: Int, total: Int)] = [:]
        var lost: [String: [String]] = [:]
        for (line, question) in zip(lines, questions) {
            let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            let results = object["results"] as? [[String: Any]] ?? []
            func hit(_ result: [String: Any]) -> Bool {
                guard let lat = result["latitude"] as? Double, let lon = result["longitude"] as? Double else { return false }
                return question.spot.contains { RegionCLITests.metres(from: (lat, lon), to: $0) <= 50 }
            }
            let first = results.first.map(hit) ?? false
            tally[question.kind, default: (0, 0, 0)].top1 += first ? 1 : 0
            tally[question.kind, default: (0, 0, 0)].top10 += results.contains(where: hit) ? 1 : 0
            tally[question.kind, default: (0, 0, 0)].total += 1
            if !first { lost[question.kind, default: []].append(question.query) }
        }
        let top1Floor: [String: Double] = ["name": 0.85, "address": 0.82, "street": 0.85]
        for (kind, counts) in tally.sorted(by: { $0.key < $1.key }) {
            let top1 = Double(counts.top1) / Double(counts.total), top10 = Double(counts.top10) / Double(counts.total)
            print("\(extract) \(kind): top-1 \(counts.top1)/\(counts.total), top-10 \(counts.top10)/\(counts.total)")
            #expect(top1 >= top1Floor[kind]!, "\(extract) \(kind) top-1 \(counts.top1)/\(counts.total); lost \(lost[kind]?.prefix(10) ?? [])")
            #expect(top10 >= 0.97, "\(extract) \(kind) top-10 \(counts.top10)/\(counts.total)")
        }
        #expect(tally.keys.sorted() == ["address", "name", "street"])
    }
}
