import CFlickCairo
import FlickCore
import Foundation

/// Where text sits relative to the point it is drawn at, horizontally.
public enum TextAlignment: Sendable {
    case left, center, right
}

/// A Cairo drawing context on a surface, in points: the few operations Flick's drawing uses,
/// with Cairo's pointers kept inside. Other modules (FlickReview's contact sheet, sweep grid and plots) draw through
/// the public ones, with the same pinned text settings as the frames. Owns its `cairo_t`. A canvas draws on one thread at a time (Cairo
/// contexts are not shared), with font faces no other surface uses (see `FontBook`).
public final class Canvas {
    let context: OpaquePointer
    /// Keeps the surface alive as long as the context draws on it.
    public let surface: Surface
    /// The font faces of this canvas's surface, which no other surface draws with while it exists.
    private lazy var fonts = FontBook.attached(to: surface.pointer)

    /// A context on `surface` with the pinned text settings: grey antialiasing, no hinting,
    /// hint metrics off, so text has the same shape and advance on every machine.
    public init(_ surface: Surface) {
        self.surface = surface
        context = cairo_create(surface.pointer)
        let options = cairo_font_options_create()
        cairo_font_options_set_antialias(options, CAIRO_ANTIALIAS_GRAY)
        cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE)
        cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF)
        cairo_font_options_set_subpixel_order(options, CAIRO_SUBPIXEL_ORDER_DEFAULT)
        cairo_set_font_options(context, options)
        cairo_font_options_destroy(options)
    }

    deinit { cairo_destroy(context) }

    /// Fails when the pinned font cannot be loaded; call before drawing text.
    public static func requireFonts() throws { try FontBook.require() }

    /// Cairo's words for the error the context is in ("no saved group to pop, …"), or nil. A context in error
    /// draws nothing more: librsvg failing halfway through a document leaves one.
    var problem: String? {
        let status = cairo_status(context)
        return status == CAIRO_STATUS_SUCCESS ? nil : String(cString: cairo_status_to_string(status))
    }

    // MARK: State

    /// Runs `body` between cairo_save and cairo_restore: clips, transforms and colours set inside stay inside.
    public func saved<R>(_ body: () throws -> R) rethrows -> R {
        cairo_save(context)
        defer { cairo_restore(context) }
        return try body()
    }

    func translate(_ dx: Double, _ dy: Double) { cairo_translate(context, dx, dy) }
    func rotate(_ radians: Double) { cairo_rotate(context, radians) }
    func scale(_ sx: Double, _ sy: Double) { cairo_scale(context, sx, sy) }

    /// Resets the transform to identity, then scales by `factor` (pixels per point).
    public func setScale(_ factor: Double) {
        cairo_identity_matrix(context)
        cairo_scale(context, factor, factor)
    }

    /// Paints `image` with its top-left corner at device pixel (`x`, `y`), whatever the current transform:
    /// whole-pixel placement copies pixels exactly, with no resampling. The current clip still applies.
    public func paint(_ image: ImageSurface, atDevicePixelX x: Int, y: Int) {
        cairo_save(context)
        cairo_identity_matrix(context)
        cairo_set_source_surface(context, image.pointer, Double(x), Double(y))
        cairo_paint(context)
        cairo_restore(context)
    }

    /// Paints `image` scaled into `rect` with Cairo's GOOD filter (a box filter when shrinking), clipped to `rect`.
    public func paint(_ image: ImageSurface, in rect: Rect) {
        saved {
            clip(rect)
            translate(rect.minX, rect.minY)
            scale(rect.width / Double(image.pixelWidth), rect.height / Double(image.pixelHeight))
            cairo_set_source_surface(context, image.pointer, 0, 0)
            cairo_pattern_set_filter(cairo_get_source(context), CAIRO_FILTER_GOOD)
            cairo_paint(context)
        }
    }

    /// Paints `image` with its top-left corner at the user-space origin, scaled by the current transform (smoothly
    /// filtered: a picture drawn larger or smaller than its pixels). The current clip still applies.
    func paintSource(_ image: ImageSurface) {
        cairo_set_source_surface(context, image.pointer, 0, 0)
        cairo_pattern_set_filter(cairo_get_source(context), CAIRO_FILTER_GOOD)
        // Edge pixels repeat outward: without it, filtering blends the picture's border with transparency.
        cairo_pattern_set_extend(cairo_get_source(context), CAIRO_EXTEND_PAD)
        cairo_paint(context)
    }

    public func clip(_ rect: Rect) {
        cairo_new_path(context)
        cairo_rectangle(context, rect.minX, rect.minY, rect.width, rect.height)
        cairo_clip(context)
    }

    func clip(roundedRect rect: Rect, radii: CornerRadii) {
        roundedRectPath(rect, radii: radii)
        cairo_clip(context)
    }

    /// Draws `body` into a group and composites it at `opacity` (a component fading as a whole).
    func withOpacity(_ opacity: Double, _ body: () throws -> Void) rethrows {
        if opacity <= 0 { return }
        if opacity >= 1 { return try body() }
        cairo_push_group(context)
        try body()
        cairo_pop_group_to_source(context)
        cairo_paint_with_alpha(context, opacity)
    }

    /// Draws `body` into a group and uses its alpha as a mask for `color` (tints an icon).
    func tinted(_ color: Color, _ body: () throws -> Void) rethrows {
        cairo_push_group(context)
        try body()
        let group = cairo_pop_group(context)
        setColor(color)
        cairo_mask(context, group)
        cairo_pattern_destroy(group)
    }

    // MARK: Paint

    func setColor(_ c: Color) { cairo_set_source_rgba(context, c.red, c.green, c.blue, c.alpha) }

    /// Sets a vertical linear gradient from `top` at y0 to `bottom` at y1.
    func setVerticalGradient(y0: Double, _ top: Color, y1: Double, _ bottom: Color) {
        let pattern = cairo_pattern_create_linear(0, y0, 0, y1)!
        cairo_pattern_add_color_stop_rgba(pattern, 0, top.red, top.green, top.blue, top.alpha)
        cairo_pattern_add_color_stop_rgba(pattern, 1, bottom.red, bottom.green, bottom.blue, bottom.alpha)
        cairo_set_source(context, pattern)
        cairo_pattern_destroy(pattern)
    }

    /// Fills the whole clip.
    func paint(_ color: Color) {
        setColor(color)
        cairo_paint(context)
    }

    public func fill(_ rect: Rect, _ color: Color) {
        setColor(color)
        cairo_new_path(context)
        cairo_rectangle(context, rect.minX, rect.minY, rect.width, rect.height)
        cairo_fill(context)
    }

    func fill(roundedRect rect: Rect, radius: Double, _ color: Color) {
        fill(roundedRect: rect, radii: CornerRadii(radius), color)
    }

    func fill(roundedRect rect: Rect, radii: CornerRadii, _ color: Color) {
        setColor(color)
        roundedRectPath(rect, radii: radii)
        cairo_fill(context)
    }

    /// Fills a rounded rectangle with the current source (a gradient set just before).
    func fillCurrentSource(roundedRect rect: Rect, radius: Double) {
        roundedRectPath(rect, radii: CornerRadii(radius))
        cairo_fill(context)
    }

    /// Strokes the outline of `rect` as a polyline from its top-left corner round and back (`strokeLine`).
    public func stroke(_ rect: Rect, _ color: Color, width: Double) {
        strokeLine([Point(x: rect.minX, y: rect.minY), Point(x: rect.maxX, y: rect.minY), Point(x: rect.maxX, y: rect.maxY),
                    Point(x: rect.minX, y: rect.maxY), Point(x: rect.minX, y: rect.minY)], color, width: width)
    }

    func stroke(roundedRect rect: Rect, radius: Double, _ color: Color, width: Double) {
        setColor(color)
        roundedRectPath(rect, radii: CornerRadii(radius))
        cairo_set_line_width(context, width)
        cairo_stroke(context)
    }

    public func fillCircle(center: Point, radius: Double, _ color: Color) {
        setColor(color)
        cairo_new_path(context)
        cairo_arc(context, center.x, center.y, radius, 0, 2 * .pi)
        cairo_fill(context)
    }

    func strokeCircle(center: Point, radius: Double, _ color: Color, width: Double) {
        setColor(color)
        cairo_new_path(context)
        cairo_arc(context, center.x, center.y, radius, 0, 2 * .pi)
        cairo_set_line_width(context, width)
        cairo_stroke(context)
    }

    func fillEllipse(in rect: Rect, _ color: Color) {
        saved {
            setColor(color)
            cairo_new_path(context)
            cairo_translate(context, rect.minX + rect.width / 2, rect.minY + rect.height / 2)
            cairo_scale(context, rect.width / 2, rect.height / 2)
            cairo_arc(context, 0, 0, 1, 0, 2 * .pi)
            cairo_fill(context)
        }
    }

    /// Strokes a polyline through `points` (round joins; butt caps unless `roundCaps`; `dash` lengths alternate on
    /// and off).
    public func strokeLine(_ points: [Point], _ color: Color, width: Double, dash: [Double] = [], roundCaps: Bool = false) {
        guard let first = points.first else { return }
        setColor(color)
        cairo_new_path(context)
        cairo_move_to(context, first.x, first.y)
        for p in points.dropFirst() { cairo_line_to(context, p.x, p.y) }
        cairo_set_line_width(context, width)
        cairo_set_line_cap(context, roundCaps ? CAIRO_LINE_CAP_ROUND : CAIRO_LINE_CAP_BUTT)
        cairo_set_line_join(context, CAIRO_LINE_JOIN_ROUND)
        dash.withUnsafeBufferPointer { cairo_set_dash(context, $0.baseAddress, Int32($0.count), 0) }
        cairo_stroke(context)
        cairo_set_dash(context, nil, 0, 0)
    }

    /// Fills the closed polygon through `points`.
    func fillPolygon(_ points: [Point], _ color: Color) {
        guard let first = points.first else { return }
        setColor(color)
        cairo_new_path(context)
        cairo_move_to(context, first.x, first.y)
        for p in points.dropFirst() { cairo_line_to(context, p.x, p.y) }
        cairo_close_path(context)
        cairo_fill(context)
    }

    private func roundedRectPath(_ rect: Rect, radii: CornerRadii) {
        let limit = min(rect.width, rect.height) / 2
        let tl = min(radii.topLeft, limit), tr = min(radii.topRight, limit)
        let br = min(radii.bottomRight, limit), bl = min(radii.bottomLeft, limit)
        let x0 = rect.minX, y0 = rect.minY, x1 = rect.maxX, y1 = rect.maxY
        cairo_new_path(context)
        cairo_move_to(context, x0 + tl, y0)
        cairo_line_to(context, x1 - tr, y0)
        if tr > 0 { cairo_arc(context, x1 - tr, y0 + tr, tr, -.pi / 2, 0) }
        cairo_line_to(context, x1, y1 - br)
        if br > 0 { cairo_arc(context, x1 - br, y1 - br, br, 0, .pi / 2) }
        cairo_line_to(context, x0 + bl, y1)
        if bl > 0 { cairo_arc(context, x0 + bl, y1 - bl, bl, .pi / 2, .pi) }
        cairo_line_to(context, x0, y0 + tl)
        if tl > 0 { cairo_arc(context, x0 + tl, y0 + tl, tl, .pi, 3 * .pi / 2) }
        cairo_close_path(context)
    }

    // MARK: Text

    /// No glyph of the fonts Flick draws with advances less than this share of the font size (DejaVu Sans'
    /// narrowest printing characters advance about 0.27 em; the bound leaves room for thin spaces), so a line
    /// of more characters than the visible length divided by this cannot be seen whole.
    static let minimumAdvance = 0.05

    /// A user's font file (absolute path) drawing regular and bold text before DejaVu Sans; mono stays DejaVu.
    var fontFile: String?

    /// The faces the current font asks for a character, in order (`FontBook.chain`); the first draws what no face has.
    private var chain: [LoadedFace] = []
    private var currentFont = Font.regular

    private func setFont(_ font: Font, size: Double) {
        chain = fonts.chain(font, file: fontFile)
        currentFont = font
        cairo_set_font_face(context, chain[0].cairo)
        cairo_set_font_size(context, size)
    }

    /// Characters handed to Cairo to measure or draw so far (what a line of text costs).
    private(set) var charactersLaidOut = 0

    /// `text` split into runs by the face that has each character (docs/scenario-format.md, "Text in any
    /// language"): the first face of the chain that has it, else fontconfig's choice, else the first face (which
    /// draws its empty box). Nil when the first face has every character, the common case, drawn as one string.
    /// May be empty: a line of nothing but joiners the face lacks.
    private func runs(_ text: String) -> [(text: String, face: OpaquePointer)]? {
        let first = chain[0]
        guard text.unicodeScalars.contains(where: { !first.has($0) }) else { return nil }
        var runs: [(text: String, face: OpaquePointer)] = []
        var scalars = String.UnicodeScalarView(), face = first
        for scalar in text.unicodeScalars {
            // A joiner or variation selector the face lacks is left out, as text shapers hide them, not drawn as a box.
            if scalar.properties.isDefaultIgnorableCodePoint, !face.has(scalar) { continue }
            // A space, joiner or mark stays with the character before it when that one's face has it (or none does).
            let stays = !scalars.isEmpty && TextRuns.drawsNothing(scalar)
            let next = stays && face.has(scalar) ? face
                : chain.first { $0.has(scalar) } ?? fonts.fallback(for: scalar, currentFont) ?? (stays ? face : first)
            if next.cairo != face.cairo, !scalars.isEmpty {
                runs.append((String(scalars), face.cairo))
                scalars = String.UnicodeScalarView()
            }
            face = next
            scalars.append(scalar)
        }
        if !scalars.isEmpty { runs.append((String(scalars), face.cairo)) }
        return runs
    }

    /// Runs `body` for each run of `text` with its face set (the whole text with the current face when one face
    /// has it all), then sets the chain's first face again.
    private func forEachRun(of text: String, _ body: (String) -> Void) {
        guard let runs = runs(text) else { return body(text) }
        for run in runs {
            cairo_set_font_face(context, run.face)
            body(run.text)
        }
        cairo_set_font_face(context, chain[0].cairo)
    }

    /// The advance width of `text` as the current font sets it (each run with its face).
    private func measure(_ text: String) -> Double {
        charactersLaidOut += text.utf8.count
        var width = 0.0
        forEachRun(of: text) { run in
            var extents = cairo_text_extents_t()
            cairo_text_extents(context, run, &extents)
            width += extents.x_advance
        }
        return width
    }

    /// The longest stretch of a line that could be seen: the diagonal of the clip region, in user units.
    private var visibleLength: Double {
        var x1 = 0.0, y1 = 0.0, x2 = 0.0, y2 = 0.0
        cairo_clip_extents(context, &x1, &y1, &x2, &y2)
        let diagonal = hypot(x2 - x1, y2 - y1)
        return diagonal.isFinite ? diagonal : 100_000
    }

    /// The characters of `text` that could be seen at `size`, and whether that cut it: text is cut before it
    /// is measured or laid out, so a line costs the same however long its string.
    private func visiblePart(of text: String, size: Double) -> (text: Substring, cut: Bool) {
        let limit = min(100_000, visibleLength / (Self.minimumAdvance * max(size, 0.01)))
        let part = text.prefix(Int(limit) + 1)
        return (part, part.endIndex != text.endIndex)
    }

    /// The line to draw for `text` in `maxWidth` and its width: the whole text when it fits, else the longest
    /// start of it that fits with an ellipsis, as UILabel truncates its tail (just the ellipsis when nothing
    /// fits). Text too long to be seen whole is ellipsised within the visible length.
    func line(for text: String, font: Font, size: Double, maxWidth: Double) -> (text: String, width: Double) {
        setFont(font, size: size)
        let (visible, cut) = visiblePart(of: text, size: size)
        var limit = maxWidth
        if cut {
            limit = min(maxWidth, visibleLength)
        } else {
            let width = measure(text)
            if width <= maxWidth { return (text, width) }
        }
        // The widths of the candidates grow with their length: the longest that fits is found by halving.
        let characters = Array(visible)
        func candidate(_ count: Int) -> String {
            String(characters[..<count]).trimmingCharacters(in: .whitespaces) + "…"
        }
        var low = 0, high = cut ? characters.count : characters.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if measure(candidate(middle)) <= limit { low = middle } else { high = middle - 1 }
        }
        let line = candidate(low)
        return (line, measure(line))
    }

    /// The advance width of `text` in points (of the part that could be seen, for text too long for that).
    public func width(of text: String, font: Font, size: Double) -> Double {
        setFont(font, size: size)
        let (visible, cut) = visiblePart(of: text, size: size)
        return measure(cut ? String(visible) : text)
    }

    /// Draws one line of text with its baseline at `baseline`, anchored at `x` by `alignment`.
    /// Text wider than `maxWidth` is cut and ends with an ellipsis, as UILabel truncates its tail.
    public func drawText(_ text: String, x: Double, baseline: Double, font: Font = .regular, size: Double, color: Color,
                         alignment: TextAlignment = .left, maxWidth: Double = .infinity) {
        let (line, width) = self.line(for: text, font: font, size: size, maxWidth: maxWidth)
        let left: Double
        switch alignment {
        case .left: left = x
        case .center: left = x - width / 2
        case .right: left = x - width
        }
        setColor(color)
        cairo_move_to(context, left, baseline)
        charactersLaidOut += line.utf8.count
        // Each run starts where the one before it left the current point: its advance.
        forEachRun(of: line) { cairo_show_text(context, $0) }
        cairo_new_path(context)
    }

    /// Draws text with a halo around its glyphs (map labels over streets and parks).
    func drawHaloText(_ text: String, x: Double, baseline: Double, font: Font, size: Double, color: Color,
                      halo: Color, haloWidth: Double, alignment: TextAlignment = .left) {
        let (line, width) = self.line(for: text, font: font, size: size, maxWidth: .infinity)
        let left = alignment == .left ? x : alignment == .center ? x - width / 2 : x - width
        cairo_new_path(context)
        cairo_move_to(context, left, baseline)
        charactersLaidOut += line.utf8.count
        forEachRun(of: line) { cairo_text_path(context, $0) }
        setColor(halo)
        cairo_set_line_width(context, haloWidth)
        cairo_set_line_join(context, CAIRO_LINE_JOIN_ROUND)
        cairo_stroke_preserve(context)
        setColor(color)
        cairo_fill(context)
    }

    /// The largest size from `size` down to `minimumSize` (in half points) at which `text` fits `maxWidth`;
    /// `minimumSize` when none does (the text is then truncated).
    func fittingSize(of text: String, font: Font, size: Double, minimumSize: Double, maxWidth: Double) -> Double {
        // Widths grow with the size: text too wide at the smallest size is too wide at every size.
        if size > minimumSize, width(of: text, font: font, size: minimumSize) > maxWidth { return minimumSize }
        var s = size
        while s > minimumSize, width(of: text, font: font, size: s) > maxWidth { s -= 0.5 }
        return max(s, minimumSize)
    }

    /// The baseline that centres a line of `size`-point text vertically on `midY` (cap height centred).
    func baseline(centeringOn midY: Double, size: Double) -> Double {
        // DejaVu Sans' cap height is 0.729 em.
        midY + size * 0.729 / 2
    }
}

/// Radii of a rectangle's four corners.
struct CornerRadii {
    var topLeft: Double
    var topRight: Double
    var bottomRight: Double
    var bottomLeft: Double

    init(_ all: Double) { topLeft = all; topRight = all; bottomRight = all; bottomLeft = all }
    init(top: Double, bottom: Double) { topLeft = top; topRight = top; bottomRight = bottom; bottomLeft = bottom }
}
