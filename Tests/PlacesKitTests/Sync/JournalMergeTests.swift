import Foundation
import Testing
@testable import PlacesKit
import PlacesTestSupport
@testable import PlacesJournal

@Suite struct JournalMergeTests {
    static func place(_ name: String, _ latitude: Double = 10, tags: [String] = []) -> Location {
        Location(name: name, latitude: latitude, longitude: 20, tags: tags,
                 created: Date(timeIntervalSince1970: 1_700_000_000), updated: Date(timeIntervalSince1970: 1_700_000_000))
    }

    @Test func addsRemovalsAndEditsOfDifferentFieldsAllLand() throws {
        let (kyoto, rome, lima) = (Self.place("Kyoto"), Self.place("Rome"), Self.place("Lima"))
        let base = [kyoto, rome, lima]
        var ourKyoto = kyoto
        ourKyoto.name = "Kyōto"
        var theirKyoto = kyoto
        theirKyoto.tags = ["temples"]
        theirKyoto.extraFields["rating"] = try JSONFragment(json: "5")
        let ours = [ourKyoto, rome, lima, Self.place("Oslo")]
        let theirs = [theirKyoto, lima, Self.place("Quito")]
        let result = JournalMerge.merge(base: base, ours: ours, theirs: theirs)
        #expect(result.conflicts.isEmpty)
        #expect(result.places.map(\.name) == ["Kyōto", "Lima", "Oslo", "Quito"])
        #expect(result.places[0].tags == ["temples"] && result.places[0].extraFields["rating"]?.text == "5")
    }

    @Test func aFieldChangedBothWaysIsReportedWithBothValuesAndDecidedOnlyByThePreference() {
        let kyoto = Self.place("Kyoto")
        var ours = kyoto, theirs = kyoto
        ours.name = "Kyōto"
        theirs.name = "Kioto"
        theirs.updated = Date(timeIntervalSince1970: 1_800_000_000)
        let undecided = JournalMerge.merge(base: [kyoto], ours: [ours], theirs: [theirs])
        #expect(undecided.conflicts.map { [$0.field, $0.ours, $0.theirs] } == [["name", "\"Kyōto\"", "\"Kioto\""]])
        #expect(JournalMerge.merge(base: [kyoto], ours: [ours], theirs: [theirs], prefer: .theirs).places[0].name == "Kioto")
        #expect(JournalMerge.merge(base: [kyoto], ours: [ours], theirs: [theirs], prefer: .ours).places[0].name == "Kyōto")
        let newer = JournalMerge.merge(base: [kyoto], ours: [ours], theirs: [theirs], prefer: .newer)
        #expect(newer.places[0].name == "Kioto" && newer.places[0].updated == theirs.updated && newer.conflicts[0].tookTheirs)
    }

    @Test func aPlaceRemovedOnOneSideAndEditedOnTheOtherIsAConflict() {
        let rome = Self.place("Rome")
        var edited = rome
        edited.tags = ["food"]
        let result = JournalMerge.merge(base: [rome], ours: [], theirs: [edited])
        #expect(result.conflicts.map(\.field) == [JournalMerge.Conflict.removal])
        #expect(result.conflicts[0].theirs == "edited (tags)" && result.conflicts[0].ours == "removed")
        #expect(result.places.isEmpty)
        #expect(JournalMerge.merge(base: [rome], ours: [], theirs: [edited], prefer: .newer).places.map(\.name) == ["Rome"])
    }

    // MARK: Finding the base

    @Test func theNewestVersionBothSidesHoldIsTheBase() {
        let (a, b, c) = (Self.place("A"), Self.place("B"), Self.place("C"))
        // Ours: [a, b, c] now, [a, b] before, [a] first. Theirs: [a, b] went on to [b].
        let ours = [[a, b, c], [a, b], [a]]
        #expect(JournalMerge.chooseBase(ours: ours, theirs: [[b], [a, b], [a]])?.index == 1)
    }

    @Test func withoutTheirHistoryAPlaceWeAddedIsNeverTakenForOneTheyRemoved() {
        let (a, b, c) = (Self.place("A"), Self.place("B"), Self.place("C"))
        // We added c after the copy; they changed nothing. Every version holding a and b is
        // possible; the older one keeps c.
        #expect(JournalMerge.chooseBase(ours: [[a, b, c], [a, b], [a]], theirs: [[a, b]])?.index == 1)
    }

    @Test func aPlaceTheyStillHaveMarksTheBaseAsOlderThanOurRemovalOfIt() {
        let (a, b) = (Self.place("A"), Self.place("B"))
        // We removed b after the copy; they still hold it unchanged: the base holds b, so the
        // merge removes it.
        let index = JournalMerge.chooseBase(ours: [[a], [a, b]], theirs: [[a, b]])
        #expect(index?.index == 1 && index?.proven == true)
        #expect(JournalMerge.merge(base: [a, b], ours: [a], theirs: [a, b]).places.map(\.name) == ["A"])
    }

    @Test func aGuessedBaseNeverRemovesAPlaceTheirCopyLacks() {
        let (a, b, c, d, e) = (Self.place("A"), Self.place("B"), Self.place("C"), Self.place("D"), Self.place("E"))
        // They added e to [a, b]; we added c, then d, and the history no longer holds [a, b].
        let chosen = JournalMerge.chooseBase(ours: [[a, b, c, d], [a, b, c]], theirs: [[a, b, e]])
        #expect(chosen?.index == 1 && chosen?.proven == false)
        let result = JournalMerge.merge(base: [a, b, c], ours: [a, b, c, d], theirs: [a, b, e], guessedBase: true)
        #expect(result.places.map(\.name) == ["A", "B", "C", "D", "E"])
        #expect(result.keptUnproven.map(\.name) == ["C"])
        #expect(result.conflicts.isEmpty)
    }

    @Test func anUnrelatedCopyHasNoBaseSoNothingIsRemoved() {
        let (a, b) = (Self.place("A"), Self.place("B"))
        #expect(JournalMerge.chooseBase(ours: [[a]], theirs: [[b]]) == nil)
        #expect(JournalMerge.merge(base: [], ours: [a], theirs: [b]).places.count == 2)
    }

    // MARK: The journal and files

    @Test func aMergeIsOneChangeThatUndoReverts() throws {
        let directory = try makeTestDirectory()
        let store = JournalStore(path: directory.path + "/places.json")
        let kyoto = try store.add(Self.place("Kyoto"))
        let theirs = [kyoto, Self.place("Quito")]
        let dry = try store.merge(theirs: theirs, dryRun: true)
        let count = try store.load().count
        #expect(!dry.saved && dry.merged.count == 2 && count == 1)
        let outcome = try store.merge(theirs: theirs)
        // Their copy is no version of ours: the base (the journal as it is) is a guess.
        #expect(outcome.saved && outcome.base == .guessed(sequence: nil, saved: nil))
        #expect(try store.load().map(\.name) == ["Kyoto", "Quito"])
        #expect(try store.undo()?.restored.map(\.name) == ["Kyoto"])
    }

    @Test func conflictsWithoutAPreferenceSaveNothing() throws {
        let directory = try makeTestDirectory()
        let store = JournalStore(path: directory.path + "/places.json")
        let kyoto = try store.add(Self.place("Kyoto"))
        try store.update(kyoto.id) { $0.name = "Kyōto" }
        var theirs = kyoto
        theirs.name = "Kioto"
        let before = try PosixFile.read(store.path)
        let outcome = try store.merge(theirs: [theirs, Self.place("Quito")])
        #expect(!outcome.saved && outcome.conflicts.count == 1)
        guard case .guessed(let sequence?, _) = outcome.base else {
            Issue.record("base \(outcome.base), expected the version before the rename")
            return
        }
        #expect(sequence == 1)
        #expect(try PosixFile.read(store.path) == before)
    }

    @Test func theMergeDriverWritesOursOnlyWhenClean() throws {
        let directory = try makeTestDirectory()
        let kyoto = Self.place("Kyoto")
        var ours = kyoto, theirs = kyoto
        ours.tags = ["temples"]
        theirs.name = "Kioto"
        let paths = ["base", "ours", "theirs"].map { directory.path + "/\($0).json" }
        for (path, places) in zip(paths, [[kyoto], [ours], [theirs]]) {
            try PosixFile.writeNew(path, JournalStore.encode(places), mode: 0o600)
        }
        let clean = try JournalMerge.mergeFiles(base: paths[0], ours: paths[1], theirs: paths[2], prefer: nil)
        #expect(clean.conflicts.isEmpty)
        let written = try JournalStore.decode(PosixFile.read(paths[1]), path: paths[1]).places
        #expect(written.map(\.name) == ["Kioto"] && written[0].tags == ["temples"])

        // Now both sides hold different names (ours is the merged "Kioto", theirs another).
        var other = kyoto
        other.name = "Kyōto"
        try PosixFile.writeNew(paths[2] + ".2", JournalStore.encode([other]), mode: 0o600)
        let before = try PosixFile.read(paths[1])
        let conflicted = try JournalMerge.mergeFiles(base: paths[0], ours: paths[1], theirs: paths[2] + ".2", prefer: nil)
        #expect(conflicted.conflicts.map(\.field) == ["name"])
        #expect(try PosixFile.read(paths[1]) == before)
    }
}
