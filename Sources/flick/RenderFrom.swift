import ArgumentParser
import FlickCore
import FlickOutput
import FlickRender
import FlickReview
import Foundation

extension Render {
    /// `flick render SCENARIO --from STATES`: draws the run the states document `file` holds with the appearance of
    /// SCENARIO (its theme, rows, icons, pictures, font, background and safe area), simulating nothing
    /// (docs/states.md, "Drawing a document"). The frames, states.json and the review outputs are written as a render
    /// of the scenario writes them.
    func renderFromDocument(_ file: String) throws {
        guard scenarios.count == 1 else {
            throw BadInput("--from draws one states document with the appearance of one scenario: give one scenario, not \(scenarios.count)")
        }
        // What changes the simulation cannot apply to a run already simulated.
        let simulationOptions = [(fps != nil, "--fps"), (slow != nil, "--slow")].filter(\.0).map(\.1)
        if let option = simulationOptions.first {
            throw BadInput("\(option) changes the simulation, and --from draws a run already simulated (\(file) has its frame rate and frames): drop \(option), or render the scenario without --from")
        }
        if !(try sweepOptions.sweep.axes()).isEmpty || hasFileSweep(scenarios[0]) {
            throw BadInput("--from draws one run; a sweep (--set, or sweep: in the file) simulates one run for each variant: render the sweep without --from")
        }
        var ffmpeg: String?
        if let video {
            guard let found = FFmpeg.locate() else {
                throw BadInput("--video \(video.rawValue) needs ffmpeg, which is not on PATH; \(FFmpeg.installHint)")
            }
            ffmpeg = found
        }
        let argument = scenarios[0]
        let path = ExampleCatalog.resolve(argument)
        var scenario = try loadScenario(argument)
        let document = try readDocument(file)
        if let problem = document.appearanceProblem(scenario) {
            throw BadInput(file: file, "\(problem.path): \(problem.problem)")
        }
        // The document's rate and scales: the frames are drawn at its scale unless --scale says another.
        scenario.fps = document.header.fps
        scenario.viewport.scale = document.header.scale
        scenario.viewport.deviceScale = document.header.deviceScale
        if let message = apply(to: &scenario) { throw BadInput(file: path, message) }
        if let drawing = Validate.drawingError(of: scenario, argument: argument, path: path) {
            throw BadInput(lines: [drawing.description])
        }
        if let missing = FrameRenderer.missingCharactersWarning(of: scenario) { printError("\(path): warning: \(missing)") }
        let run = Run(document: document, appearance: scenario)
        let reviewOptions = reviewOptions(playbackFPS: scenario.fps, ffmpeg: ffmpeg)
        var options = SequenceOptions(format: format, frames: frames?.range, jobs: workerThreads(threads.jobs),
                                      render: RenderOptions(overlay: overlay, iconFolders: ExampleCatalog.iconFolders(forScenarioAt: path)),
                                      cancellation: Interruption.cancellation)
        options.overlayLayer = overlayLayer
        options.run = run
        try renderAndReport(scenario, from: path, document: file, options: options, review: reviewOptions, frameCount: run.frameCount,
                            playbackFPS: scenario.fps, progress: isatty(STDERR_FILENO) == 1)
    }

    /// The run the states document `file` holds, read by its one reader (`Run.read(json:file:)`): a regular file of at
    /// most the review's limit for a folder's states (docs/review-page.md); any problem is thrown as `BadInput` naming
    /// the file, the key path and the problem.
    func readDocument(_ file: String) throws -> Run {
        let data: Data
        do throws(RegularFileError) {
            data = try RegularFile.data(path: file, limit: RunPageData.maximumStatesSize, what: file)
        } catch {
            throw BadInput(file: file, "cannot read: \(error.reason ?? "no such file")")
        }
        do {
            try StatesDocumentShape.checkNesting(data, file: file)
        } catch {
            // Its message starts with the file's name.
            throw BadInput("\(error)")
        }
        do {
            return try Run.read(json: data, file: file)
        } catch {
            throw BadInput(file: file, error.path.isEmpty ? error.problem : "\(error.path): \(error.problem)")
        }
    }
}
