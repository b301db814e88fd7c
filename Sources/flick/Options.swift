import ArgumentParser
import FlickDiff

/// `--jobs N`, shared by the commands that work on several threads: `validate()` checks it before the command runs,
/// so the check and its message live here once. `Help` gives each command's own help line (what runs at once, and
/// the default).
struct JobsOption<Help: JobsHelp>: ParsableArguments {
    @Option(help: Help.help)
    var jobs: Int?

    /// At least 1: bad input (exit status 2, "error: --jobs must be at least 1, not 0").
    func validate() throws {
        if let jobs, jobs < 1 { throw BadInput("--jobs must be at least 1, not \(jobs)") }
    }
}

/// The help of a command's `--jobs`.
protocol JobsHelp {
    static var help: ArgumentHelp { get }
}

enum RenderJobs: JobsHelp { static let help: ArgumentHelp = "Threads drawing and encoding frames (default: all cores)." }
enum ReviewJobs: JobsHelp { static let help: ArgumentHelp = "Threads drawing and comparing frames (default: all cores)." }
enum BenchJobs: JobsHelp { static let help: ArgumentHelp = "Threads for the pipeline run (default: all cores)." }
enum FuzzJobs: JobsHelp { static let help: ArgumentHelp = "Cases run at once (default: all cores)." }
enum DiffJobs: JobsHelp {
    static let help = ArgumentHelp("Frames compared at the same time (default: one per core; at most \(FolderComparison.jobsPerCore) per core).", valueName: "N")
}
enum TestJobs: JobsHelp { static let help: ArgumentHelp = "Scenarios tested at once (default: all cores)." }

/// Bad input or bad usage found by flick's own checks: `main` prints "error: MESSAGE" on standard error and exits 2
/// (ArgumentParser passes an error thrown by `validate()` through as it is).
struct BadInput: Error, CustomStringConvertible {
    var message: String
    /// Whether `message` is already worded as whole lines (`init(lines:)`).
    private var isLines = false

    init(_ message: String) { self.message = message }

    /// Problems already worded as whole lines that name their file (`file: error: …`, as the decoder and
    /// `ServedFiles` word them): printed as they are.
    init(lines: String) {
        message = lines
        isLines = true
    }

    /// What the line printed begins with.
    static let prefix = "error: "

    /// What is printed: "error: " and the message, or the lines as they are.
    var description: String { isLines ? message : Self.prefix + message }
}
