import FlickCore
import FlickOutput
import FlickRender
import Foundation

/// `contact-sheet.png`: key frames of a run in a labelled grid (an animator's contact sheet). Chosen are the
/// first and last frames, every touch-down, release, tap and resize (an animated resize's middle and end too),
/// every change of a sheet's or scroll view's phase or of one a component's state gives the review (a refresh
/// control's: `FrameState.reviewPhases`), every settle, and frames spaced evenly through the visible
/// change between them (pixels moved, not frames), up to a limit: a rest or a slow settle shows once, not on a
/// row of look-alike tiles.
public struct ContactSheet: Sendable {
    /// One tile: a frame, where it is drawn, and its label.
    public struct Tile: Hashable, Sendable {
        /// Position of the frame in the timeline (0 is the first rendered frame).
        public var position: Int
        /// The frame's index in the render (its file name's number).
        public var frame: Int
        public var time: Double
        /// What happened at this frame (`release`, `sheet tracking → settling`); empty for an in-between frame.
        public var events: [String]
        /// Every phase that is not idle, or "at rest".
        public var phases: String
        /// The frame's image in the sheet, in pixels.
        public var image: Rect
        /// The whole tile, label included.
        public var frameRect: Rect
        /// The label's parts: frame and time, what happened, the phases (each unwrapped).
        public var lines: [String]
        /// What happened and the phases, wrapped to the tile's width.
        public var eventLines: [String]
        public var phaseLines: [String]
    }

    /// Caption sizes, in points.
    static let eventSize = 11.0
    static let phaseSize = 10.5

    /// `parts` joined by `separator` into lines at most `width` points wide (DejaVu Sans's advances), broken between
    /// parts, and within a part too wide for a line at its spaces: nothing is cut off.
    static func wrap(_ parts: [String], separator: String, width: Double, size: Double) -> [String] {
        func fits(_ text: String) -> Bool { TextMetrics.width(of: text, size: size) <= width }
        var words: [String] = []
        for part in parts {
            if fits(part) { words.append(part); continue }
            // A part too wide alone: its words, as many to a line as fit.
            var line = ""
            for word in part.split(separator: " ").map(String.init) {
                if line.isEmpty { line = word } else if fits(line + " " + word) { line += " " + word } else { words.append(line); line = word }
            }
            if !line.isEmpty { words.append(line) }
        }
        var lines: [String] = []
        for word in words {
            if let last = lines.last, fits(last + separator + word) {
                lines[lines.count - 1] = last + separator + word
            } else {
                lines.append(word)
            }
        }
        return lines.isEmpty ? [""] : lines
    }

    public static let defaultFrameLimit = 24
    public static let background = Color(rgb: 0xF2F2F7)
    static let margin = 16.0
    static let gap = 12.0
    static let headerHeight = 44.0
    /// A caption's first line (frame and time) and each further line, in points.
    static let captionFirstLine = 15.0
    static let captionLine = 13.0
    static let captionBottom = 5.0
    /// A stretch of the run that changes less than this many points of the picture (a list row's height) gets no
    /// in-between tile: at a contact sheet's size its frames look alike.
    public static let minimumTileChange = 44.0

    public var tiles: [Tile]
    public var width: Int
    public var height: Int
    /// Each frame image's size in the sheet, in pixels.
    public var tileWidth: Int
    public var tileHeight: Int
    public var columns: Int
    /// The height of every tile's caption: as many lines as the longest caption wraps to.
    public var labelHeight: Double
    public var title: String
    public var subtitle: String
    public let canvas: RunCanvas

    /// Chooses the key frames of `timeline` (at most `limit`) and lays them out for frames on `canvas`.
    public init(timeline: MotionTimeline, canvas: RunCanvas, limit: Int = ContactSheet.defaultFrameLimit,
                title: String, playbackFPS: Double, slow: Int = 1) {
        self.canvas = canvas
        self.title = title
        let chosen = ContactSheet.keyFrames(timeline, limit: max(1, limit))
        // Tiles of about 200×433 pixels for a phone in portrait, the same area for other shapes.
        let aspect = Double(canvas.pixelWidth) / Double(canvas.pixelHeight)
        // Never larger than the frames themselves (a 1x render of a small viewport is not blown up).
        tileWidth = max(16, min(canvas.pixelWidth, Int((86_600 * aspect).squareRoot().rounded())))
        tileHeight = max(16, Int((Double(tileWidth) / aspect).rounded()))
        let count = chosen.count
        // Captions wrapped to the tile's width: what happened, then the phases.
        var captions: [(events: [String], phases: [String], lines: [String], isBetween: Bool)] = []
        for pick in chosen {
            let position = pick.position
            let busy = timeline.phases[position].filter { !$0.hasSuffix(" idle") }
            let phases = busy.isEmpty ? "at rest" : busy.joined(separator: ", ")
            let what = pick.events.isEmpty ? "between" : pick.events.joined(separator: " · ")
            let lines = ["frame \(timeline.frames[position]) · \(ContactSheet.format(timeline.times[position], 3)) s", what, phases]
            captions.append((ContactSheet.wrap(pick.events.isEmpty ? ["between"] : pick.events, separator: " · ",
                                               width: Double(tileWidth), size: ContactSheet.eventSize),
                             ContactSheet.wrap(busy.isEmpty ? ["at rest"] : busy, separator: ", ", width: Double(tileWidth),
                                               size: ContactSheet.phaseSize),
                             lines, pick.events.isEmpty))
        }
        let captionLines = captions.map { $0.events.count + $0.phases.count }.max() ?? 2
        labelHeight = ContactSheet.captionFirstLine + ContactSheet.captionLine * Double(captionLines) + ContactSheet.captionBottom
        let labelHeight = self.labelHeight
        // As many columns as make the sheet closest to 16:10.
        var best = 1
        var bestScore = Double.infinity
        for c in 1...max(1, count) {
            let rows = (count + c - 1) / c
            let w = Double(c) * (Double(tileWidth) + ContactSheet.gap)
            let h = Double(rows) * (Double(tileHeight) + labelHeight + ContactSheet.gap)
            let score = abs(log((w / h) / 1.6))
            if score < bestScore - 1e-9 { best = c; bestScore = score }
        }
        columns = best
        let rows = (count + columns - 1) / max(1, columns)
        let cellWidth = Double(tileWidth) + ContactSheet.gap
        let cellHeight = Double(tileHeight) + labelHeight + ContactSheet.gap
        let slowText = slow > 1 ? " · \(slow)× slow motion" : ""
        subtitle = "\(count) of \(timeline.frames.count) frames · \(JSONValue.format(playbackFPS)) fps\(slowText) · "
            + "\(canvas.pixelWidth)×\(canvas.pixelHeight) px canvas · time is simulated seconds"
        // At least as wide as the title and the subtitle: a sheet of one or two tiles is narrower than they are,
        // and its title was cut at the sheet's edge.
        let tilesWidth = 2 * ContactSheet.margin + Double(columns) * cellWidth - ContactSheet.gap
        let headerWidth = 2 * ContactSheet.margin + ContactSheet.headerTextWidth(title: title, subtitle: subtitle)
        width = Int(max(tilesWidth, headerWidth.rounded(.up)))
        height = Int(2 * ContactSheet.margin + ContactSheet.headerHeight + Double(rows) * cellHeight - ContactSheet.gap)
        var tiles: [Tile] = []
        for (n, pick) in chosen.enumerated() {
            let x = ContactSheet.margin + Double(n % columns) * cellWidth
            let y = ContactSheet.margin + ContactSheet.headerHeight + Double(n / columns) * cellHeight
            let position = pick.position
            let frame = timeline.frames[position]
            let time = timeline.times[position]
            let caption = captions[n]
            tiles.append(Tile(position: position, frame: frame, time: time, events: pick.events, phases: caption.lines[2],
                              image: Rect(x: x, y: y, width: Double(tileWidth), height: Double(tileHeight)),
                              frameRect: Rect(x: x, y: y, width: Double(tileWidth), height: Double(tileHeight) + labelHeight),
                              lines: caption.lines, eventLines: caption.events, phaseLines: caption.phases))
        }
        self.tiles = tiles
    }

    /// The header's fonts: the title (bold) and the subtitle, in pixels of the sheet.
    static let titleSize = 17.0
    static let subtitleSize = 12.0

    /// The widest header measured, in pixels (a title of a few hundred characters; a longer one is cut there).
    static let measuringWidth = 8192

    /// The wider of the header's two lines as `image` draws them (Cairo's advances of its fonts), in pixels.
    static func headerTextWidth(title: String, subtitle: String) -> Double {
        func measured(_ canvas: Canvas) -> Double {
            max(canvas.width(of: title, font: .bold, size: titleSize), canvas.width(of: subtitle, font: .regular, size: subtitleSize))
        }
        // A surface only to measure with, a row of `measuringWidth` pixels: Cairo measures no more of a line than a
        // surface could show (its diagonal). Without one, DejaVu Sans's table of advances.
        guard let scratch = try? ImageSurface(pixelWidth: measuringWidth, pixelHeight: 1) else {
            return max(TextMetrics.width(of: title, size: titleSize, bold: true), TextMetrics.width(of: subtitle, size: subtitleSize))
        }
        return measured(Canvas(scratch))
    }

    /// The frames to show, by position in `timeline`, with what happened at each.
    static func keyFrames(_ timeline: MotionTimeline, limit: Int) -> [(position: Int, events: [String])] {
        let n = timeline.frames.count
        guard n > 0 else { return [] }
        // Priority 0: what the finger and the window did, and every settle; 1: the ends; 2: phase changes.
        var events: [Int: [String]] = [:]
        var priority: [Int: Int] = [:]
        func add(_ position: Int, _ label: String, _ level: Int) {
            events[position, default: []].append(label)
            priority[position] = min(priority[position] ?? level, level)
        }
        for event in timeline.events {
            guard let position = timeline.position(atOrAfter: event.time) else { continue }
            add(position, event.kind.rawValue, 0)
        }
        // An animated resize is the point of its run: its middle and its end as well as its start.
        for span in timeline.resizeSpans {
            if let middle = timeline.position(atOrAfter: (span.lowerBound + span.upperBound) / 2) { add(middle, "resizing", 0) }
            if let end = timeline.position(atOrAfter: span.upperBound) { add(end, "resized", 0) }
        }
        add(0, "start", 1)
        add(n - 1, "end", 1)
        for i in 1..<max(1, n) {
            let before = timeline.phases[i - 1], now = timeline.phases[i]
            for entry in now where !before.contains(entry) {
                let key = String(entry.split(separator: " ").first ?? "")
                let old = before.first { $0.hasPrefix(key + " ") }.map { String($0.dropFirst(key.count + 1)) }
                let new = String(entry.dropFirst(key.count + 1))
                add(i, old.map { "\(key) \($0) → \(new)" } ?? "\(key) \(new)", 2)
            }
        }
        var chosen: [Int] = []
        for level in 0...2 {
            let candidates = priority.filter { $0.value == level }.map(\.key).sorted()
            let room = limit - chosen.count
            if room <= 0 { break }
            chosen += candidates.count <= room ? candidates : evenlySpaced(candidates, count: room)
        }
        // Frames spaced evenly through the visible change fill the gaps with the most of it (pixels moved, not frames
        // with motion: a slow settle's many frames look alike). Rests get no in-between frames.
        var set = Set(chosen)
        let change = timeline.visibleChange()
        // An end that follows a settle with nothing moving between (card-dismiss: settled at frame 115, the same black
        // screen at 150) is not a tile of its own: the settle's tile says the rest lasts to the end, and the tile goes
        // to a frame that shows something (the change-filling below never picks one inside a rest).
        let sorted = set.sorted()
        if sorted.count >= 2, let last = sorted.last, last == n - 1, events[last] == ["end"] {
            let previous = sorted[sorted.count - 2]
            if change[(previous + 1)...last].allSatisfy({ $0 == 0 }), timeline.touches[previous] == nil,
               events[previous]?.contains(MotionEvent.Kind.settle.rawValue) == true {
                set.remove(last)
                events[previous, default: []].append("at rest to the end (frame \(last))")
            }
        }
        fillByChange(&set, change: change, limit: min(limit, n), minimum: minimumTileChange * timeline.scale)
        return set.sorted().map { ($0, events[$0] ?? []) }
    }

    /// Adds to `chosen`, until it holds `limit` frames, a frame of the stretch between two neighbouring chosen frames
    /// whose picture changes most (`change[i]`: since frame i − 1), where half that change is behind it; stops when no
    /// stretch changes by `minimum` (the stretches before the first and after the last chosen frame are not split).
    static func fillByChange(_ chosen: inout Set<Int>, change: [Double], limit: Int, minimum: Double) {
        // before[i]: the change up to frame i (from frame 0).
        var before = [0.0]
        for c in change.dropFirst() { before.append(before.last! + c) }
        while chosen.count < limit {
            let sorted = chosen.sorted()
            var best: (total: Double, position: Int)?
            for (previous, position) in zip(sorted, sorted.dropFirst()) where position - previous >= 2 {
                let total = before[position] - before[previous]
                guard total >= minimum, total > (best?.total ?? 0) else { continue }
                // The first frame at or past the stretch's middle of change, inside it.
                let half = before[previous] + total / 2
                var middle = previous + 1
                while middle < position - 1, before[middle] < half { middle += 1 }
                best = (total, middle)
            }
            guard let best else { return }
            chosen.insert(best.position)
        }
    }

    /// Adds to `chosen`, until it holds `limit` frames, the middle flagged frame of the stretch between two
    /// neighbouring chosen frames that holds the most flagged frames (`ends` are counted as chosen, so the stretches
    /// before the first and after the last count too); stops when no stretch holds two flagged frames.
    static func fillStretches(_ chosen: inout Set<Int>, flags: [Bool], limit: Int, ends: [Int] = []) {
        // before[i]: flagged frames before frame i.
        var before = [0]
        for flag in flags { before.append(before.last! + (flag ? 1 : 0)) }
        while chosen.count < limit {
            let sorted = chosen.union(ends).sorted()
            var best: (count: Int, position: Int)?
            for (previous, position) in zip(sorted, sorted.dropFirst()) where position - previous >= 2 {
                let count = before[position] - before[previous + 1]
                guard count > 1, count > (best?.count ?? 0) else { continue }
                // The middle flagged frame of the stretch.
                let target = before[previous + 1] + count / 2
                var middle = previous + 1
                while middle < position - 1, before[middle + 1] <= target { middle += 1 }
                best = (count, middle)
            }
            guard let best else { return }
            chosen.insert(best.position)
        }
    }

    /// `count` items spread evenly over `items`, the first and last included.
    static func evenlySpaced(_ items: [Int], count: Int) -> [Int] {
        guard count > 1 else { return Array(items.prefix(count)) }
        return (0..<count).map { items[$0 * (items.count - 1) / (count - 1)] }
    }

    /// `image` (a frame) on the canvas, shrunk to a tile of `width`×`height` pixels: the frame at the
    /// top-left on the backdrop, as the preview shows it.
    public static func thumbnail(of image: ImageSurface, canvas: RunCanvas, width: Int, height: Int) throws -> ImageSurface {
        let surface = try ImageSurface(pixelWidth: width, pixelHeight: height)
        let drawing = Canvas(surface)
        drawing.fill(Rect(x: 0, y: 0, width: Double(width), height: Double(height)), RunCanvas.backdrop)
        let factor = Double(width) / Double(canvas.pixelWidth)
        drawing.paint(image, in: Rect(x: 0, y: 0, width: Double(image.pixelWidth) * factor,
                                      height: Double(image.pixelHeight) * factor))
        surface.flush()
        return surface
    }

    /// The sheet, with `thumbnails` (by timeline position) in their tiles.
    public func image(thumbnails: [Int: ImageSurface]) throws -> ImageSurface {
        try Canvas.requireFonts()
        let surface = try ImageSurface(pixelWidth: width, pixelHeight: height)
        let canvas = Canvas(surface)
        canvas.fill(Rect(x: 0, y: 0, width: Double(width), height: Double(height)), ContactSheet.background)
        let m = ContactSheet.margin
        canvas.drawText(title, x: m, baseline: m + 16, font: .bold, size: ContactSheet.titleSize, color: .black)
        canvas.drawText(subtitle, x: m, baseline: m + 34, size: ContactSheet.subtitleSize, color: Color(rgb: 0x3C3C43),
                        maxWidth: Double(width) - 2 * m)
        for tile in tiles {
            if let thumbnail = thumbnails[tile.position] {
                canvas.paint(thumbnail, atDevicePixelX: Int(tile.image.minX), y: Int(tile.image.minY))
            } else {
                canvas.fill(tile.image, RunCanvas.backdrop)
            }
            canvas.stroke(Rect(x: tile.image.minX - 0.5, y: tile.image.minY - 0.5, width: tile.image.width + 1,
                               height: tile.image.height + 1), Color(rgb: 0xC6C6C8), width: 1)
            let x = tile.image.minX, top = tile.image.maxY
            let maxWidth = tile.image.width
            canvas.drawText(tile.lines[0], x: x, baseline: top + 15, font: .bold, size: 11.5, color: .black, maxWidth: maxWidth)
            // What happened, then the phases, each wrapped to the tile's width (`wrap`).
            let eventColor = tile.events.isEmpty ? Color(rgb: 0x8E8E93) : Color(rgb: 0x0040DD)
            var baseline = top + ContactSheet.captionFirstLine + ContactSheet.captionLine
            for line in tile.eventLines {
                canvas.drawText(line, x: x, baseline: baseline, size: ContactSheet.eventSize, color: eventColor, maxWidth: maxWidth)
                baseline += ContactSheet.captionLine
            }
            for line in tile.phaseLines {
                canvas.drawText(line, x: x, baseline: baseline, size: ContactSheet.phaseSize, color: Color(rgb: 0x3C3C43), maxWidth: maxWidth)
                baseline += ContactSheet.captionLine
            }
        }
        surface.flush()
        return surface
    }

    static func format(_ value: Double, _ digits: Int) -> String {
        NumberText.fixed(value, digits: digits)
    }
}
