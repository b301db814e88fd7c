import ArgumentParser
import FlickCore
import Foundation

struct States: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Simulate a scenario and print the state of every frame.",
        discussion: """
        Prints the per-frame state document: for each frame its time, the touch, every scroll view's contentOffset, contentSize, insets, frame, velocity, phase and indicator, and the sheet, pager and info panel when the scene has them. JSON gives one frame per line; CSV gives one column per value.

        SCENARIO is a .json, .yaml or .yml file, or the name of a bundled example (see `flick examples`).
        """
    )

    @Argument(help: "The scenario file, or the name of a bundled example.")
    var scenario: String

    @Option(help: "Output format: json or csv.")
    var format: StatesWriter.Format = .json

    @Option(name: .shortAndLong, help: "Write to this file instead of standard output (replaced only once complete).")
    var output: String?

    func run() throws {
        let scenario = try loadScenario(self.scenario)
        let sink = try OutputSink(path: output)
        var writer = StatesWriter(format: format) { try sink.write($0) }
        do {
            try writer.begin(scenario)
            try Simulation(scenario: scenario).run { try writer.write($0) }
            try writer.end()
            try sink.finish()
        } catch {
            sink.abandon()
            printError("error: cannot write \(output ?? "standard output"): \(error.localizedDescription)")
            throw failureExit
        }
    }
}

extension StatesWriter.Format: ExpressibleByArgument {}

/// Standard output, or a file written beside its destination and renamed into place when complete,
/// so an interrupted run never leaves a half-written document under the final name.
final class OutputSink {
    private let destination: String?
    private let temporary: String?
    private let handle: FileHandle
    private var buffer = Data()

    init(path: String?) throws {
        destination = path
        guard let path else {
            temporary = nil
            handle = FileHandle.standardOutput
            return
        }
        let url = URL(fileURLWithPath: path)
        let directory = url.deletingLastPathComponent().path
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory), isDirectory.boolValue else {
            printError("error: cannot write \(path): the folder \(directory) does not exist")
            throw failureExit
        }
        let temp = directory + "/." + url.lastPathComponent + ".partial-\(getpid())"
        guard FileManager.default.createFile(atPath: temp, contents: nil),
              let h = FileHandle(forWritingAtPath: temp) else {
            printError("error: cannot write \(path): permission denied or read-only folder")
            throw failureExit
        }
        temporary = temp
        handle = h
    }

    func write(_ text: String) throws {
        buffer.append(contentsOf: text.utf8)
        if buffer.count >= 1 << 16 { try flush() }
    }

    private func flush() throws {
        try handle.write(contentsOf: buffer)
        buffer.removeAll(keepingCapacity: true)
    }

    func finish() throws {
        try flush()
        guard let temporary, let destination else { return }
        try handle.close()
        if rename(temporary, destination) != 0 {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSLocalizedDescriptionKey: String(cString: strerror(errno))])
        }
    }

    func abandon() {
        guard let temporary else { return }
        try? handle.close()
        try? FileManager.default.removeItem(atPath: temporary)
    }
}
