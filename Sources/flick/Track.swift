import ArgumentParser
import FlickCore
import FlickOutput
import FlickTrack
import Foundation

struct TrackCommand: ParsableCommand, WritesOutput {
    static let configuration = CommandConfiguration(
        commandName: "track",
        abstract: "Measure how a region of a screen recording moves, frame by frame, as a reference CSV.",
        discussion: """
        Reads VIDEO (MP4, MOV, WebM, GIF, APNG: anything ffmpeg decodes; or a folder of PNG frames, --fps apart) and measures the content of --region in every frame (docs/track.md). Without --edge the value is how far the content has moved since the first frame, in points, positive when it moves up (or left with --axis x): it follows contentOffset. With --edge it is the position of the strongest edge across the region, in points from the top (or left) of the frame: a sheet's top.

        The output is the `reference:` CSV (t,value; docs/scenario-format.md, "References"), t in seconds from the first frame, on the video's own clock (its frame timestamps). A frame that shows the content where the last kept frame had it is a repeat, not a stop: it is dropped and counted. A frame whose match is not confident is left out and named on standard error; after 0.25 s without a confident match the command stops (exit 2). The release (--release, or found from the motion) is printed on standard error with the `reference:` entry to paste.

        The region is X,Y,W,H in points; pixels per point come from --scale, or from the recording's size when it is a device preset's (`flick devices`: 1170×2532 is an iPhone at 3x). Videos are decoded by ffmpeg (and sized by ffprobe) from PATH, only the region and only luma.

        With --out FILE the CSV is written beside FILE and renamed over it once complete (an interrupted run leaves FILE as it was); --plot FILE writes the trace as SVG the same way.
        """
    )

    @Argument(help: "The recording: a video file, or a folder of PNG frames.")
    var video: String

    @Option(help: ArgumentHelp("The region to track, in points: left, top, width, height.", valueName: "X,Y,W,H"))
    var region: String

    @Option(help: ArgumentHelp("The axis the content moves along.", valueName: "y|x"))
    var axis: TrackAxis = .y

    @Flag(help: "Measure the position of the strongest edge across the region (a sheet's top), not the content's displacement.")
    var edge = false

    @Option(help: "Pixels per point (default: from the recording's size, when it is a device preset's).")
    var scale: Double?

    @Option(help: "Frames per second of a folder of PNG frames.")
    var fps: Double = 60

    @Option(name: [.customShort("o"), .long], help: "Write the CSV to this file instead of standard output (replaced only once complete).")
    var out: String?

    @Option(help: "When the finger lifted, in seconds on the recording's clock (default: found from the motion).")
    var release: Double?

    @Option(help: ArgumentHelp("Write the trace as an SVG plot.", valueName: "FILE.svg"))
    var plot: String?

    @Option(help: "The lowest match (normalised cross-correlation, 0…1) a displacement sample may have.")
    var minConfidence: Double = 0.98

    func run() throws {
        do {
            try track()
        } catch let error as TrackError {
            throw BadInput("\(error)")
        }
    }

    private func track() throws {
        let region = try PointRegion(parsing: self.region)
        if let scale, !(scale.isFinite && scale > 0) { throw TrackError("--scale must be a positive number, not \(scale)") }
        if let release, !release.isFinite { throw TrackError("--release must be a number of seconds") }
        guard minConfidence.isFinite, (0...1).contains(minConfidence) else { throw TrackError("--min-confidence must be between 0 and 1") }
        if let plot, !plot.lowercased().hasSuffix(".svg") { throw TrackError("--plot writes SVG: name a .svg file, not \(plot)") }

        var isFolder: ObjCBool = false
        let exists = FileManager.default.fileExists(atPath: video, isDirectory: &isFolder)
        let folder = exists && isFolder.boolValue ? try PNGFolderFrames(folder: video, fps: fps) : nil
        let size = try folder?.size() ?? VideoFrames.probe(video)
        let scale: Double
        if let given = self.scale {
            scale = given
        } else {
            let devices = DevicePreset.all.map { TrackDevice(name: $0.name, width: $0.viewport.width, height: $0.viewport.height, scale: $0.viewport.scale) }
            let inferred = try TrackScale.infer(size, devices: devices)
            scale = inferred.scale
            printError("\(video): \(size.width)×\(size.height) px, \(inferred.devices.first ?? "a device") at \(NumberText.short(scale, digits: 3))x")
        }
        let pixels = region.pixels(scale: scale)
        if let problem = pixels.problem(in: size) {
            throw TrackError("\(video): --region \(self.region) at \(NumberText.short(scale, digits: 3))x: \(problem)")
        }
        let source: FrameSource
        if let folder {
            folder.start(region: pixels)
            source = folder
        } else {
            source = try VideoFrames(path: video, region: pixels)
        }
        var options = TrackOptions(axis: axis, mode: edge ? .edge : .displacement)
        options.minimumMatch = minConfidence
        let cancellation = Interruption.cancellation
        let result: TrackResult
        do {
            result = try Track.run(source, region: pixels, scale: scale, options: options, cancellation: cancellation)
        } catch is RenderCancelled {
            throw Interruption.exit
        } catch let error as TrackError {
            throw TrackError("\(video): \(error)")
        }
        for line in result.summary(limit: 20) { printError(line) }
        let release = self.release ?? Track.release(result.samples)
        let what = edge ? "the strongest edge across the region, in points from the frame's \(axis == .y ? "top" : "left")"
            : "the content's displacement since the first frame, in points, positive \(axis == .y ? "up (contentOffset.y)" : "left (contentOffset.x)")"
        var comments = ["flick track \(video) --region \(self.region) --axis \(axis.rawValue)\(edge ? " --edge" : "") at \(NumberText.short(scale, digits: 3)) px/pt",
                        what]
        if let release {
            comments.append("release: \(NumberText.short(release, digits: 6))" + (self.release == nil ? " (found from the motion: the last sample at the highest speed)" : ""))
            let path = edge ? "sheet.top" : "LIST.contentOffset.\(axis.rawValue)"
            printError("release: \(NumberText.short(release, digits: 6)) s\(self.release == nil ? " (found from the motion: the last sample at the highest speed; give --release if the finger lifted elsewhere)" : "")")
            // A video goes in the entry too: the review page shows it beside Flick's frames (docs/track.md, "Side by side").
            let shown = folder == nil ? ", video: \(video)" : ""
            printError("reference: {path: \(path), file: \(out ?? "FILE.csv")\(shown), release: \(NumberText.short(release, digits: 6))}")
        } else {
            printError("release: not found (too few samples or no motion); give --release")
        }
        try writeDocument(to: out ?? "-") { file, _ in try file.write(result.csv(comments: comments)) }
        if let plot {
            let title = "\((video as NSString).lastPathComponent) · \(edge ? "edge" : "displacement") along \(axis.rawValue)"
            try writeDocument(to: plot) { file, _ in try file.write(result.svg(title: title, release: release)) }
            printError("plot written to \(plot)")
        }
    }
}

extension TrackAxis: ExpressibleByArgument {}
