import FlickOutput
import Foundation
import FlickPhysics
import Yams

/// Reads scenario files (docs/scenario-format.md), JSON or YAML, into a `Scenario`, or reports every problem found.
public enum ScenarioDecoder {
    /// Scenario files larger than this are refused (4 MiB): it bounds memory before parsing starts. The YAML
    /// node tree takes about a hundred times the size of the text (16 MB of touch samples took 1.7 GB), and
    /// ten minutes of touches recorded at 120 Hz fit in about 2 MiB.
    public static let maximumFileSize = 4 << 20
    /// The deepest nesting of lists and mappings a file may have; deeper input is refused before parsing.
    public static let maximumNesting = 64
    /// The most frames a scenario may produce.
    public static let maximumFrames = 100_000
    /// The most tab states a run may hold: pages of every pager × frames. Every frame holds every tab, and the CSV
    /// (a column per tab), states goldens, expectations and invariants visit each one on every frame (about 60
    /// bytes of CSV each), so this keeps them near a gigabyte at most; 250,000 tabs over 99,600 frames would have
    /// been 1.45 TB. The JSON document writes the tabs once in its header (docs/states.md, "Pagers").
    public static let maximumTabFrames = 20_000_000
    /// The most pixels one frame may have (viewport × scale²): FlickImage's limit for every image (`PixelLimits`).
    public static let maximumPixels = Double(PixelLimits.maximumPixels)
    /// The most rows a list may have.
    public static let maximumRows = 1_000_000
    /// The most touch samples all gestures together may produce.
    public static let maximumTouchSamples = 2_000_000
    /// Components nest at most this deep (a sheet holding a pager of lists is 3).
    public static let maximumComponentDepth = 8
    /// The longest length a scenario gives in points (a size, an inset, a detent's height, a row's height, a
    /// distance), and the farthest a finger's point may be from the origin: sizes stay far from where a Double
    /// loses whole points and from the largest integer.
    public static let maximumLength = 1e6
    /// The longest content a scroll view may have, in points (rows × rowHeight with the insets, cards × their
    /// pitch), and the farthest initial contentOffset.
    public static let maximumContentLength = 1e8
    /// The thinnest row, in points: a row index (offset ÷ row height) stays below 10¹⁰.
    public static let minimumRowHeight = 0.01
    /// The widest carousel card, in points.
    public static let maximumCardWidth = 2000.0
    /// The longest text (titles, names, paths), in characters: text is laid out on every frame.
    public static let maximumTextLength = 1000
    /// The widest or tallest image, in pixels: Cairo's limit for a surface's side.
    public static let maximumImageSide = Double(PixelLimits.maximumSide)

    /// Why frames of `size` points at `scale` pixels per point cannot be made, or nil: more than 64 megapixels,
    /// or a side under one pixel or over `maximumImageSide` (sizes in pixels are rounded, as the renderer does).
    public static func imageProblem(_ size: Size, scale: Double) -> String? {
        let (width, height) = (size.width * scale, size.height * scale)
        let pixels = width * height
        let points = "\(say(size.width))×\(say(size.height)) pt at scale \(say(scale))"
        if pixels > maximumPixels {
            // No Int(...) here: the sizes can be as large as a Double gets, and that conversion would trap.
            let megapixels = pixels / 1e6 < 1e9 ? say(pixels / 1e6) : "more than a billion"
            return "\(points) is \(megapixels) megapixels; the limit is \(PixelLimits.described)"
        }
        let sides = [width.rounded(), height.rounded()]
        if sides.contains(where: { $0 < 1 || $0 > maximumImageSide }) {
            return "\(points) makes images of \(say(sides[0]))×\(say(sides[1])) pixels; each side must be from 1 to \(say(maximumImageSide)) pixels"
        }
        return nil
    }

    public static let supportedExtensions = ["json", "yaml", "yml"]

    /// Loads and decodes the file at `path`.
    public static func load(path: String) throws(ScenarioError) -> Scenario {
        let (data, name) = try readFile(path: path)
        return try decode(data: data, file: path, defaultName: name)
    }

    /// The keys every scenario file has at its top level: `viewport`, `duration` and `scene`.
    public static var requiredKeys: Set<String> {
        Set((ScenarioSchema.objects.first?.description.keys ?? []).filter {
            if case .required = $0.need { return true }
            return false
        }.map(\.name))
    }

    /// Whether the file at `path` is plainly not a scenario: it reads as JSON or YAML whose top level is not a
    /// mapping, or a mapping with none of the keys every scenario has (`requiredKeys`): `package.json`,
    /// `tsconfig.json`, `.eslintrc.yml`, a CI workflow. A file with one of them is a scenario, broken or not. A
    /// file that cannot be read or composed, or is empty, is not plainly anything: it may be a broken scenario,
    /// so `false`, and decoding it reports the problem.
    public static func isPlainlyNotAScenario(path: String) -> Bool {
        guard let file = try? readFile(path: path), let composed = try? compose(data: file.data, file: path) else { return false }
        guard case .mapping(let mapping) = composed.root else { return true }
        let keys = requiredKeys
        for (key, _) in mapping {
            guard case .scalar(let scalar) = key else { continue }
            if keys.contains(composed.renamedKeys[scalar.string] ?? scalar.string) { return false }
        }
        return true
    }

    /// The bytes of the scenario file at `path` and its name without the extension, or the problem reading it.
    static func readFile(path: String) throws(ScenarioError) -> (data: Data, name: String) {
        let url = URL(fileURLWithPath: path)
        let ext = url.pathExtension.lowercased()
        var isFolder: ObjCBool = false
        let exists = FileManager.default.fileExists(atPath: path, isDirectory: &isFolder)
        if exists, isFolder.boolValue {
            throw ScenarioError([ScenarioDiagnostic(file: path, path: "", message: "is a directory, not a scenario file")])
        }
        // A path without a scenario's extension that names nothing may be a file or a folder (`Output/x/name`):
        // that it is missing is the problem, not its extension.
        if !exists, !supportedExtensions.contains(ext) {
            throw ScenarioError([ScenarioDiagnostic(file: path, path: "", message: "no such file or folder")])
        }
        guard supportedExtensions.contains(ext) else {
            throw ScenarioError([ScenarioDiagnostic(file: path, path: "",
                message: "unsupported file type \".\(url.pathExtension)\"; scenario files end in .json, .yaml or .yml")])
        }
        // A regular file only, its size checked before it is read: a named pipe is refused, not waited on.
        let data: Data
        do {
            data = try RegularFile.data(path: path, limit: maximumFileSize, what: "a scenario file")
        } catch {
            let message: String = switch error.problem {
            case .notFound: "no such file"
            case .folder: "is a directory, not a scenario file"
            case .tooLarge(let bytes, _, _): "file is \(bytes) bytes; scenario files are limited to \(maximumFileSize) bytes"
            case .notRegular, .failed: error.unreadable
            }
            throw ScenarioError([ScenarioDiagnostic(file: path, path: "", message: message)])
        }
        return (data, defaultName(fromFileName: url.deletingPathExtension().lastPathComponent))
    }

    /// The name of a scenario without `name:`, from its file's name without the extension, following `name`'s
    /// rules (letters, digits, `-`, `_` and `.`, not starting with `.`, at most 128 characters): every other
    /// character becomes `_`, so `x<!--<script>.yaml` is named `x______script_`.
    public static func defaultName(fromFileName base: String) -> String {
        var name = String(String.UnicodeScalarView(base.unicodeScalars.prefix(128).map { scalar in
            scalar.isASCII && (CharacterSet.alphanumerics.contains(scalar) || "-_.".unicodeScalars.contains(scalar)) ? scalar : "_"
        }))
        if name.hasPrefix(".") { name = "_" + name.dropFirst() }
        return name.isEmpty ? "scenario" : name
    }

    /// Decodes scenario text; `file` is only used in messages, `defaultName` when the file has no `name`.
    public static func decode(data: Data, file: String, defaultName: String) throws(ScenarioError) -> Scenario {
        try decode(data: data, file: file, defaultName: defaultName, keysRead: nil)
    }

    /// `keysRead` receives `object.key` for every key read (for the test that the format's description covers them).
    static func decode(data: Data, file: String, defaultName: String,
                       keysRead: ((Set<String>) -> Void)?) throws(ScenarioError) -> Scenario {
        let composed = try compose(data: data, file: file)
        return try read(root: composed.root, renamedKeys: composed.renamedKeys, file: file, defaultName: defaultName,
                        keysRead: keysRead)
    }

    /// Scenario text composed into its node tree, after the checks that bound the work of composing it.
    static func compose(data: Data, file: String) throws(ScenarioError) -> (root: Node, renamedKeys: [String: String]) {
        guard data.count <= maximumFileSize else {
            throw ScenarioError([ScenarioDiagnostic(file: file, path: "",
                message: "input is \(data.count) bytes; scenario files are limited to \(maximumFileSize) bytes")])
        }
        guard var text = String(data: data, encoding: .utf8) else {
            throw ScenarioError([invalidUTF8Diagnostic(data, file: file)])
        }
        // A byte order mark is allowed (editors write one), and would otherwise read as the start of content.
        if text.unicodeScalars.first == "\u{FEFF}" { text = String(text.unicodeScalars.dropFirst()) }
        if let problem = textProblem(in: text, file: file) { throw ScenarioError([problem]) }
        let composed = try DocumentComposer.compose(text, file: file)
        // A document with nothing in it (`---` alone) composes to an empty plain scalar.
        guard let root = composed.root, !root.isEmptyPlainScalar else {
            throw ScenarioError([ScenarioDiagnostic(file: file, path: "", message: "the file is empty")])
        }
        return (root, composed.renamedKeys)
    }

    /// Decodes a composed document.
    static func read(root: Node, renamedKeys: [String: String], file: String, defaultName: String,
                     keysRead: ((Set<String>) -> Void)? = nil) throws(ScenarioError) -> Scenario {
        let reader = NodeReader(file: file, renamedKeys: renamedKeys)
        reader.recordsKeys = keysRead != nil
        let scenario = ScenarioFormat(defaultName: defaultName).read(Field(node: root, path: "", reader: reader))
        keysRead?(reader.keysRead)
        if let scenario, !reader.hasErrors { return scenario }
        var diagnostics = reader.diagnostics
        if diagnostics.isEmpty {
            diagnostics = [ScenarioDiagnostic(file: file, path: "", message: "the scenario could not be read")]
        }
        if reader.problemsLeftOut {
            diagnostics.append(ScenarioDiagnostic(file: file, path: "",
                message: "more problems were found; only the first \(NodeReader.maximumDiagnostics) are reported"))
        }
        throw ScenarioError(diagnostics)
    }

    /// Where the first byte that is not UTF-8 is, as a line and column (columns count characters).
    static func invalidUTF8Diagnostic(_ data: Data, file: String) -> ScenarioDiagnostic {
        var parser = Unicode.UTF8.ForwardParser()
        var iterator = data.makeIterator()
        var line = 1, column = 1, offset = 0
        while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid(let encoded):
                offset += encoded.count
                if encoded.count == 1 && encoded.first == UInt8(ascii: "\n") {
                    line += 1
                    column = 1
                } else {
                    column += 1
                }
            case .error:
                let byte = data[data.index(data.startIndex, offsetBy: offset)]
                let hex = String(byte, radix: 16, uppercase: true)
                return ScenarioDiagnostic(file: file, path: "", line: line, column: column,
                    message: "is not UTF-8 text (byte 0x\(hex.count == 1 ? "0" : "")\(hex) at byte offset \(offset))")
            case .emptyInput:
                return ScenarioDiagnostic(file: file, path: "", message: "is not UTF-8 text")
            }
        }
    }

    static func syntaxDiagnostic(_ error: YamlError, file: String) -> ScenarioDiagnostic {
        func make(_ problem: String, _ context: YamlError.Context?, _ mark: Mark) -> ScenarioDiagnostic {
            // libyaml's own limit (1000 levels), for nesting the scan before parsing could not see.
            let problem = problem.hasPrefix("Maximum nesting level reached") ? "nesting too deep" : problem
            var message = "syntax error: \(problem)"
            if let context { message += " (\(context.text) at line \(context.mark.line), column \(context.mark.column))" }
            return ScenarioDiagnostic(file: file, path: "", line: mark.line, column: mark.column, message: message)
        }
        switch error {
        case let .scanner(context, problem, mark, yaml):
            var diagnostic = make(problem, context, mark)
            // libyaml's words for a tab where indentation is read; say what to do.
            let scalars = Array(yaml.unicodeScalars)
            if problem.contains("cannot start any token"),
               let at = DocumentComposer.offset(line: mark.line, column: mark.column, in: scalars), scalars.indices.contains(at),
               scalars[at] == "\t" {
                diagnostic.message += "; a tab cannot indent YAML: indent with spaces"
            }
            return diagnostic
        case let .parser(context, problem, mark, _): return make(problem, context, mark)
        case let .composer(context, problem, mark, _): return make(problem, context, mark)
        case let .reader(problem, offset, _, yaml):
            // libyaml counts bytes here (a control character, say); say where that is as a line and column.
            guard let offset else { return ScenarioDiagnostic(file: file, path: "", message: "syntax error: \(problem)") }
            let location = lineAndColumn(ofByte: offset, in: yaml)
            return ScenarioDiagnostic(file: file, path: "", line: location.line, column: location.column,
                message: "syntax error: \(problem)")
        case let .duplicatedKeysInMapping(duplicates, context):
            // Only when the duplicate could not be located for a report with its key path (see DocumentComposer).
            let keys = duplicates.map { "\"\(Field.truncated($0))\"" }.joined(separator: ", ")
            return ScenarioDiagnostic(file: file, path: "", line: context.mark.line, column: context.mark.column,
                message: "duplicate key\(duplicates.count == 1 ? "" : "s") \(keys) (a key may appear once in each mapping)")
        default:
            return ScenarioDiagnostic(file: file, path: "", message: "syntax error: \(error)")
        }
    }

    /// The line and column (counting characters) of a byte offset into `text`.
    static func lineAndColumn(ofByte offset: Int, in text: String) -> (line: Int, column: Int) {
        var line = 1, column = 1
        for (index, byte) in text.utf8.enumerated() {
            if index >= offset { break }
            if byte == UInt8(ascii: "\n") {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {
                column += 1
            }
        }
        return (line, column)
    }

    /// What the text shows before it is parsed that would make parsing take more than a bounded amount of stack
    /// and time:
    /// - nesting deeper than `maximumNesting`: a conservative bound computed from the flow brackets plus the
    ///   width of each line's leading run of indentation and block indicators (the YAML composer recurses once
    ///   per level, and libyaml stops at 1000);
    /// - a complex mapping key (`? key`), which scenario files never need: the composer hashes every key to find
    ///   duplicates, and hashing a key that holds a large collection at every level of a deep nest of such keys
    ///   takes minutes. A `?` counts when it begins a line's content or follows `[`, `{` or `,`, wherever it is
    ///   (even in a string or a comment): a scan that tried to follow quotes could be misled into missing one.
    static func textProblem(in text: String, file: String) -> ScenarioDiagnostic? {
        var flowDepth = 0
        var line = 1
        var column = 0
        var atLineStart = true
        var leadingRun = 0
        var quote: Unicode.Scalar? = nil
        var inComment = false
        var previous: Unicode.Scalar = "\n"
        /// The last character on this line that is not a space or a tab, quotes and comments notwithstanding.
        var lastSolid: Unicode.Scalar? = nil
        func problem(_ message: String) -> ScenarioDiagnostic {
            ScenarioDiagnostic(file: file, path: "", line: line, column: column, message: message)
        }
        for scalar in text.unicodeScalars {
            column += 1
            // libyaml breaks lines at CR, LF, CR LF, NEL, LS and PS.
            if scalar == "\n" || scalar == "\r" || scalar == "\u{85}" || scalar == "\u{2028}" || scalar == "\u{2029}" {
                if !(scalar == "\n" && previous == "\r") { line += 1 }
                column = 0
                atLineStart = true
                leadingRun = 0
                inComment = false
                lastSolid = nil
                previous = scalar
                continue
            }
            if atLineStart {
                if scalar == " " || scalar == "-" || scalar == "?" || scalar == ":" || scalar == "\t" {
                    leadingRun += 1
                    if leadingRun > 4 * maximumNesting { return problem("nesting deeper than \(maximumNesting) levels") }
                } else {
                    atLineStart = false
                }
            }
            if scalar == "?" && (atLineStart || lastSolid == "[" || lastSolid == "{" || lastSolid == ",") {
                return problem("'?' at the start of a line or after '[', '{' or ',' begins a complex key, which scenario files do not use (keys are plain names); reword any text that puts a '?' there")
            }
            if scalar != " " && scalar != "\t" { lastSolid = scalar }
            if inComment { previous = scalar; continue }
            if let q = quote {
                if scalar == q && previous != "\\" { quote = nil }
            } else {
                // A quote opens a quoted scalar only where a token can begin (not in `it's`).
                let tokenStart = previous == " " || previous == "\t" || previous == "\n" || previous == "\r"
                    || previous == "[" || previous == "{" || previous == "," || previous == ":"
                switch scalar {
                case "\"" where tokenStart, "'" where tokenStart:
                    quote = scalar
                case "#" where previous == " " || previous == "\t" || previous == "\n" || previous == "\r":
                    inComment = true
                case "[", "{":
                    flowDepth += 1
                    if flowDepth > maximumNesting { return problem("nesting deeper than \(maximumNesting) levels") }
                case "]", "}":
                    flowDepth = max(0, flowDepth - 1)
                default: break
                }
            }
            previous = scalar
        }
        return nil
    }
}

private extension Node {
    var isEmptyPlainScalar: Bool {
        guard case .scalar(let s) = self else { return false }
        return s.string.isEmpty && (s.style == .plain || s.style == .any)
    }
}
