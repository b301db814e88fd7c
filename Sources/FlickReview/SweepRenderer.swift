import FlickCore
import FlickImage
import FlickRender
import Foundation

/// What a sweep's render writes beyond each variant's frames.
public struct SweepRenderOptions: Sendable {
    /// The contact sheet's most columns.
    public var gridColumns: Int
    /// The grid video, through the ffmpeg at `ffmpegPath`.
    public var video: VideoFormat?
    public var ffmpegPath: String?
    /// The rate the grid video plays at (the scenario's own fps, also under slow motion).
    public var playbackFPS: Double?
    /// Whether to write `index.html`, the variants on one motion graph (`ReviewPage.runsPage`).
    public var page: Bool

    public init(gridColumns: Int = SweepGrid.defaultColumnLimit, video: VideoFormat? = nil, ffmpegPath: String? = nil,
                playbackFPS: Double? = nil, page: Bool = false) {
        self.gridColumns = gridColumns
        self.video = video
        self.ffmpegPath = ffmpegPath
        self.playbackFPS = playbackFPS
        self.page = page
    }

    /// The files written at the top of the sweep's folder.
    public var fileNames: [String] {
        (page ? ["index.html"] : []) + ["contact-sheet.png"] + (video.map { ["grid.\($0.rawValue)"] } ?? [])
            + ["variants.csv", "variants.md", "variants.json"]
    }
}

/// What a sweep's render wrote.
public struct SweepSummary: Sendable {
    public var folder: URL
    public var variants: Int
    public var framesWritten: Int
    public var seconds: Double
    public var warnings: [String]
    public var table: SweepTable
}

/// A sweep's progress: a variant's frames, or the grid video's.
public enum SweepProgress: Sendable {
    case variant(number: Int, of: Int, done: Int, total: Int)
    case grid(done: Int, total: Int)
}

/// Renders a sweep (docs/sweeps.md) into `DIR/<name>/`, through one `OutputFolder` (staged, then renamed into
/// place; nothing is left on failure): `variants/NN-values/` with each variant's `frames/` and `states.json`, and
/// beside them `contact-sheet.png` (the grid), `grid.mp4|webm|gif` with a video, and the table `variants.csv`,
/// `variants.md` and `variants.json`.
public enum SweepRenderer {
    /// The measures of each variant (simulated once more: the simulation is far cheaper than drawing).
    public static func table(name: String, paths: [String], variants: [SweepVariant]) -> SweepTable {
        SweepTable(name: name, paths: paths, rows: variants.map { variant in
            var meter = VariantMeter(scenario: variant.scenario)
            for frame in Run(scenario: variant.scenario) { meter.add(frame) }
            return SweepRow(variant: variant, of: variants.count, measures: meter.measures)
        })
    }

    /// Renders `variants` (their scenarios already carrying any --fps, --scale and slow motion) into `destination`.
    /// `sequence.observer` is not used: a sweep's review outputs are its grid.
    public static func render(name: String, paths: [String], variants: [SweepVariant], to destination: URL,
                              sequence: SequenceOptions, options: SweepRenderOptions,
                              progress: @escaping @Sendable (SweepProgress) -> Void = { _ in }) throws -> SweepSummary {
        let start = Date()
        guard !variants.isEmpty else { throw ReviewError("a sweep needs at least one variant") }
        // Fail on fonts, icons, ffmpeg and the grid's shape before creating anything.
        for variant in variants { _ = try FrameRenderer(scenario: variant.scenario, options: sequence.render) }
        var ffmpeg: String?
        if let format = options.video {
            guard let found = options.ffmpegPath ?? FFmpeg.locate() else {
                throw ReviewError("--video \(format.rawValue) needs ffmpeg, which is not on PATH; \(FFmpeg.installHint)")
            }
            ffmpeg = found
        }
        let table = self.table(name: name, paths: paths, variants: variants)
        let grid = try SweepGrid(name: name, variants: zip(variants, table.rows).map {
            GridVariant(number: $0.number, assignments: $0.assignments, scenario: $0.scenario, measures: $1.measures)
        }, limit: options.gridColumns)
        let cancellation = sequence.cancellation
        if cancellation?.isCancelled == true { throw RenderCancelled() }

        var variantOptions = sequence
        variantOptions.observer = nil
        let folder = try OutputFolder(destination: destination)
        do {
            try folder.createFolder("variants")
            var frames = 0
            for (variant, row) in zip(variants, table.rows) {
                try folder.createFolder(row.folder)
                let number = variant.number, count = variants.count
                frames += try SequenceRenderer.render(variant.scenario, into: folder, at: row.folder + "/", options: variantOptions) {
                    progress(.variant(number: number, of: count, done: $0, total: $1))
                }
            }
            if cancellation?.isCancelled == true { throw RenderCancelled() }
            try folder.write(PNGEncoder().encode(grid.image(options: sequence.render)), to: "contact-sheet.png")
            if let format = options.video, let ffmpeg {
                let fps = options.playbackFPS ?? grid.fps
                try SweepVideo.write(grid, format: format, ffmpeg: ffmpeg, path: try folder.reservePath("grid.\(format.rawValue)"),
                                     playbackFPS: fps, options: sequence.render, jobs: sequence.jobs, cancellation: cancellation) {
                    progress(.grid(done: $0, total: $1))
                }
            }
            try folder.write(Data(table.csv.utf8), to: "variants.csv")
            try folder.write(Data(table.markdown.utf8), to: "variants.md")
            try folder.write(Data((table.json.text + "\n").utf8), to: "variants.json")
            if options.page {
                let page = runsPage(name: name, paths: paths, variants: variants, rows: table.rows, video: options.video)
                try folder.write(Data(page.utf8), to: "index.html")
            }
            let warnings = try folder.commit(cancellation: cancellation)
            return SweepSummary(folder: folder.destination, variants: variants.count, framesWritten: frames,
                                seconds: Date().timeIntervalSince(start), warnings: warnings, table: table)
        } catch {
            folder.abandon()
            throw error
        }
    }

    /// The sweep's `index.html`: its variants on one motion graph, each named by its swept values, with the
    /// variant's folder and full assignments as its detail, and links to the files beside it.
    public static func runsPage(name: String, paths: [String], variants: [SweepVariant], rows: [SweepRow], video: VideoFormat?) -> String {
        let runs = zip(variants, rows).map { variant, row in
            CompareRun(scenario: variant.scenario, label: CompareRun.variantLabel(variant.assignments),
                       detail: "\(row.folder) · \(variant.label)")
        }
        let links = [(label: "contact sheet", href: "contact-sheet.png")] + (video.map { [(label: "grid video", href: "grid.\($0.rawValue)")] } ?? [])
            + [(label: "variants table", href: "variants.md"), (label: "variants.csv", href: "variants.csv")]
        let meta = "\(variants.count) variant\(variants.count == 1 ? "" : "s") on one motion graph (--set \(paths.joined(separator: ", --set ")))"
        return ReviewPage.runsPage(title: "\(name) · " + paths.joined(separator: " × "), meta: meta, graph: CompareGraph(runs: runs), links: links)
    }

    /// `flick states --set`'s JSON document (docs/states.md, "Sweeps"): the swept keys, then per variant its number,
    /// label, folder, assignments, measures and whole states document, written variant by variant to `sink`; with
    /// `explains`, each states document has its `explain` lists (`flick states --explain`).
    public static func writeStates(name: String, axes: [SweepAxis], variants: [SweepVariant], explains: Bool = false,
                                   cancellation: Cancellation? = nil, sink: (String) throws -> Void) throws {
        let sweep = JSONValue.array(axes.map { axis in
            .object([("path", .string(axis.path)), ("values", .array(axis.values.map(SweepTable.jsonScalar)))])
        })
        try sink("{\"scenario\": \(JSONValue.string(name).text), \"sweep\": \(sweep.text),\n \"variants\": [")
        for (n, variant) in variants.enumerated() {
            var meter = VariantMeter(scenario: variant.scenario)
            var states = ""
            var writer = StatesWriter(format: .json) { states += $0 }
            try writer.begin(variant.scenario)
            for frame in Run(scenario: variant.scenario, explains: explains) {
                if cancellation?.isCancelled == true { throw RenderCancelled() }
                meter.add(frame)
                try writer.write(frame)
            }
            try writer.end()
            while states.hasSuffix("\n") { states.removeLast() }
            let row = SweepRow(variant: variant, of: variants.count, measures: meter.measures)
            var head = row.json.text
            head.removeLast() // the closing brace: the states follow
            try sink((n == 0 ? "\n" : ",\n") + head + ",\n \"states\": " + states + "}")
        }
        try sink("\n]}\n")
    }

    /// `flick states --set --explain=text`: per variant a heading naming it (`== variant 1: physics.preset=uikit`),
    /// then the text of each of its decisions, one line each (docs/states.md, "Explanations").
    public static func explanationLines(variants: [SweepVariant], cancellation: Cancellation? = nil,
                                        line: (String) throws -> Void) throws {
        for variant in variants {
            try line("== variant \(variant.number): \(variant.label)")
            for frame in Run(scenario: variant.scenario, explains: true) {
                if cancellation?.isCancelled == true { throw RenderCancelled() }
                for explanation in frame.explanations { try line(explanation.text) }
            }
        }
    }
}
