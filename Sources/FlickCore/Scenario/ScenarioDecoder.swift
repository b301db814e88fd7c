import Foundation
import FlickPhysics
import Yams

/// Reads scenario files (SPEC §2), JSON or YAML, into a `Scenario`, or reports every problem found.
public enum ScenarioDecoder {
    /// Scenario files larger than this are refused (4 MiB): it bounds memory before parsing starts. The YAML
    /// node tree takes about a hundred times the size of the text (16 MB of touch samples took 1.7 GB), and
    /// ten minutes of touches recorded at 120 Hz fit in about 2 MiB.
    public static let maximumFileSize = 4 << 20
    /// The deepest nesting of lists and mappings a file may have; deeper input is refused before parsing.
    public static let maximumNesting = 64
    /// The most frames a scenario may produce.
    public static let maximumFrames = 100_000
    /// The most pixels one frame may have (viewport × scale²).
    public static let maximumPixels = 64_000_000.0
    /// The most rows a list may have.
    public static let maximumRows = 1_000_000
    /// The most touch samples all gestures together may produce.
    public static let maximumTouchSamples = 2_000_000
    /// Components nest at most this deep (a sheet holding a pager of lists is 3).
    public static let maximumComponentDepth = 8

    public static let supportedExtensions = ["json", "yaml", "yml"]

    /// Loads and decodes the file at `path`.
    public static func load(path: String) throws(ScenarioError) -> Scenario {
        let url = URL(fileURLWithPath: path)
        let ext = url.pathExtension.lowercased()
        guard supportedExtensions.contains(ext) else {
            throw ScenarioError([ScenarioDiagnostic(file: path, path: "",
                message: "unsupported file type \".\(url.pathExtension)\"; scenario files end in .json, .yaml or .yml")])
        }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw ScenarioError([ScenarioDiagnostic(file: path, path: "", message: "no such file")])
        }
        guard !isDirectory.boolValue else {
            throw ScenarioError([ScenarioDiagnostic(file: path, path: "", message: "is a directory, not a scenario file")])
        }
        let attributes = try? FileManager.default.attributesOfItem(atPath: path)
        if let size = attributes?[.size] as? NSNumber, size.intValue > maximumFileSize {
            throw ScenarioError([ScenarioDiagnostic(file: path, path: "",
                message: "file is \(size.intValue) bytes; scenario files are limited to \(maximumFileSize) bytes")])
        }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw ScenarioError([ScenarioDiagnostic(file: path, path: "", message: "cannot be read (check permissions)")])
        }
        let name = url.deletingPathExtension().lastPathComponent
        return try decode(data: data, file: path, defaultName: name)
    }

    /// Decodes scenario text; `file` is only used in messages, `defaultName` when the file has no `name`.
    public static func decode(data: Data, file: String, defaultName: String) throws(ScenarioError) -> Scenario {
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
        let reader = NodeReader(file: file, renamedKeys: composed.renamedKeys)
        let scenario = ScenarioBuilder(reader: reader, defaultName: defaultName)
            .scenario(Field(node: root, path: "", reader: reader))
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
        case let .scanner(context, problem, mark, _): return make(problem, context, mark)
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

/// Builds the model from fields, reporting into the reader.
struct ScenarioBuilder {
    let reader: NodeReader
    let defaultName: String

    static let componentKeys = ["list", "pager", "stack", "sheet"]

    func scenario(_ root: Field) -> Scenario? {
        guard let fields = root.mapping(["name", "viewport", "fps", "duration", "touchRate", "physics", "theme",
                                          "scene", "gestures"]) else { return nil }
        let name = fields.optional("name").flatMap(scenarioName) ?? defaultName
        let viewport = fields.required("viewport").flatMap(decodeViewport)
        let fps = fields.optional("fps").map { $0.number(.closed(1, 240)) } ?? 60
        let duration = fields.required("duration")?.number(.range(0, 600, lowOpen: true, highOpen: false))
        let touchRate = fields.optional("touchRate").map { $0.number(.closed(1, 1000)) } ?? 120
        let physics = fields.optional("physics").map(decodePhysicsSettings) ?? PhysicsSettings()
        let theme = fields.optional("theme").map { $0.choice(Theme.self) } ?? .light
        var ids = IdentifierRegistry()
        let scene = fields.required("scene").flatMap { decodeScene($0, viewport: viewport, ids: &ids) }
        if let fps, let duration {
            let frames = Int((duration * fps).rounded()) + 1
            if frames > ScenarioDecoder.maximumFrames {
                (fields.optional("duration") ?? root).fail(
                    "duration \(format(duration)) s at \(format(fps)) fps gives \(frames) frames; the limit is \(ScenarioDecoder.maximumFrames)")
            }
        }
        let gestures = fields.optional("gestures").map { decodeGestures($0, duration: duration, touchRate: touchRate) } ?? []
        ids.checkTracks(reader: reader)
        guard let viewport, let fps, let duration, let touchRate, let physics, let theme, let scene,
              let gestures else { return nil }
        return Scenario(name: name, viewport: viewport, fps: fps, duration: duration, touchRate: touchRate,
                        physics: physics, theme: theme, scene: scene, gestures: gestures)
    }

    private func scenarioName(_ field: Field) -> String? {
        guard let name = field.string() else { return nil }
        let allowed = CharacterSet.alphanumerics.union(CharacterSet(charactersIn: "-_."))
        guard !name.isEmpty, !name.hasPrefix("."), name.count <= 128,
              name.unicodeScalars.allSatisfy({ allowed.contains($0) && $0.isASCII }) else {
            field.fail("expected a name of letters, digits, '-', '_' and '.' (it names the output folder), found \"\(Field.truncated(name))\"")
            return nil
        }
        return name
    }

    private func decodeViewport(_ field: Field) -> Viewport? {
        guard let fields = field.mapping(["width", "height", "scale", "safeArea"]) else { return nil }
        let width = fields.required("width")?.number(.positive)
        let height = fields.required("height")?.number(.positive)
        let scale = fields.optional("scale").map { $0.number(.range(0, 8, lowOpen: true, highOpen: false)) } ?? 3
        let safeArea = fields.optional("safeArea").map { insets($0) } ?? .zero
        guard let width, let height, let scale, let safeArea else { return nil }
        let pixels = width * height * scale * scale
        if pixels > ScenarioDecoder.maximumPixels {
            // No Int(...) here: the sizes can be as large as a Double gets, and that conversion would trap.
            let megapixels = pixels / 1e6 < 1e9 ? format(pixels / 1e6) : "more than a billion"
            field.fail("\(format(width))×\(format(height)) pt at scale \(format(scale)) is \(megapixels) megapixels; the limit is 64 megapixels")
            return nil
        }
        if safeArea.top + safeArea.bottom >= height || safeArea.left + safeArea.right >= width {
            fields.optional("safeArea")?.fail("the safe area leaves no room inside a \(format(width))×\(format(height)) viewport")
            return nil
        }
        return Viewport(width: width, height: height, scale: scale, safeArea: safeArea)
    }

    private func insets(_ field: Field) -> EdgeInsets? {
        guard let fields = field.mapping(["top", "left", "bottom", "right"]) else { return nil }
        var result = EdgeInsets()
        var ok = true
        for (key, keyPath) in [("top", \EdgeInsets.top), ("left", \.left), ("bottom", \.bottom), ("right", \.right)] {
            if let value = fields.optional(key) {
                if let number = value.number(.nonNegative) { result[keyPath: keyPath] = number } else { ok = false }
            }
        }
        return ok ? result : nil
    }

    private func decodePhysicsSettings(_ field: Field) -> PhysicsSettings? {
        guard let fields = field.mapping(["decelerationRate"]) else { return nil }
        var settings = PhysicsSettings()
        if let rate = fields.optional("decelerationRate") {
            switch rate.node.scalar?.string {
            case "normal": settings.decelerationRate = .normal
            case "fast": settings.decelerationRate = .fast
            default:
                guard case .scalar(let s) = rate.node, let value = Double(s.string), value.isFinite, value > 0,
                      value < 1, s.style == .plain || s.style == .any else {
                    rate.fail(expected: "normal, fast or a number in (0, 1)")
                    return nil
                }
                _ = reader.visit(rate.path, rate.mark)
                settings.decelerationRate = DecelerationRate(value)
            }
        }
        return settings
    }

    // MARK: Scene and components

    private func decodeScene(_ field: Field, viewport: Viewport?, ids: inout IdentifierRegistry) -> Scene? {
        guard let fields = field.mapping(["background"] + Self.componentKeys) else { return nil }
        let background = fields.optional("background").map(decodeBackground) ?? Background.map
        guard let root = component(in: fields, owner: field, depth: 1, ids: &ids, allowSheet: true) else {
            return nil
        }
        guard let background else { return nil }
        return Scene(background: background, root: root)
    }

    private func decodeBackground(_ field: Field) -> Background? {
        switch field.node {
        case .scalar(let s) where s.string == "map": return .map
        case .scalar(let s) where s.string == "plain": return .plain
        case .scalar(let s) where s.string.hasPrefix("#"):
            return color(field).map(Background.color)
        case .mapping:
            guard let fields = field.mapping(["color"]), let c = fields.required("color") else { return nil }
            return color(c).map(Background.color)
        default:
            field.fail(expected: "map, plain, a colour \"#rrggbb\" or {color: \"#rrggbb\"}")
            return nil
        }
    }

    private func color(_ field: Field) -> String? {
        guard let text = field.string() else { return nil }
        let hex = text.dropFirst()
        guard text.hasPrefix("#"), hex.count == 6, hex.allSatisfy(\.isHexDigit) else {
            field.fail("expected a colour \"#rrggbb\", found \"\(Field.truncated(text))\"")
            return nil
        }
        return text.lowercased()
    }

    /// The one component key among `fields` (a scene, a sheet's or a page's content, a stack child).
    private func component(in fields: Fields, owner: Field, depth: Int, ids: inout IdentifierRegistry,
                           allowSheet: Bool) -> Component? {
        let present = fields.order.filter { Self.componentKeys.contains($0) }
        guard present.count == 1, let key = present.first, let field = fields.optional(key) else {
            if present.isEmpty {
                owner.fail("expected one component: \(Self.componentKeys.joined(separator: ", "))")
            } else {
                owner.fail("expected one component, found \(present.count): \(present.joined(separator: ", "))")
            }
            return nil
        }
        guard depth <= ScenarioDecoder.maximumComponentDepth else {
            field.fail("components nest more than \(ScenarioDecoder.maximumComponentDepth) deep")
            return nil
        }
        switch key {
        case "list": return list(field, ids: &ids)
        case "pager": return pager(field, depth: depth, ids: &ids)
        case "stack": return stack(field, depth: depth, ids: &ids).map { Component.stack($0) }
        default:
            guard allowSheet else {
                field.fail("a sheet can only be the scene's root component")
                return nil
            }
            return sheet(field, depth: depth, ids: &ids).map { Component.sheet($0) }
        }
    }

    private func content(_ field: Field, depth: Int, ids: inout IdentifierRegistry) -> Component? {
        guard let fields = field.mapping(Self.componentKeys) else { return nil }
        return component(in: fields, owner: field, depth: depth + 1, ids: &ids, allowSheet: false)
    }

    private func list(_ field: Field, ids: inout IdentifierRegistry) -> Component? {
        guard let fields = field.mapping(["id", "rows", "rowHeight", "sections", "axis", "offset", "indicator",
                                          "infoPanel", "contentInset"]) else { return nil }
        let id = fields.optional("id").flatMap { ids.claim($0) }
        if id == nil { _ = ids.claimAutomatic(kind: "list", path: field.path) }
        let rowsLimit = NumberRule.closed(0, Double(ScenarioDecoder.maximumRows))
        let rowsField = fields.optional("rows")
        let rows: Int? = rowsField?.integer(rowsLimit)
        let rowHeight = fields.required("rowHeight")?.number(.positive)
        var sections: [Section]? = []
        if let sectionsField = fields.optional("sections") {
            sections = sectionsField.sequence(minCount: 1)?.compactMap { item -> Section? in
                guard let f = item.mapping(["title", "rows"]) else { return nil }
                let title = f.required("title")?.string()
                let count = f.required("rows")?.integer(rowsLimit)
                guard let title, let count else { return nil }
                return Section(title: title, rows: count)
            }
            if let sections, sectionsField.sequence()?.count != sections.count { return nil }
        }
        let axis = fields.optional("axis").map { $0.choice(Axis.self) } ?? .vertical
        let offset = fields.optional("offset").map { f -> InitialOffset? in
            guard let o = f.mapping(["x", "y"]) else { return nil }
            let x = o.optional("x").map { $0.number() }
            let y = o.optional("y").map { $0.number() }
            if x == .some(nil) || y == .some(nil) { return nil }
            return InitialOffset(x: x ?? nil, y: y ?? nil)
        }
        let indicator = fields.optional("indicator").map { $0.bool() } ?? true
        let infoPanel = fields.optional("infoPanel").map { f -> InfoPanelSpec? in
            guard let p = f.mapping(["width", "height"]) else { return nil }
            let width = p.optional("width").map { $0.number(.positive) }
            let height = p.optional("height").map { $0.number(.positive) }
            if width == .some(nil) || height == .some(nil) { return nil }
            return InfoPanelSpec(width: width ?? nil, height: (height ?? nil) ?? InfoPanelSpec.defaultHeight)
        }
        let contentInset = fields.optional("contentInset").map { insets($0) } ?? .zero
        if rowsField == nil && !fields.has("sections") {
            field.fail("missing required key \"rows\" (or \"sections\")")
            return nil
        }
        if rowsField != nil && rows == nil { return nil }
        guard let rowHeight, let sections, let axis, let indicator, let contentInset else { return nil }
        if case .some(.none) = offset { return nil }
        if case .some(.none) = infoPanel { return nil }
        let sectionRows = sections.reduce(0) { $0 + $1.rows }
        let totalRows: Int
        switch (rows, sections.isEmpty) {
        case (nil, true): return nil   // reported above
        case (let count?, true): totalRows = count
        case (nil, false): totalRows = sectionRows
        case (let count?, false):
            guard count == sectionRows else {
                fields.optional("rows")?.fail("rows is \(count) but the sections hold \(sectionRows)")
                return nil
            }
            totalRows = count
        }
        if totalRows > ScenarioDecoder.maximumRows {
            field.fail("the sections hold \(totalRows) rows; the limit is \(ScenarioDecoder.maximumRows)")
            return nil
        }
        if infoPanel != nil, axis != .vertical {
            fields.optional("infoPanel")?.fail("an info panel rides on a vertical scroll indicator; this list is horizontal")
            return nil
        }
        return .list(ListSpec(rows: totalRows, rowHeight: rowHeight, sections: sections, axis: axis,
                              offset: offset ?? nil, indicator: indicator, infoPanel: infoPanel ?? nil,
                              contentInset: contentInset), id: id)
    }

    private func pager(_ field: Field, depth: Int, ids: inout IdentifierRegistry) -> Component? {
        guard let fields = field.mapping(["id", "pages", "initialPage", "tabBar", "paging", "contentInset"]) else {
            return nil
        }
        let id = fields.optional("id").flatMap { ids.claim($0) }
        if id == nil { _ = ids.claimAutomatic(kind: "pager", path: field.path) }
        var pagesOK = true
        let pages = fields.required("pages")?.sequence(minCount: 1)?.compactMap { item -> Page? in
            guard let f = item.mapping(["title", "icon", "color", "content"] ) else { pagesOK = false; return nil }
            let title = f.required("title")?.string()
            let icon = f.optional("icon").map { $0.string() }
            let color = f.optional("color").map { self.color($0) }
            let content = f.optional("content").map { self.content($0, depth: depth, ids: &ids) }
            guard let title, icon != .some(nil), color != .some(nil), content.map({ $0 != nil }) ?? true else {
                pagesOK = false
                return nil
            }
            return Page(title: title, icon: icon ?? nil, color: color ?? nil, content: content ?? nil)
        }
        let initialPage = fields.optional("initialPage").map { $0.integer(.nonNegative) } ?? 0
        let tabBar = fields.optional("tabBar").map(decodeTabBar) ?? TabBarSpec()
        let paging = fields.optional("paging").map(decodePagingMode) ?? .page
        let contentInset = fields.optional("contentInset").map { insets($0) } ?? .zero
        guard let pages, pagesOK, let initialPage, let tabBar, let paging, let contentInset else { return nil }
        if initialPage >= pages.count {
            fields.optional("initialPage")?.fail("page \(initialPage) does not exist; the pager has \(pages.count) pages (0...\(pages.count - 1))")
            return nil
        }
        if let widths = tabBar.widths, widths.count != pages.count {
            fields.optional("tabBar")?.fail("\(widths.count) tab widths for \(pages.count) pages")
            return nil
        }
        return .pager(PagerSpec(pages: pages, initialPage: initialPage, tabBar: tabBar, paging: paging,
                                contentInset: contentInset), id: id)
    }

    private func decodeTabBar(_ field: Field) -> TabBarSpec? {
        guard let fields = field.mapping(["height", "indicator", "widths"]) else { return nil }
        var spec = TabBarSpec()
        var ok = true
        if let h = fields.optional("height") { if let v = h.number(.positive) { spec.height = v } else { ok = false } }
        if let i = fields.optional("indicator") {
            if let v = i.choice(TabIndicatorStyle.self) { spec.indicator = v } else { ok = false }
        }
        if let w = fields.optional("widths") {
            let items = w.sequence(minCount: 1)?.map { $0.number(.positive) }
            if let items, items.allSatisfy({ $0 != nil }) { spec.widths = items.compactMap { $0 } } else { ok = false }
        }
        return ok ? spec : nil
    }

    private func decodePagingMode(_ field: Field) -> PagingMode? {
        if case .scalar(let s) = field.node, s.string == "page" { return .page }
        guard case .mapping = field.node, let fields = field.mapping(["snap", "pagination"]) else {
            field.fail(expected: "page, {snap: p} or {pagination: p}")
            return nil
        }
        let openUnit = NumberRule.range(0, 1, lowOpen: true, highOpen: true)
        switch (fields.optional("snap"), fields.optional("pagination")) {
        case (let snap?, nil): return snap.number(openUnit).map(PagingMode.snap)
        case (nil, let pagination?): return pagination.number(openUnit).map(PagingMode.pagination)
        default:
            field.fail("expected exactly one of snap, pagination")
            return nil
        }
    }

    private func stack(_ field: Field, depth: Int, ids: inout IdentifierRegistry) -> StackSpec? {
        guard let fields = field.mapping(["children"]),
              let items = fields.required("children")?.sequence(minCount: 1) else { return nil }
        var children: [StackChild] = []
        for item in items {
            guard let f = item.mapping(["height"] + Self.componentKeys) else { continue }
            let height = f.required("height")?.number(.positive)
            let component = component(in: f, owner: item, depth: depth + 1, ids: &ids, allowSheet: false)
            if let height, let component { children.append(StackChild(height: height, component)) }
        }
        guard children.count == items.count else { return nil }
        return StackSpec(children: children)
    }

    private func sheet(_ field: Field, depth: Int, ids: inout IdentifierRegistry) -> SheetSpec? {
        guard let fields = field.mapping(["detents", "initial", "header", "content", "dismissible", "dismiss",
                                          "tracks", "spring", "dimming", "cornerRadius", "grabber",
                                          "projectsAcrossDetents"]) else { return nil }
        var detentsOK = true
        var names: [String: Field] = [:]
        let detents: [Detent]? = fields.required("detents")?.sequence(minCount: 1)?.compactMap { item -> Detent? in
            guard let f = item.mapping(["name", "height", "fraction"]) else { detentsOK = false; return nil }
            let name = f.required("name")?.string()
            var measure: Detent.Measure?
            switch (f.optional("height"), f.optional("fraction")) {
            case (let h?, nil): measure = h.number(.positive).map(Detent.Measure.height)
            case (nil, let fr?): measure = fr.number(.range(0, 1, lowOpen: true, highOpen: false)).map(Detent.Measure.fraction)
            case (nil, nil): item.fail("expected height or fraction")
            default: item.fail("expected height or fraction, not both")
            }
            guard let name, let measure else { detentsOK = false; return nil }
            if let first = names[name] {
                f.optional("name")?.fail("duplicate detent name \"\(Field.truncated(name))\" (first at \(first.path))")
                detentsOK = false
                return nil
            }
            names[name] = item
            return Detent(name: name, measure)
        }
        // Without detents, `initial` and `dimming` cannot be checked against them (and saying that no detent
        // has their name would only repeat the problem).
        if detents == nil { detentsOK = false }
        let initial = fields.required("initial")?.string()
        let header = fields.optional("header").map { f -> SheetHeader? in
            guard let h = f.mapping(["height", "title"]) else { return nil }
            let height = h.required("height")?.number(.nonNegative)
            let title = h.optional("title").map { $0.string() } ?? ""
            guard let height, let title else { return nil }
            return SheetHeader(height: height, title: title)
        }
        let content = fields.required("content").flatMap { self.content($0, depth: depth, ids: &ids) }
        let dismissible = fields.optional("dismissible").map { $0.bool() } ?? false
        let dismiss = fields.optional("dismiss").map { f -> DismissSettings? in
            guard let d = f.mapping(["distance", "velocity"]) else { return nil }
            var settings = DismissSettings()
            let distance = d.optional("distance").map { $0.number(.positive) } ?? settings.distance
            let velocity = d.optional("velocity").map { $0.number(.positive) } ?? settings.velocity
            guard let distance, let velocity else { return nil }
            settings.distance = distance
            settings.velocity = velocity
            return settings
        } ?? DismissSettings()
        let tracksField = fields.optional("tracks")
        let tracks = tracksField.map { $0.string() }
        let spring = fields.optional("spring").map { f -> Spring? in
            guard let s = f.mapping(["response", "dampingRatio"]) else { return nil }
            let response = s.optional("response").map { $0.number(.range(0, 10, lowOpen: true, highOpen: false)) } ?? 0.3
            let ratio = s.optional("dampingRatio").map { $0.number(.range(0, 10, lowOpen: true, highOpen: false)) } ?? 1
            guard let response, let ratio else { return nil }
            return Spring(response: response, dampingRatio: ratio)
        } ?? .standard
        let dimming = fields.optional("dimming").map { f -> DimmingSpec? in
            guard let d = f.mapping(["from", "to", "alpha"]) else { return nil }
            let from = d.required("from")?.string()
            let to = d.required("to")?.string()
            let alpha = d.optional("alpha").map { $0.number(.closed(0, 1)) } ?? 0.4
            guard let from, let to, let alpha else { return nil }
            for (key, name) in [("from", from), ("to", to)] where names[name] == nil && detentsOK {
                d.optional(key)?.fail("no detent is named \"\(Field.truncated(name))\"; detents: \(names.keys.sorted().joined(separator: ", "))")
                return nil
            }
            return DimmingSpec(from: from, to: to, alpha: alpha)
        }
        let cornerRadius = fields.optional("cornerRadius").map { $0.number(.nonNegative) } ?? 10
        let grabber = fields.optional("grabber").map { $0.bool() } ?? true
        let across = fields.optional("projectsAcrossDetents").map { $0.bool() } ?? false
        if let initial, detentsOK, names[initial] == nil, let f = fields.optional("initial") {
            f.fail("no detent is named \"\(Field.truncated(initial))\"; detents: \(names.keys.sorted().joined(separator: ", "))")
            return nil
        }
        guard let detents, detentsOK, let initial, let content, let dismissible, let dismiss, let spring,
              let cornerRadius, let grabber, let across else { return nil }
        if case .some(.none) = header { return nil }
        if case .some(.none) = dimming { return nil }
        if case .some(.none) = tracks { return nil }
        if let tracks = tracks ?? nil, let tracksField { ids.expectTrack(tracks, field: tracksField) }
        return SheetSpec(detents: detents, initial: initial, header: header ?? nil, content: content,
                         dismissible: dismissible, dismiss: dismiss, tracks: tracks ?? nil, spring: spring,
                         dimming: dimming ?? nil, cornerRadius: cornerRadius, grabber: grabber,
                         projectsAcrossDetents: across)
    }

    // MARK: Gestures

    private func decodeGestures(_ field: Field, duration: Double?, touchRate: Double?) -> [Gesture]? {
        guard let items = field.sequence() else { return nil }
        var result: [Gesture] = []
        var ok = true
        var samples = 0.0
        for (index, item) in items.enumerated() {
            guard let gesture = decodeGesture(item, index: index, duration: duration) else { ok = false; continue }
            samples += gesture.fingerDuration * (touchRate ?? 0) + 2
            if case .touches(let raw) = gesture.action { samples += Double(raw.count) }
            result.append(gesture)
        }
        if samples > Double(ScenarioDecoder.maximumTouchSamples) {
            field.fail("the gestures produce about \(Int(samples)) touch samples; the limit is \(ScenarioDecoder.maximumTouchSamples)")
            return nil
        }
        guard ok else { return nil }
        // One finger: gestures that use it may not overlap in time (a resize uses none).
        let fingered = result.filter(\.usesFinger).sorted { ($0.at, $0.index) < ($1.at, $1.index) }
        var overlapFound = false
        for (earlier, later) in zip(fingered, fingered.dropFirst()) {
            let end = earlier.at + earlier.fingerDuration
            if later.at < end - 1e-9 {
                items[later.index].fail(
                    "this \(later.kind) at \(format(later.at)) s overlaps gestures[\(earlier.index)] (\(earlier.kind) from \(format(earlier.at)) s to \(format(end)) s); one finger cannot do both")
                overlapFound = true
            }
        }
        return overlapFound ? nil : result
    }

    private func format(_ x: Double) -> String {
        guard abs(x) < 1e9 else { return "\(x)" }
        let s = String(format: "%.3f", x)
        var t = s
        while t.hasSuffix("0") { t.removeLast() }
        if t.hasSuffix(".") { t.removeLast() }
        return t
    }

    private func decodeGesture(_ item: Field, index: Int, duration: Double?) -> Gesture? {
        let actions = ["drag", "touches", "tap", "resize"]
        guard let fields = item.mapping(["at"] + actions) else { return nil }
        let at = fields.required("at")?.number(.nonNegative)
        let present = fields.order.filter(actions.contains)
        guard present.count == 1, let key = present.first, let field = fields.optional(key) else {
            item.fail(present.isEmpty ? "expected one of \(actions.joined(separator: ", "))"
                                      : "expected one action, found \(present.joined(separator: ", "))")
            return nil
        }
        if let at, let duration, at > duration {
            fields.optional("at")?.fail("starts at \(format(at)) s, after the scenario ends (duration \(format(duration)) s)")
            return nil
        }
        var action: Gesture.Action?
        switch key {
        case "drag":
            if let d = field.mapping(["from", "to", "duration", "curve", "hold"]) {
                let from = d.required("from")?.point()
                let to = d.required("to")?.point()
                let length = d.required("duration")?.number(.range(0, 600, lowOpen: true, highOpen: false))
                let curve = d.optional("curve").map { $0.choice(DragCurve.self) } ?? .linear
                let hold = d.optional("hold").map { $0.number(.closed(0, 600)) } ?? 0
                if let from, let to, let length, let curve, let hold {
                    action = .drag(from: from, to: to, duration: length, curve: curve, hold: hold)
                }
            }
        case "touches":
            if let samples = field.sequence(minCount: 1) {
                var points: [(t: Double, point: Point)] = []
                var last = -Double.infinity
                for sample in samples {
                    guard let values = sample.sequence() else { break }
                    guard values.count == 3 else {
                        sample.fail("expected a sample [t, x, y], found a list of \(values.count)")
                        break
                    }
                    guard let t = values[0].number(.closed(0, 600)), let x = values[1].number(),
                          let y = values[2].number() else { break }
                    guard t >= last else {
                        values[0].fail("sample times must not decrease: \(format(t)) s comes after \(format(last)) s")
                        break
                    }
                    last = t
                    points.append((t, Point(x: x, y: y)))
                }
                if points.count == samples.count { action = .touches(points) }
            }
        case "tap":
            action = field.point().map(Gesture.Action.tap)
        default:
            if let r = field.mapping(["width", "height"]) {
                let width = r.required("width")?.number(.positive)
                let height = r.required("height")?.number(.positive)
                if let width, let height { action = .resize(Size(width: width, height: height)) }
            }
        }
        guard let at, let action else { return nil }
        return Gesture(at: at, action, index: index)
    }
}

/// State keys of scroll views (ids, or kind numbered in document order) and the `tracks` references to them.
struct IdentifierRegistry {
    private var names: [String: String] = [:]          // name → path of its owner
    private var counts: [String: Int] = [:]
    private var pendingTracks: [(String, Field)] = []
    private var explicit: [(String, Field)] = []

    /// Names a scroll view without an id by its kind, numbered from the second on in document order
    /// (only scroll views without an id are counted).
    mutating func claimAutomatic(kind: String, path: String) -> String {
        let n = (counts[kind] ?? 0) + 1
        counts[kind] = n
        let name = n == 1 ? kind : "\(kind)\(n)"
        names[name] = names[name] ?? path
        return name
    }

    mutating func claim(_ field: Field) -> String? {
        guard let id = field.string() else { return nil }
        guard !id.isEmpty, id.count <= 64,
              id.unicodeScalars.allSatisfy({ $0.isASCII && (CharacterSet.alphanumerics.contains($0) || $0 == "-" || $0 == "_") }) else {
            field.fail("expected an id of letters, digits, '-' and '_', found \"\(Field.truncated(id))\"")
            return nil
        }
        explicit.append((id, field))
        return id
    }

    mutating func expectTrack(_ id: String, field: Field) { pendingTracks.append((id, field)) }

    /// Reports ids used twice (or clashing with an automatic name) and `tracks` naming no scroll view.
    func checkTracks(reader: NodeReader) {
        var seen = names
        for (id, field) in explicit {
            if let owner = seen[id] {
                field.fail("id \"\(id)\" is already the name of the scroll view at \(owner.isEmpty ? "the root" : owner)")
            }
            // The scroll view is the mapping that holds the id.
            seen[id] = field.path.hasSuffix(".id") ? String(field.path.dropLast(3)) : field.path
        }
        for (id, field) in pendingTracks where seen[id] == nil {
            let known = seen.keys.sorted().joined(separator: ", ")
            field.fail("no scroll view has the id \"\(Field.truncated(id))\"; scroll views: \(known.isEmpty ? "none" : known)")
        }
    }
}

private extension Node {
    var scalar: Node.Scalar? {
        if case .scalar(let s) = self { return s }
        return nil
    }

    var isEmptyPlainScalar: Bool {
        guard case .scalar(let s) = self else { return false }
        return s.string.isEmpty && (s.style == .plain || s.style == .any)
    }
}
