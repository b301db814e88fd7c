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

/// An error flick says in its own words: `main` prints its text on standard error, once and as it is, and exits
/// with its status. Nothing else prints it, so no message is said twice or wrapped in a second "error: ".
protocol ReportedError: Error, CustomStringConvertible {
    /// The exit status: 2 for bad input and failures, 128 + N for a stop by signal N.
    var status: ExitCode { get }
    /// "error: MESSAGE".
    init(_ message: String)
}

extension ReportedError {
    /// `error` said as this kind of error, "error: …"; an error already said in flick's form (`ReportedError`) or an
    /// exit status (`ExitCode`) is returned as it is, so that it is not said twice.
    static func of(_ error: Error) -> Error {
        if error is ReportedError || error is ExitCode { return error }
        return Self("\(error)")
    }
}

/// Bad input or bad usage found by flick's own checks: `main` prints it on standard error and exits 2
/// (ArgumentParser passes an error thrown by `validate()` through as it is).
struct BadInput: ReportedError {
    /// The whole text printed: one line, or several (a scenario's every problem).
    var description: String

    /// "error: MESSAGE".
    init(_ message: String) { description = Self.prefix + message }

    /// "FILE: error: MESSAGE": a problem of one file, named as the decoder names it.
    init(file: String, _ message: String) { description = "\(file): \(Self.prefix)\(message)" }

    /// Lines already said in flick's form (the decoder's `file:line:column: error: …`, a count of invalid files).
    init(lines: [String]) { description = lines.joined(separator: "\n") }

    var status: ExitCode { failureExit }

    /// What a one-line error begins with.
    static let prefix = "error: "
}

/// A failure that is not the input's fault (a folder that cannot be replaced, a file that cannot be written, a render
/// that failed) or a stop by a signal: `main` prints it on standard error and exits with `status`.
struct Failure: ReportedError {
    var description: String
    var status: ExitCode

    /// "error: MESSAGE", exit status 2.
    init(_ message: String) { self.init(lines: [BadInput.prefix + message]) }

    /// "FILE: error: MESSAGE", exit status 2.
    init(file: String, _ message: String) { self.init(lines: ["\(file): \(BadInput.prefix)\(message)"]) }

    /// Lines already said in flick's form, exit status `status` (2 unless given).
    init(lines: [String], status: ExitCode = failureExit) {
        description = lines.joined(separator: "\n")
        self.status = status
    }
}
