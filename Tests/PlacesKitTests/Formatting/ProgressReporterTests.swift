import PlacesKit
import Testing

@Suite struct ProgressReporterTests {
    /// A clock the test moves by hand, and the text the reporter wrote.
    final class Harness {
        var now = 100.0
        var written: [String] = []
        func reporter(total: Int?, enabled: Bool = true) -> ProgressReporter {
            ProgressReporter(total: total, enabled: enabled, clock: { self.now }, output: { self.written.append($0) })
        }
    }

    @Test func drawsNothingInTheFirstHalfSecond() {
        let harness = Harness()
        let progress = harness.reporter(total: 100)
        for i in 1...50 { harness.now += 0.009; progress.update(i) }
        progress.finish()
        #expect(harness.written.isEmpty)
    }

    @Test func drawsAfterHalfASecondAtMostTenTimesASecondAndErasesItself() {
        let harness = Harness()
        let progress = harness.reporter(total: 10_000)
        for i in 1...10_000 { harness.now += 0.0002; progress.update(i) }   // 2 s of work
        let draws = harness.written.count
        // 1.5 s after the delay at 10 redraws a second: 15 or 16 redraws, not 7,500.
        #expect((14...16).contains(draws))
        #expect(harness.written.allSatisfy { $0.hasPrefix("\r[") && $0.hasSuffix("\u{1B}[K") })
        #expect(harness.written[0].contains("2,500/10,000  5,000/s  ETA 0:02"))
        progress.finish()
        #expect(harness.written.last == "\r\u{1B}[K")
    }

    @Test func disabledReporterNeverWrites() {
        let harness = Harness()
        let progress = harness.reporter(total: 10, enabled: false)
        for i in 1...10 { harness.now += 1; progress.update(i) }
        progress.finish()
        #expect(harness.written.isEmpty)
        #expect(progress.count == 10)
    }

    @Test func lineLayout() {
        #expect(ProgressReporter.line(count: 1_234, total: 10_000, elapsed: 0.5262)
                == "[##                  ] 1,234/10,000  2,345/s  ETA 0:04")
        #expect(ProgressReporter.line(count: 10_000, total: 10_000, elapsed: 2) == "[####################] 10,000/10,000  5,000/s")
        #expect(ProgressReporter.line(count: 1_234_567, total: nil, elapsed: 10) == "1,234,567  123,457/s")
        #expect(ProgressReporter.line(count: 12_345_678, total: 98_765_432, elapsed: 2.5, unit: .bytes)
                == "[##                  ] 12.3/98.8 MB  4.9 MB/s  ETA 0:18")
        #expect(ProgressReporter.duration(3725) == "1:02:05")
        #expect(grouped(999) == "999" && grouped(1000) == "1,000" && grouped(-1234567) == "-1,234,567")
    }

    @Test(arguments: [(0, "0"), (7, "7"), (-7, "-7"), (100, "100"), (999_999, "999,999"), (1_000_000, "1,000,000"),
                      (-100_000, "-100,000"), (Int.max, "9,223,372,036,854,775,807"), (Int.min, "-9,223,372,036,854,775,808")])
    func groupedPutsACommaEveryThreeDigits(number: Int, expected: String) {
        #expect(grouped(number) == expected)
    }

    @Test(arguments: [
        (true, false, true, false, true),    // stderr on a terminal, stdout to a file
        (true, true, false, false, true),    // both on a terminal, nothing printed to stdout meanwhile
        (true, true, true, false, false),    // output streaming to the same terminal: no bar
        (false, false, false, false, false), // stderr in a pipe
        (true, false, false, true, false),   // --quiet
    ])
    func wantedOnlyOnATerminalWithoutQuiet(stderrTTY: Bool, stdoutTTY: Bool, streams: Bool, quiet: Bool, wanted: Bool) {
        #expect(ProgressReporter.isWanted(stderrIsTerminal: stderrTTY, stdoutIsTerminal: stdoutTTY, writesToStdout: streams, quiet: quiet) == wanted)
    }
}
