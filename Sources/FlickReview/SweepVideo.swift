import FlickCore
import FlickRender
import Foundation

/// The grid video of a sweep: every variant side by side at every frame, each under its label and a caption of its
/// measured value and phase, in a layout that fits 1920×1080.
public struct SweepVideoLayout: Sendable {
    static let margin = 12.0
    static let gap = 12.0
    static let headerHeight = 34.0
    static let labelHeight = 38.0
    /// The largest video.
    static let maximumWidth = 1920.0
    static let maximumHeight = 1080.0

    public var columns: Int
    public var rows: Int
    /// Pixels per point of the cells.
    public var scale: Double
    public var tileWidth: Int
    public var tileHeight: Int
    /// The video's size, even numbers of pixels.
    public var width: Int
    public var height: Int

    /// The layout of `count` cells of a viewport of `viewport` points: the number of columns that gives the largest
    /// cells within 1920×1080, never drawn larger than `maximumScale`.
    public init(count: Int, viewport: Size, maximumScale: Double) {
        let m = SweepVideoLayout.margin, g = SweepVideoLayout.gap
        var best = (columns: 1, scale: 0.0)
        for c in 1...max(1, count) {
            let r = (count + c - 1) / c
            let across = (SweepVideoLayout.maximumWidth - 2 * m - Double(c - 1) * g) / Double(c) / viewport.width
            let down = (SweepVideoLayout.maximumHeight - 2 * m - SweepVideoLayout.headerHeight
                        - Double(r) * SweepVideoLayout.labelHeight - Double(r - 1) * g) / Double(r) / viewport.height
            let scale = min(across, down)
            if scale > best.scale + 1e-9 { best = (c, scale) }
        }
        columns = best.columns
        rows = (count + columns - 1) / columns
        scale = max(0.05, min(best.scale, maximumScale))
        tileWidth = max(8, Int((viewport.width * scale).rounded()))
        tileHeight = max(8, Int((viewport.height * scale).rounded()))
        let w = 2 * m + Double(columns) * Double(tileWidth) + Double(columns - 1) * g
        let h = 2 * m + SweepVideoLayout.headerHeight + Double(rows) * (Double(tileHeight) + SweepVideoLayout.labelHeight)
            + Double(rows - 1) * g
        width = Int(w.rounded(.up)) + Int(w.rounded(.up)) % 2
        height = Int(h.rounded(.up)) + Int(h.rounded(.up)) % 2
    }

    /// The frame's image of cell `index`, in pixels of the video.
    public func cell(_ index: Int) -> Rect {
        let (r, c) = (index / columns, index % columns)
        let x = SweepVideoLayout.margin + Double(c) * (Double(tileWidth) + SweepVideoLayout.gap)
        let y = SweepVideoLayout.margin + SweepVideoLayout.headerHeight + SweepVideoLayout.labelHeight
            + Double(r) * (Double(tileHeight) + SweepVideoLayout.labelHeight + SweepVideoLayout.gap)
        return Rect(x: x, y: y, width: Double(tileWidth), height: Double(tileHeight))
    }
}

/// Draws and encodes the grid video of a sweep.
public enum SweepVideo {
    /// Draws frame `index` of the grid from each variant's state at that frame.
    static func draw(index: Int, time: Double, states: [FrameState], images: [ImageSurface], grid: SweepGrid,
                     layout: SweepVideoLayout, keys: [String], into surface: ImageSurface) {
        let canvas = Canvas(surface)
        canvas.fill(Rect(x: 0, y: 0, width: Double(layout.width), height: Double(layout.height)), SweepGrid.background)
        let m = SweepVideoLayout.margin
        canvas.drawText("\(grid.name) · \(SweepTable.fixed(time, 3)) s", x: m, baseline: m + 17, font: .bold, size: 17,
                        color: .black, maxWidth: Double(layout.width) / 2)
        canvas.drawText("frame \(index) · \(grid.variants.count) variants", x: Double(layout.width) - m, baseline: m + 17, size: 13,
                        color: Color(rgb: 0x3C3C43), alignment: .right)
        for (n, variant) in grid.variants.enumerated() {
            let cell = layout.cell(n)
            let values = zip(keys, variant.assignments).map { "\($0) \($1.value)" }.joined(separator: " · ")
            canvas.drawText("#\(variant.number)  \(values)", x: cell.minX, baseline: cell.minY - 22, font: .bold, size: 13,
                            color: .black, maxWidth: cell.width)
            let caption = variant.caption(states[n])
            canvas.drawText("\(caption.value) · \(caption.phase)", x: cell.minX, baseline: cell.minY - 6, size: 11.5,
                            color: Color(rgb: 0x3C3C43), maxWidth: cell.width)
            canvas.fill(cell, RunCanvas.backdrop)
            canvas.paint(images[n], atDevicePixelX: Int(cell.minX), y: Int(cell.minY))
        }
        surface.flush()
    }

    /// Writes the grid video of `grid`'s variants to `path` through ffmpeg, at `playbackFPS`, drawing frames on `jobs`
    /// threads. `progress` gets (frames done, frames).
    public static func write(_ grid: SweepGrid, format: VideoFormat, ffmpeg: String, path: String, playbackFPS: Double,
                             options: RenderOptions = RenderOptions(), jobs: Int = ProcessInfo.processInfo.activeProcessorCount,
                             cancellation: Cancellation? = nil, progress: @Sendable (Int, Int) -> Void = { _, _ in }) throws {
        try Canvas.requireFonts()
        let maximumScale = grid.variants.map(\.scenario.viewport.scale).max() ?? 1
        let layout = SweepVideoLayout(count: grid.variants.count, viewport: grid.viewport, maximumScale: maximumScale)
        // Fail on fonts or icons before ffmpeg starts.
        _ = try SweepGrid.renderers(grid.variants, scale: layout.scale, options: options)
        let keys = GridVariant.shortKeys(grid.variants.first?.assignments.map(\.path) ?? [])
        let encoder = Locked(try VideoEncoder(ffmpeg: ffmpeg, format: format, path: path,
                                       canvas: RunCanvas(pixelWidth: layout.width, pixelHeight: layout.height), fps: playbackFPS,
                                       frameCount: grid.frameCount))
        do {
            // Grid frames already handed to ffmpeg, drawn on again (every pixel is painted).
            let spare = Locked<[ImageSurface]>([])
            // The variants are simulated on this thread, frame by frame; each frame of the grid is drawn on a worker and
            // handed to ffmpeg in order.
            try Pipeline(jobs: jobs, window: 2 * max(1, jobs), cancellation: cancellation).run(feed: { submit in
                var runs = grid.variants.map { Run(scenario: $0.scenario).makeIterator() }
                // A variant shorter than the others holds its last frame.
                var latest = [FrameState?](repeating: nil, count: runs.count)
                for _ in 0..<grid.frameCount {
                    if cancellation?.isCancelled == true { throw RenderCancelled() }
                    for n in runs.indices {
                        if let next = runs[n].next() { latest[n] = next }
                    }
                    if !submit(latest) { return }
                }
            }, worker: {
                VariantTiles(renderers: try SweepGrid.renderers(grid.variants, scale: layout.scale, options: options))
            }, work: { tiles, index, latest -> ImageSurface in
                var states: [FrameState] = [], images: [ImageSurface] = []
                for (n, state) in latest.enumerated() {
                    guard let state else { continue }
                    states.append(state)
                    images.append(try tiles.draw(state, variant: n))
                }
                let surface = try spare.withLock { $0.popLast() } ?? ImageSurface(pixelWidth: layout.width, pixelHeight: layout.height)
                draw(index: index, time: Double(index) / grid.fps, states: states, images: images, grid: grid, layout: layout,
                     keys: keys, into: surface)
                return surface
            }, deliver: { index, surface in
                try encoder.withLock { try $0.add(surface) }
                spare.withLock { $0.append(surface) }
                progress(index + 1, grid.frameCount)
            })
            try encoder.withLock { try $0.finish() }
        } catch {
            encoder.withLock { $0.abandon() }
            throw error
        }
    }
}

/// One worker's renderer and image of each variant.
private final class VariantTiles {
    let renderers: [FrameRenderer]
    let caches: [ImageCache]

    init(renderers: [FrameRenderer]) {
        self.renderers = renderers
        caches = renderers.map { _ in ImageCache() }
    }

    /// `state` of variant `n`, drawn on an image of this worker's. A frame that does not paint every pixel (a map)
    /// gets a new, transparent image: what this worker drew before (another frame) must not show through.
    func draw(_ state: FrameState, variant n: Int) throws -> ImageSurface {
        let size = renderers[n].pixelSize(of: state)
        let surface = renderers[n].paintsEveryPixel(state) ? try caches[n].surface(for: size)
            : try ImageSurface(pixelWidth: size.width, pixelHeight: size.height)
        try renderers[n].draw(state, into: surface)
        return surface
    }
}
