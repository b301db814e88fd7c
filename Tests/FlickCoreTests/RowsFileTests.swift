import Foundation
import Testing
@testable import FlickCore

// A list's rows from a CSV or JSON file (`rows: {file: …}`, docs/scenario-format.md, "Your own content"): what is
// read, and what is said about a bad file, with the key path, line and column of the key that names it.

/// A folder holding a scenario and the files it names.
struct ContentFolder {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("flick-rows-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    func write(_ name: String, _ data: Data) throws { try data.write(to: url.appendingPathComponent(name)) }
    func write(_ name: String, _ text: String) throws { try write(name, Data(text.utf8)) }
    func path(_ name: String) -> String { url.appendingPathComponent(name).standardizedFileURL.path }
    var scenarioPath: String { path("scene.yaml") }
    func remove() { try? FileManager.default.removeItem(at: url) }

    /// A scenario whose list is `list` (YAML flow mapping), decoded as if read from this folder.
    func scenario(list: String) throws(ScenarioError) -> Scenario {
        try ScenarioDecoder.decode(data: Data(RowsFileTests.text(list: list).utf8), file: scenarioPath, defaultName: "t")
    }

    func problem(list: String, sourceLocation: SourceLocation = #_sourceLocation) -> ScenarioDiagnostic? {
        let found = problems(Data(RowsFileTests.text(list: list).utf8), file: scenarioPath, sourceLocation: sourceLocation)
        #expect(found.count == 1, "expected one problem, found \(found.map(\.description))", sourceLocation: sourceLocation)
        return found.first
    }
}

/// A 1×1 PNG header claiming `width`×`height` pixels (the decoder reads no further than the header).
func pngHeader(width: UInt32, height: UInt32) -> Data {
    var bytes: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]
    for word in [width, height] { bytes += [24, 16, 8, 0].map { UInt8((word >> $0) & 0xFF) } }
    return Data(bytes + [8, 6, 0, 0, 0])
}

@Suite struct RowsFileTests {
    static func text(list: String) -> String {
        "viewport: {width: 390, height: 844}\nduration: 1\nscene:\n  list: \(list)\n"
    }

    static let list = "{rows: {file: rows.csv}, rowHeight: 60}"

    @Test func csvRowsCarryTheirTextAndThumbnails() throws {
        let folder = try ContentFolder()
        defer { folder.remove() }
        try folder.write("pic.png", pngHeader(width: 4, height: 4))
        try folder.write("rows.csv", """
            title,subtitle,trailing,thumbnail\r
            Sunset Yoga,"7:00 PM · Pier 39, deck 2",$24,pic.png\r
            "The ""Long"" Ride",,Free,\r
            "Two
            lines",x,y,
            """)
        let scenario = try folder.scenario(list: Self.list)
        guard case .list(let spec) = scenario.scene.root.kind else { Issue.record("not a list"); return }
        #expect(spec.rows == 3)
        #expect(spec.content == [
            ListRow(title: "Sunset Yoga", subtitle: "7:00 PM · Pier 39, deck 2", trailing: "$24", thumbnail: folder.path("pic.png")),
            ListRow(title: "The \"Long\" Ride", subtitle: nil, trailing: "Free", thumbnail: nil),
            ListRow(title: "Two\nlines", subtitle: "x", trailing: "y", thumbnail: nil),
        ])
    }

    @Test func columnsMayComeInAnyOrderAndBeLeftOut() throws {
        let folder = try ContentFolder()
        defer { folder.remove() }
        try folder.write("rows.csv", "trailing,title\n$5,One\n$6,Two\n")
        guard case .list(let spec) = try folder.scenario(list: Self.list).scene.root.kind else { return }
        #expect(spec.content == [ListRow(title: "One", trailing: "$5"), ListRow(title: "Two", trailing: "$6")])
    }

    @Test func jsonRows() throws {
        let folder = try ContentFolder()
        defer { folder.remove() }
        try FileManager.default.createDirectory(at: folder.url.appendingPathComponent("sub"), withIntermediateDirectories: true)
        try folder.write("sub/wave.svg", "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"8\" height=\"8\"/>")
        try folder.write("sub/rows.json", #"[{"title": "A", "thumbnail": "wave.svg"}, {"title": "B", "subtitle": "b"}]"#)
        let scenario = try folder.scenario(list: "{rows: {file: sub/rows.json}, rowHeight: 60}")
        guard case .list(let spec) = scenario.scene.root.kind else { return }
        #expect(spec.content == [ListRow(title: "A", thumbnail: folder.path("sub/wave.svg")), ListRow(title: "B", subtitle: "b")])
    }

    @Test func sectionsMustHoldTheFilesRows() throws {
        let folder = try ContentFolder()
        defer { folder.remove() }
        try folder.write("rows.csv", "title\nA\nB\n")
        let found = folder.problem(list: "{rows: {file: rows.csv}, rowHeight: 60, sections: [{title: S, rows: 3}]}")
        expectDiagnostic(found, path: "scene.list.rows", line: 4, column: 16, message: "rows is 2 but the sections hold 3",
                         file: folder.scenarioPath)
    }

    @Test func aMissingFileNamesTheKeyAndThePath() throws {
        let folder = try ContentFolder()
        defer { folder.remove() }
        let found = folder.problem(list: Self.list)
        expectDiagnostic(found, path: "scene.list.rows.file", line: 4, column: 23,
                         message: "no rows file \(folder.path("rows.csv"))", file: folder.scenarioPath)
        #expect(found?.description.hasPrefix("\(folder.scenarioPath):4:23: error: scene.list.rows.file: ") == true)
    }

    @Test(arguments: [
        ("rows.txt", "title\nA\n", "expected a .csv or .json rows file"),
        ("rows.csv", "", "is empty; expected a header line such as title,subtitle,trailing,thumbnail"),
        ("rows.csv", "title,price\nA,1\n", "line 1: unknown column \"price\"; the columns are title, subtitle, trailing, thumbnail"),
        ("rows.csv", "subtitle\nA\n", "line 1: the header has no title column"),
        ("rows.csv", "title,title\nA,B\n", "line 1: column \"title\" appears twice"),
        ("rows.csv", "title,subtitle\nA,a\nB\n", "line 3: expected 2 fields (title, subtitle), found 1"),
        ("rows.csv", "title\n\"A\n", "line 2: a quoted field is never closed"),
        ("rows.csv", "title\n\"A\"x\n", "line 2: text after a closing quote"),
        ("rows.csv", "title,subtitle\n,a\n", "line 2: the title is missing"),
        ("rows.json", "{\"title\": \"A\"}", "expected a JSON array of rows"),
        ("rows.json", "[{\"title\": 3}]", "row 0: title must be a string"),
        ("rows.json", "[{\"title\": \"A\", \"price\": \"1\"}]", "row 0: unknown key \"price\""),
        ("rows.json", "[{\"title\": \"A\"", "is not valid JSON"),
    ])
    func badRowsFiles(name: String, contents: String, message: String) throws {
        let folder = try ContentFolder()
        defer { folder.remove() }
        try folder.write(name, contents)
        let found = folder.problem(list: "{rows: {file: \(name)}, rowHeight: 60}")
        expectDiagnostic(found, path: "scene.list.rows.file", line: 4, column: 23, containing: [folder.path(name), message],
                         file: folder.scenarioPath)
    }

    @Test func tooManyRowsOrTooLargeAFile() throws {
        let folder = try ContentFolder()
        defer { folder.remove() }
        try folder.write("rows.csv", Data(repeating: UInt8(ascii: "a"), count: ScenarioDecoder.maximumFileSize + 1))
        expectDiagnostic(folder.problem(list: Self.list), path: "scene.list.rows.file", line: 4, column: 23,
                         message: "\(folder.path("rows.csv")) is \(ScenarioDecoder.maximumFileSize + 1) bytes; rows files are limited to \(ScenarioDecoder.maximumFileSize) bytes",
                         file: folder.scenarioPath)
        try folder.write("rows.csv", "title\n" + String(repeating: "x\n", count: 60_000))
        expectDiagnostic(folder.problem(list: "{rows: {file: rows.csv}, rowHeight: 2000}"), path: "scene.list", line: 4, column: 9,
                         containing: ["60000 rows of 2000 pt make", "pt of content; the limit is"], file: folder.scenarioPath)
    }

    @Test(arguments: [
        ("a.jpg", Data([0xFF, 0xD8, 0xFF]), "JPEG is not supported; convert it to PNG"),
        ("a.gif", Data("GIF89a".utf8), "expected a .png or .svg file"),
        ("a.png", Data("not a png at all, really not".utf8), "is not a PNG file"),
        ("a.png", pngHeader(width: 100_000, height: 100_000), "is 100000×100000 pixels; pictures are limited to 64 megapixels"),
        ("a.svg", Data("hello".utf8), "is not an SVG document"),
        ("gone.png", Data(), "no picture file"),
    ])
    func badThumbnails(name: String, contents: Data, message: String) throws {
        let folder = try ContentFolder()
        defer { folder.remove() }
        if name != "gone.png" { try folder.write(name, contents) }
        try folder.write("rows.csv", "title,thumbnail\nA,\nB,\(name)\n")
        expectDiagnostic(folder.problem(list: Self.list), path: "scene.list.rows.file", line: 4, column: 23,
                         containing: ["\(folder.path("rows.csv")) line 3: thumbnail: ", folder.path(name), message],
                         file: folder.scenarioPath)
    }

    @Test func aNumberOfRowsStillReadsAsBefore() throws {
        guard case .list(let spec) = try decodeScenario(Self.text(list: "{rows: 7, rowHeight: 60}")).scene.root.kind else { return }
        #expect(spec.rows == 7)
        #expect(spec.content.isEmpty)
        expectDiagnostic(problem(Self.text(list: "{rows: [1], rowHeight: 60}")), path: "scene.list.rows", line: 4, column: 16,
                         containing: ["expected"])
    }
}

// Pictures as a background, a page or a sheet (`{image: path}`, `image:`), relative to the scenario file.
@Suite struct PictureKeyTests {
    static func scene(_ scene: String) -> String { "viewport: {width: 390, height: 844}\nduration: 1\nscene:\n\(scene)" }

    @Test func backgroundPageAndSheetTakeAPicture() throws {
        let folder = try ContentFolder()
        defer { folder.remove() }
        try folder.write("shot.png", pngHeader(width: 390, height: 844))
        try folder.write("page.svg", "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"4\" height=\"4\"/>")
        let text = Self.scene("""
              background: {image: shot.png}
              sheet:
                detents: [{name: half, fraction: 0.5}]
                initial: half
                image: shot.png
                content:
                  pager: {pages: [{title: A, image: page.svg}, {title: B, content: {list: {rows: 3, rowHeight: 44}}}]}

            """)
        let scenario = try ScenarioDecoder.decode(data: Data(text.utf8), file: folder.scenarioPath, defaultName: "t")
        #expect(scenario.scene.background == .image(folder.path("shot.png")))
        guard case .sheet(let sheet) = scenario.scene.root.kind, case .pager(let pager) = sheet.content.kind else {
            Issue.record("not a sheet holding a pager")
            return
        }
        #expect(sheet.image == folder.path("shot.png"))
        #expect(pager.pages.map(\.image) == [folder.path("page.svg"), nil])
    }

    @Test func aSheetWithAPictureNeedsNoContent() throws {
        let folder = try ContentFolder()
        defer { folder.remove() }
        try folder.write("shot.png", pngHeader(width: 10, height: 10))
        let sheet = "  sheet: {detents: [{name: half, fraction: 0.5}], initial: half"
        let text = Self.scene(sheet + ", image: shot.png}\n")
        let scenario = try ScenarioDecoder.decode(data: Data(text.utf8), file: folder.scenarioPath, defaultName: "t")
        guard case .sheet(let spec) = scenario.scene.root.kind else { Issue.record("not a sheet"); return }
        #expect(spec.image == folder.path("shot.png"))
        let found = problems(Data(Self.scene(sheet + "}\n").utf8), file: folder.scenarioPath)
        #expect(found.map(\.message) == ["missing required key \"content\""])
    }

    @Test(arguments: [
        ("  background: {image: shot.jpg}\n  list: {rows: 1, rowHeight: 44}\n", "scene.background.image", 4, 23, "shot.jpg: JPEG is not supported; convert it to PNG"),
        ("  background: {image: gone.png}\n  list: {rows: 1, rowHeight: 44}\n", "scene.background.image", 4, 23, "no picture file"),
        ("  pager: {pages: [{title: A, image: big.png}]}\n", "scene.pager.pages[0].image", 4, 37, "big.png is 40000×40000 pixels; pictures are limited to 64 megapixels"),
        ("  sheet: {detents: [{name: a, fraction: 0.5}], initial: a, image: bad.svg}\n", "scene.sheet.image", 4, 67, "bad.svg is not an SVG document"),
    ])
    func badPictures(scene: String, path: String, line: Int, column: Int, message: String) throws {
        let folder = try ContentFolder()
        defer { folder.remove() }
        try folder.write("shot.jpg", Data([0xFF, 0xD8, 0xFF, 0xE0]))
        try folder.write("big.png", pngHeader(width: 40_000, height: 40_000))
        try folder.write("bad.svg", "<html></html>")
        let found = problems(Data(Self.scene(scene).utf8), file: folder.scenarioPath)
        #expect(found.count == 1, "\(found.map(\.description))")
        expectDiagnostic(found.first, path: path, line: line, column: column, containing: [folder.url.standardizedFileURL.path, message],
                         file: folder.scenarioPath)
    }
}

// `font: {file: …}`: a font file of the user's, checked when the scenario is read.
@Suite struct FontKeyTests {
    static func text(_ font: String) -> String {
        "viewport: {width: 390, height: 844}\nduration: 1\nfont: \(font)\nscene:\n  list: {rows: 3, rowHeight: 44}\n"
    }

    @Test func aFontFileIsResolvedFromTheScenariosFolder() throws {
        let folder = try ContentFolder()
        defer { folder.remove() }
        try folder.write("Mine.ttf", Data([0x00, 0x01, 0x00, 0x00, 1, 2, 3]))
        let scenario = try ScenarioDecoder.decode(data: Data(Self.text("{file: Mine.ttf}").utf8), file: folder.scenarioPath, defaultName: "t")
        #expect(scenario.font == folder.path("Mine.ttf"))
        #expect(try decodeScenario(Self.text("{file: /x.ttf}").replacingOccurrences(of: "font: {file: /x.ttf}\n", with: "")).font == nil)
    }

    @Test(arguments: [
        ("{file: gone.ttf}", "font.file", 3, 14, "no font file"),
        ("{file: notes.ttf}", "font.file", 3, 14, "notes.ttf is not a TrueType or OpenType font"),
        ("{file: .}", "font.file", 3, 14, "is a folder, not a font file"),
        ("Mine.ttf", "font", 3, 7, "expected a mapping"),
    ])
    func badFonts(font: String, path: String, line: Int, column: Int, message: String) throws {
        let folder = try ContentFolder()
        defer { folder.remove() }
        try folder.write("notes.ttf", "hello, not a font")
        let found = problems(Data(Self.text(font).utf8), file: folder.scenarioPath)
        #expect(found.count == 1, "\(found.map(\.description))")
        expectDiagnostic(found.first, path: path, line: line, column: column, containing: [message], file: folder.scenarioPath)
    }
}
