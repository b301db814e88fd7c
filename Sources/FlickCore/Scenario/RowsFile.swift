import FlickOutput
import Foundation

/// One row of a list whose rows come from a file (`rows: {file: rows.csv}`): the text the renderer draws and the
/// picture beside it. The scenario carries it; the renderer only draws it.
public struct ListRow: Sendable, Hashable {
    public var title: String
    public var subtitle: String?
    /// Text at the row's trailing edge, before the disclosure chevron (a price, a time).
    public var trailing: String?
    /// The absolute path of a PNG or SVG file drawn in the row's round thumbnail.
    public var thumbnail: String?

    public init(title: String, subtitle: String? = nil, trailing: String? = nil, thumbnail: String? = nil) {
        self.title = title
        self.subtitle = subtitle
        self.trailing = trailing
        self.thumbnail = thumbnail
    }
}

/// A list's `rows`: a number of made-up rows, or the rows of a CSV or JSON file.
enum RowsValue {
    case count(Int)
    case file([ListRow])

    var count: Int {
        switch self {
        case .count(let n): n
        case .file(let rows): rows.count
        }
    }

    var rows: [ListRow] {
        switch self {
        case .count: []
        case .file(let rows): rows
        }
    }
}

/// Files a scenario names (a list's rows, a row's thumbnail), read while decoding so that a bad one is reported with
/// the key that names it, its line and column, and exit status 2.
enum ContentFiles {
    /// The columns of a rows file, in the order a CSV header usually gives them.
    static let columns = ["title", "subtitle", "trailing", "thumbnail"]
    /// The largest rows file read, in bytes: as large as a scenario file may be.
    static let maximumRowsFileSize = ScenarioDecoder.maximumFileSize
    /// The largest picture file read, in bytes (a PNG of the 64-megapixel limit compresses to far less).
    static let maximumPictureFileSize = 64 << 20
    /// PNG's signature and the IHDR chunk that must follow it (PNG specification, 5.2 and 11.2.2): width and
    /// height are the big-endian words at bytes 16 and 20.
    static let pngSignature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
    static let pngHeaderLength = 24

    /// `path` from the file as an absolute path (relative paths start at the folder of `base`, a file), or why it
    /// may not be read: it lies outside `root`, the scenario's folder (`ScenarioFolder`).
    static func resolve(_ path: String, from base: String, within root: String) -> Result<String, ContentFileProblem> {
        ScenarioFolder.resolve(path, from: base, within: root).mapError { ContentFileProblem($0.description) }
    }

    /// The bytes of `path`, or why they cannot be had: missing, a folder, larger than `limit`, unreadable.
    static func read(_ path: String, limit: Int, noun: String) -> Result<Data, ContentFileProblem> {
        // A regular file only, its size checked before it is read: a named pipe is refused, not waited on.
        do {
            return .success(try RegularFile.data(path: path, limit: limit, what: "a \(noun) file"))
        } catch {
            let message: String = switch error.problem {
            case .notFound: "no \(noun) file \(path)"
            case .folder: "\(path) is a folder, not a \(noun) file"
            case .tooLarge(let bytes, _, _): "\(path) is \(bytes) bytes; \(noun) files are limited to \(limit) bytes"
            case .notRegular, .failed: "\(path) \(error.unreadable)"
            }
            return .failure(ContentFileProblem(message))
        }
    }

    /// Why the picture at `path` cannot be drawn, or nil: it must be a PNG within the pixel limit or an SVG document
    /// within `SVGBounds` (the references and markers an icon is held to, with more references).
    /// JPEG is refused by name: neither Cairo nor librsvg as Flick links them decodes it.
    static func pictureProblem(_ path: String) -> String? {
        let ext = URL(fileURLWithPath: path).pathExtension.lowercased()
        switch ext {
        case "png", "svg": break
        case "jpg", "jpeg":
            return "\(path): JPEG is not supported; convert it to PNG (for example `sips -s format png` or `convert`)"
        default:
            return "\(path): expected a .png or .svg file"
        }
        let data: Data
        switch read(path, limit: maximumPictureFileSize, noun: "picture") {
        case .failure(let problem): return problem.message
        case .success(let bytes): data = bytes
        }
        if ext == "svg" {
            guard let text = String(data: data.prefix(4096), encoding: .utf8) ?? String(data: data.prefix(4095), encoding: .utf8),
                  text.contains("<svg") else {
                return "\(path) is not an SVG document (no <svg element near its start)"
            }
            return SVGBounds.problem(data, path: path, maximumReferences: SVGBounds.maximumPictureReferences, noun: "a picture")
        }
        let bytes = [UInt8](data.prefix(pngHeaderLength))
        guard bytes.count == pngHeaderLength, Array(bytes.prefix(8)) == pngSignature,
              bytes[12...15] == [0x49, 0x48, 0x44, 0x52][...] else {
            return "\(path) is not a PNG file (its first bytes are not PNG's signature and header)"
        }
        func word(_ at: Int) -> Int { bytes[at..<at + 4].reduce(0) { $0 << 8 | Int($1) } }
        let (width, height) = (word(16), word(20))
        let pixels = Double(width) * Double(height)
        if width < 1 || height < 1 || pixels > Double(ScenarioDecoder.maximumPixels)
            || Double(max(width, height)) > ScenarioDecoder.maximumImageSide {
            return "\(path) is \(width)×\(height) pixels; pictures are limited to \(PixelLimits.described) and \(say(ScenarioDecoder.maximumImageSide)) pixels a side"
        }
        return nil
    }

    /// The largest font file read, in bytes (CJK fonts run to tens of megabytes).
    static let maximumFontFileSize = 64 << 20
    /// The first four bytes of the font files FreeType reads here (OpenType specification, "Organization of an
    /// OpenType font"): TrueType outlines, CFF outlines, Apple's TrueType, and a collection.
    static let fontSignatures: [[UInt8]] = [[0x00, 0x01, 0x00, 0x00], Array("OTTO".utf8), Array("true".utf8), Array("ttcf".utf8)]

    /// Why the font at `path` cannot be used, or nil.
    static func fontProblem(_ path: String) -> String? {
        switch read(path, limit: maximumFontFileSize, noun: "font") {
        case .failure(let problem): return problem.message
        case .success(let data):
            guard fontSignatures.contains([UInt8](data.prefix(4))) else {
                return "\(path) is not a TrueType or OpenType font (its first bytes are not a font's signature)"
            }
            return nil
        }
    }

    // MARK: Rows files

    /// The rows of the CSV or JSON file at `path` (absolute), or the first problem found in it.
    static func rows(at path: String, within root: String) -> Result<[ListRow], ContentFileProblem> {
        let ext = URL(fileURLWithPath: path).pathExtension.lowercased()
        guard ext == "csv" || ext == "json" else {
            return .failure(ContentFileProblem("\(path): expected a .csv or .json rows file"))
        }
        let data: Data
        switch read(path, limit: maximumRowsFileSize, noun: "rows") {
        case .failure(let problem): return .failure(problem)
        case .success(let bytes): data = bytes
        }
        guard let text = String(data: data, encoding: .utf8) else {
            return .failure(ContentFileProblem("\(path) is not UTF-8 text"))
        }
        let records: [(place: String, fields: [String: String])]
        switch ext == "csv" ? csvRecords(text, path: path) : jsonRecords(data, path: path) {
        case .failure(let problem): return .failure(problem)
        case .success(let read): records = read
        }
        if records.count > ScenarioDecoder.maximumRows {
            return .failure(ContentFileProblem("\(path) holds \(records.count) rows; the limit is \(ScenarioDecoder.maximumRows)"))
        }
        var rows: [ListRow] = []
        rows.reserveCapacity(records.count)
        for (place, fields) in records {
            for (column, value) in fields where value.count > ScenarioDecoder.maximumTextLength {
                return .failure(ContentFileProblem("\(path) \(place): \(column) has \(value.count) characters; the limit is \(ScenarioDecoder.maximumTextLength)"))
            }
            guard let title = fields["title"], !title.isEmpty else {
                return .failure(ContentFileProblem("\(path) \(place): the title is missing"))
            }
            func optional(_ key: String) -> String? { fields[key].flatMap { $0.isEmpty ? nil : $0 } }
            var thumbnail: String?
            if let name = optional("thumbnail") {
                let resolved: String
                switch resolve(name, from: path, within: root) {
                case .success(let found): resolved = found
                case .failure(let problem): return .failure(ContentFileProblem("\(path) \(place): thumbnail: \(problem.message)"))
                }
                if let problem = pictureProblem(resolved) {
                    return .failure(ContentFileProblem("\(path) \(place): thumbnail: \(problem)"))
                }
                thumbnail = resolved
            }
            rows.append(ListRow(title: title, subtitle: optional("subtitle"), trailing: optional("trailing"), thumbnail: thumbnail))
        }
        return .success(rows)
    }

    /// CSV records (RFC 4180: commas, double quotes around fields that hold commas, quotes or line breaks, a quote
    /// written twice) keyed by the header's column names.
    static func csvRecords(_ text: String, path: String) -> Result<[(place: String, fields: [String: String])], ContentFileProblem> {
        var lines: [(line: Int, fields: [String])] = []
        var field = "", fields: [String] = [], quoted = false, afterQuote = false, line = 1, recordLine = 1
        var chars = text.unicodeScalars.drop(while: { $0 == "\u{FEFF}" }).makeIterator()
        var pending: Unicode.Scalar?
        func endRecord() {
            fields.append(field)
            if !(fields.count == 1 && fields[0].isEmpty) { lines.append((recordLine, fields)) }
            (field, fields) = ("", [])
        }
        while let c = pending ?? chars.next() {
            pending = nil
            if quoted {
                if c == "\"" {
                    if let next = chars.next() {
                        if next == "\"" { field.unicodeScalars.append("\"") } else { quoted = false; afterQuote = true; pending = next }
                    } else { quoted = false }
                } else {
                    if c == "\n" { line += 1 }
                    field.unicodeScalars.append(c)
                }
                continue
            }
            switch c {
            case ",":
                fields.append(field)
                (field, afterQuote) = ("", false)
            case "\r":
                continue
            case "\n":
                endRecord()
                afterQuote = false
                line += 1
                recordLine = line
            case "\"" where field.isEmpty && !afterQuote:
                quoted = true
            default:
                if afterQuote {
                    return .failure(ContentFileProblem("\(path) line \(line): text after a closing quote (a quote inside a field is written twice)"))
                }
                field.unicodeScalars.append(c)
            }
        }
        if quoted { return .failure(ContentFileProblem("\(path) line \(recordLine): a quoted field is never closed")) }
        if !field.isEmpty || !fields.isEmpty { endRecord() }
        guard let header = lines.first else {
            return .failure(ContentFileProblem("\(path) is empty; expected a header line such as \(columns.joined(separator: ","))"))
        }
        let names = header.fields.map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
        // A first line naming no column is not a rows file: said without its text (it may be anyone's file).
        guard names.contains(where: columns.contains) else {
            return .failure(ContentFileProblem("\(path) is not a rows CSV: its first line names none of the columns \(columns.joined(separator: ", "))"))
        }
        for name in names where !columns.contains(name) {
            return .failure(ContentFileProblem("\(path) line 1: unknown column \"\(Field.truncated(name))\"; the columns are \(columns.joined(separator: ", "))"))
        }
        if let twice = names.first(where: { n in names.filter { $0 == n }.count > 1 }) {
            return .failure(ContentFileProblem("\(path) line 1: column \"\(twice)\" appears twice"))
        }
        guard names.contains("title") else {
            return .failure(ContentFileProblem("\(path) line 1: the header has no title column (columns: \(columns.joined(separator: ", ")))"))
        }
        var records: [(place: String, fields: [String: String])] = []
        for (line, values) in lines.dropFirst() {
            guard values.count == names.count else {
                return .failure(ContentFileProblem("\(path) line \(line): expected \(names.count) fields (\(names.joined(separator: ", "))), found \(values.count)"))
            }
            records.append(("line \(line)", Dictionary(uniqueKeysWithValues: zip(names, values))))
        }
        return .success(records)
    }

    /// The objects of a JSON array, each key one of the columns and each value a string.
    static func jsonRecords(_ data: Data, path: String) -> Result<[(place: String, fields: [String: String])], ContentFileProblem> {
        let parsed: Any
        do {
            parsed = try JSONSerialization.jsonObject(with: data, options: [])
        } catch {
            return .failure(ContentFileProblem("\(path) is not valid JSON"))
        }
        guard let items = parsed as? [Any] else {
            return .failure(ContentFileProblem("\(path): expected a JSON array of rows such as [{\"title\": \"…\"}]"))
        }
        var records: [(place: String, fields: [String: String])] = []
        for (i, item) in items.enumerated() {
            guard let object = item as? [String: Any] else {
                return .failure(ContentFileProblem("\(path) row \(i): expected an object with \(columns.joined(separator: ", "))"))
            }
            var fields: [String: String] = [:]
            guard object.isEmpty || object.keys.contains(where: columns.contains) else {
                return .failure(ContentFileProblem("\(path) row \(i): not a row: the object has none of the keys \(columns.joined(separator: ", "))"))
            }
            for key in object.keys.sorted() {
                guard columns.contains(key) else {
                    return .failure(ContentFileProblem("\(path) row \(i): unknown key \"\(Field.truncated(key))\"; the keys are \(columns.joined(separator: ", "))"))
                }
                guard let value = object[key] as? String else {
                    return .failure(ContentFileProblem("\(path) row \(i): \(key) must be a string"))
                }
                fields[key] = value
            }
            records.append(("row \(i)", fields))
        }
        return .success(records)
    }
}

/// What is wrong with a file a scenario names, as its message says it.
struct ContentFileProblem: Error {
    let message: String
    init(_ message: String) { self.message = message }
}

extension ScenarioFormat {
    /// `font: {file: path}`: a font file, relative to the scenario file, checked now: its absolute path.
    static var font: Value<String> {
        .object("font", "A font file of your own (TrueType or OpenType), drawing the scene's regular and bold text; the review layer's figures stay in DejaVu Sans Mono.") { m in
            guard let name = m.required("file", .text(), "A .ttf, .otf or .ttc file, relative to the scenario file."),
                  let field = m.field("file") else { return nil }
            let path: String
            switch ContentFiles.resolve(name, from: field.reader.file, within: ScenarioFolder.root(ofScenario: field.reader.file)) {
            case .success(let found): path = found
            case .failure(let problem):
                m.fail("file", problem.message)
                return nil
            }
            if let problem = ContentFiles.fontProblem(path) {
                m.fail("file", problem)
                return nil
            }
            return path
        }
    }

    /// A picture file (PNG or SVG), relative to the scenario file, checked now: its absolute path.
    static var picture: Value<String> {
        Value(shape: .string(maxLength: ScenarioDecoder.maximumTextLength, pattern: nil), read: { field in
            guard let name = Value<String>.text().read(field) else { return nil }
            let path: String
            switch ContentFiles.resolve(name, from: field.reader.file, within: ScenarioFolder.root(ofScenario: field.reader.file)) {
            case .success(let found): path = found
            case .failure(let problem):
                field.fail(problem.message)
                return nil
            }
            if let problem = ContentFiles.pictureProblem(path) {
                field.fail(problem)
                return nil
            }
            return path
        })
    }

    /// A list's `rows`: a number, or `{file: path}` for rows read from a CSV or JSON file.
    static func rowsValue(_ count: NumberRule) -> Value<RowsValue> {
        let number = Value<Int>.integer(count)
        let file = Value<[ListRow]>.object("rowsFile", "Rows read from a file: a CSV file whose header names the columns `title`, `subtitle`, `trailing` and `thumbnail` (`title` required), or a JSON array of objects with those keys. A thumbnail is a PNG or SVG file, relative to the rows file, drawn round and scaled to fill (JPEG is not supported).") { m in
            guard let name = m.required("file", .text(), "A .csv or .json file, relative to the scenario file."),
                  let field = m.field("file") else { return nil }
            let root = ScenarioFolder.root(ofScenario: field.reader.file)
            switch ContentFiles.resolve(name, from: field.reader.file, within: root).flatMap({ ContentFiles.rows(at: $0, within: root) }) {
            case .success(let rows): return rows
            case .failure(let problem):
                m.fail("file", problem.message)
                return nil
            }
        }
        return Value(shape: .anyOf([number.shape, file.shape]), read: { field in
            if case .mapping = field.node { return file.read(field).map(RowsValue.file) }
            return number.read(field).map(RowsValue.count)
        })
    }
}
