import FlickOutput
import Foundation

/// One problem found in a scenario file: where it is (file, key path, line and column) and what is wrong.
public struct ScenarioDiagnostic: Error, Hashable, Sendable, CustomStringConvertible {
    public var file: String
    /// The key path inside the file, such as `scene.sheet.detents[1].fraction`; empty for the file as a whole.
    public var path: String
    public var line: Int?
    public var column: Int?
    public var message: String

    public init(file: String, path: String, line: Int? = nil, column: Int? = nil, message: String) {
        self.file = file
        self.path = path
        self.line = line
        self.column = column
        self.message = message
    }

    /// `file:line:column: error: path: message`, the shape compilers use, so editors can jump to it.
    public var description: String {
        var location = file
        if let line { location += ":\(line)" }
        if let column { location += ":\(column)" }
        return path.isEmpty ? "\(location): error: \(message)" : "\(location): error: \(path): \(message)"
    }
}

/// Every problem found in one scenario file.
public struct ScenarioError: Error, Sendable, CustomStringConvertible {
    public var diagnostics: [ScenarioDiagnostic]

    public init(_ diagnostics: [ScenarioDiagnostic]) { self.diagnostics = diagnostics }

    public var description: String { diagnostics.map(\.description).joined(separator: "\n") }
}

extension RegularFileError {
    /// A file that exists but is not read, as the scenario's messages say it after the file's name: "is a named
    /// pipe (FIFO), not a regular file", "cannot be read (check permissions)".
    var unreadable: String {
        switch problem {
        case .notRegular(let kind): "is \(kind), not a regular file"
        case .failed(let code) where code == EACCES || code == EPERM: "cannot be read (check permissions)"
        case .failed(let code): "cannot be read: \(String(cString: strerror(code)))"
        case .notFound: "does not exist"
        case .folder: "is a folder"
        case .tooLarge(let bytes, let limit, _): "is \(bytes) bytes; the limit is \(limit)"
        }
    }
}
