import PlacesTerminal
import Testing

@Suite struct KeyDecoderTests {
    private func keys(_ pieces: [String]) -> [Key] {
        var decoder = KeyDecoder()
        return pieces.flatMap { decoder.feed(Array($0.utf8)) }
    }

    @Test func bothCursorKeyFormsAndModifiers() {
        #expect(keys(["\u{1B}[A\u{1B}OB\u{1B}[1;5C\u{1B}OD"]) == [.up, .down, .right, .left])
        #expect(keys(["\u{1B}[H\u{1B}[F\u{1B}[3~\u{1B}[5~\u{1B}[6~"]) == [.home, .end, .delete, .pageUp, .pageDown])
    }

    @Test func tabShiftTabEnterBackspaceAndControlLetters() {
        #expect(keys(["\t\u{1B}[Z\r\u{7F}\u{03}\u{1A}q"]) == [.tab, .backTab, .enter, .backspace, .control("c"), .control("z"), .character("q")])
    }

    @Test func sequenceSplitAcrossReadsAtEveryByte() {
        let whole = "\u{1B}[1;5A\u{1B}OC\u{1B}[<0;12;7M"
        let bytes = Array(whole.utf8)
        for cut in 1..<bytes.count {
            var decoder = KeyDecoder()
            let found = decoder.feed(bytes[..<cut]) + decoder.feed(bytes[cut...])
            #expect(found == [.up, .right, .mouse(MouseEvent(kind: .press, button: 0, column: 11, row: 6))], "cut at \(cut)")
        }
    }

    @Test func utf8CharacterSplitAcrossReads() {
        let bytes = Array("é東😀".utf8)
        var decoder = KeyDecoder()
        var found: [Key] = []
        for byte in bytes { found += decoder.feed([byte]) }
        #expect(found == [.character("é"), .character("東"), .character("😀")])
    }

    @Test func pasteAcrossReadsIsTextNotKeys() {
        let found = keys(["x\u{1B}[20", "0~q\u{1B}[A\r", "é\u{1B}[2", "01~j"])
        #expect(found == [.character("x"), .paste("q\u{1B}[A\ré"), .character("j")])
    }

    @Test func sgrMouseReports() {
        let found = keys(["\u{1B}[<0;5;3M\u{1B}[<32;6;3M\u{1B}[<0;6;3m\u{1B}[<64;10;10M\u{1B}[<65;1;1M"])
        #expect(found == [
            .mouse(MouseEvent(kind: .press, button: 0, column: 4, row: 2)),
            .mouse(MouseEvent(kind: .drag, button: 0, column: 5, row: 2)),
            .mouse(MouseEvent(kind: .release, button: 0, column: 5, row: 2)),
            .mouse(MouseEvent(kind: .wheelUp, button: 0, column: 9, row: 9)),
            .mouse(MouseEvent(kind: .wheelDown, button: 1, column: 0, row: 0)),
        ])
    }

    @Test func loneEscapeWaitsThenCounts() {
        var decoder = KeyDecoder()
        #expect(decoder.feed([0x1B]).isEmpty)
        #expect(decoder.isHoldingEscape)
        #expect(decoder.flush() == [.escape])
        #expect(!decoder.isHoldingEscape)
        // Escape then a key typed after it: both.
        #expect(decoder.feed(Array("\u{1B}q".utf8)) == [.escape, .character("q")])
    }

    @Test func unknownSequencesAndNoiseAreDropped() {
        #expect(keys(["\u{1B}[99X", "a", "\u{80}", "b", "\u{1B}[?1;2c"]) == [.character("a"), .character("b")])
    }
}
