import FlickDiff
import FlickImage
import Testing

/// What `flick diff` prints of the frames it compared, and how it reads --max-diff-ratio and the colour options.
@Suite("flick diff's tally, table and option values")
struct DiffTallyTests {
    /// A 10×10 white frame with `changed` pixels of the first row set to `color`.
    static func frame(changed: Int = 0, to color: RGBA = .black) -> Bitmap {
        var image = Bitmap(width: 10, height: 10, color: .white)
        for x in 0..<changed { image[x, 0] = color }
        return image
    }

    @Test("Identical, below the threshold, within and beyond tolerance: counted, and only differing frames are rows")
    func counts() throws {
        let white = Self.frame()
        var tally = DiffTally()
        tally.add("same.png", try ImageComparison(expected: white, actual: white))
        // One channel off by one: not the same bytes, but far below the threshold.
        tally.add("faint.png", try ImageComparison(expected: white, actual: Self.frame(changed: 1, to: RGBA(254, 255, 255))))
        tally.add("one.png", try ImageComparison(expected: white, actual: Self.frame(changed: 1), options: DiffOptions(maxDiffPixels: 1)))
        tally.add("three.png", try ImageComparison(expected: white, actual: Self.frame(changed: 3)))
        #expect(tally.compared == 4)
        #expect(tally.identical == 1 && tally.similar == 1 && tally.beyond == 1)
        #expect(tally.frames.map(\.name) == ["same.png", "faint.png", "one.png", "three.png"])
        #expect(tally.rows == [["one.png", "1", formatPercent(0.01), "0", "within tolerance"],
                               ["three.png", "3", formatPercent(0.03), "0", "beyond tolerance"]])
        #expect(tally.summaryLine(options: DiffOptions())
                == "4 frames compared: 1 identical, 1 with changes below the threshold or anti-aliasing only, 2 with differing pixels (1 beyond tolerance); threshold 0.1, tolerated 0 pixels per frame, anti-aliasing ignored")
        #expect(tally.summaryLine(options: DiffOptions(threshold: 0.2, includeAntialiasing: true, maxDiffPixels: 5))
                == "4 frames compared: 1 identical, 1 with changes below the threshold or anti-aliasing only, 2 with differing pixels (1 beyond tolerance); threshold 0.2, tolerated 5 pixels per frame")
    }

    @Test("One frame, identical: the summary line alone, in the singular")
    func single() throws {
        var tally = DiffTally()
        tally.add("a.png", try ImageComparison(expected: Self.frame(), actual: Self.frame()))
        #expect(tally.rows.isEmpty)
        #expect(tally.summaryLine(options: DiffOptions()) == "1 frame compared: 1 identical; threshold 0.1, tolerated 0 pixels per frame, anti-aliasing ignored")
        #expect(DiffTally().summaryLine(options: DiffOptions()).hasPrefix("0 frames compared: 0 identical;"))
    }

    @Test("The table: columns padded to the widest cell, numbers right-aligned, no trailing spaces")
    func table() {
        let text = DiffTally.table([DiffTally.header,
                                    ["a.png", "12", "0.5%", "0", "beyond tolerance"],
                                    ["frames/long-name.png", "3", "0.03%", "120", "within tolerance"]])
        #expect(text == """
            frame                 differing  ratio  anti-aliased  result
            a.png                        12   0.5%             0  beyond tolerance
            frames/long-name.png          3  0.03%           120  within tolerance
            """)
        #expect(DiffTally.table([]) == "")
    }

    @Test("--max-diff-ratio: a share in 0...1 or a percentage; anything else is refused", arguments: [
        ("0.001", 0.001), ("0.1%", 0.001), ("100%", 1), ("0", 0), ("1", 1),
        ("2", nil), ("150%", nil), ("-0.1", nil), ("nan", nil), ("inf", nil), ("x%", nil), ("", nil), ("%", nil),
    ] as [(String, Double?)])
    func share(_ row: (String, Double?)) {
        let share = DiffOptions.share(row.0)
        #expect(share == row.1 || (share != nil && row.1 != nil && abs(share! - row.1!) < 1e-15), "\(row.0): \(String(describing: share))")
    }

    @Test("Colours: #rrggbb (the # optional) or r,g,b with each in 0...255", arguments: [
        ("#ff0000", RGBA(255, 0, 0)), ("00ff7f", RGBA(0, 255, 127)), ("1,2,3", RGBA(1, 2, 3)), (" 1, 2 ,3", RGBA(1, 2, 3)),
        ("#fff", nil), ("1,2", nil), ("256,0,0", nil), ("-1,0,0", nil), ("1,2,3,4", nil), ("#gg0000", nil), ("", nil),
    ] as [(String, RGBA?)])
    func color(_ row: (String, RGBA?)) {
        #expect(DiffOptions.color(row.0) == row.1, "\(row.0)")
    }
}
