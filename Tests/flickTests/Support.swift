import Foundation
import Testing

/// A fresh empty folder under the system's temporary folder, for one test.
func scratchFolder(_ label: String) throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("flick-\(label)-\(UUID().uuidString.prefix(8))")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}

/// Names in `folder`, sorted, hidden ones included; empty when it does not exist.
func contents(_ folder: URL) -> [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).sorted()
}

/// A `flick` started and left running, so a test can signal it while it works.
final class RunningFlick {
    let process = Process()
    private let outURL: URL
    private let errURL: URL
    private let standardOutput: FileHandle?

    /// Starts flick; standard output goes to `standardOutput` when given, else to a file read by `wait()`.
    init(_ arguments: [String], in directory: URL = packageRoot, environment: [String: String] = [:],
         standardInput: FileHandle? = nil, standardOutput: FileHandle? = nil, executable: URL = flickURL) throws {
        process.executableURL = executable
        process.arguments = arguments
        if let standardInput { process.standardInput = standardInput }
        process.currentDirectoryURL = directory
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        let id = UUID().uuidString
        outURL = FileManager.default.temporaryDirectory.appendingPathComponent("flick-run-out-\(id)")
        errURL = FileManager.default.temporaryDirectory.appendingPathComponent("flick-run-err-\(id)")
        _ = FileManager.default.createFile(atPath: outURL.path, contents: nil)
        _ = FileManager.default.createFile(atPath: errURL.path, contents: nil)
        self.standardOutput = standardOutput
        process.standardOutput = try standardOutput ?? FileHandle(forWritingTo: outURL)
        process.standardError = try FileHandle(forWritingTo: errURL)
        try process.run()
    }

    var pid: Int32 { process.processIdentifier }

    func signal(_ number: Int32) { kill(pid, number) }

    /// Waits for flick to end and returns its status and output.
    func wait() throws -> Run {
        process.waitUntilExit()
        defer {
            try? FileManager.default.removeItem(at: outURL)
            try? FileManager.default.removeItem(at: errURL)
        }
        return Run(status: process.terminationStatus,
                   stdout: String(decoding: try Data(contentsOf: outURL), as: UTF8.self),
                   stderr: String(decoding: try Data(contentsOf: errURL), as: UTF8.self))
    }
}

/// Waits until `condition` holds, checking every few milliseconds for at most `limit` seconds: for a file a
/// running flick is about to create. False if it never held.
func eventually(within limit: Double = 120, _ condition: () -> Bool) -> Bool {
    let deadline = Date().addingTimeInterval(limit)
    while Date() < deadline {
        if condition() { return true }
        usleep(2_000)
    }
    return condition()
}

/// The names in `folder` that start with `prefix`.
func names(in folder: URL, startingWith prefix: String) -> [String] {
    contents(folder).filter { $0.hasPrefix(prefix) }
}

/// A scenario file of `frames` frames of a small list: long to render or simulate in full, quick to start.
func writeLongScenario(to url: URL, frames: Int = 99_000) throws {
    let fps = 240.0
    try """
    viewport: {width: 60, height: 80, scale: 1}
    fps: \(Int(fps))
    duration: \(Double(frames) / fps)
    scene:
      list: {rows: 200, rowHeight: 20}
    gestures:
      - {at: 0.1, drag: {from: [30, 70], to: [30, 10], duration: 0.2}}
    """.write(to: url, atomically: true, encoding: .utf8)
}

/// The process id of a process that has ended (so no process has it, until the system reuses it).
func deadProcessID() throws -> Int32 {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/sh")
    process.arguments = ["-c", "exit 0"]
    try process.run()
    process.waitUntilExit()
    return process.processIdentifier
}
