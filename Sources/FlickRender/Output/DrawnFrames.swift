import CFlickCairo
import FlickCore
import Foundation

/// One frame of a render as drawn: its state, its pixels and, once encoded, its PNG file.
///
/// The image is never drawn on again while a `DrawnFrame` holds it; when the last reference goes, the image
/// returns to the pool it came from for a later frame of the same size.
public final class DrawnFrame: @unchecked Sendable {
    public let state: FrameState
    /// The frame's pixels (viewport × scale).
    public let image: ImageSurface
    /// Its pixels equal the previous frame's, so its PNG is that frame's bytes, not encoded again.
    public internal(set) var repeatsPrevious = false
    /// The PNG file's bytes; nil when the render writes no PNG and no observer asked for one.
    public internal(set) var png: Data?
    private weak var pool: SurfacePool?

    init(state: FrameState, image: ImageSurface, pool: SurfacePool?) {
        self.state = state
        self.image = image
        self.pool = pool
    }

    deinit { pool?.recycle(image) }

    /// Whether both images have the same size and the same pixels (compared as raw memory).
    func hasSamePixels(as other: DrawnFrame) -> Bool {
        let a = image, b = other.image
        guard a.pixelWidth == b.pixelWidth, a.pixelHeight == b.pixelHeight, a.stride == b.stride else { return false }
        let rowBytes = a.pixelWidth * 4, stride = a.stride
        return a.withPixels { pa in
            b.withPixels { pb in
                guard let ra = UnsafeRawPointer(pa.baseAddress), let rb = UnsafeRawPointer(pb.baseAddress) else { return false }
                if rowBytes == stride { return memcmp(ra, rb, stride * a.pixelHeight) == 0 }
                for y in 0..<a.pixelHeight where memcmp(ra + y * stride, rb + y * stride, rowBytes) != 0 { return false }
                return true
            }
        }
    }
}

/// Receives every drawn frame of a render in index order, with its pixels and PNG bytes: the review outputs
/// (FlickReview) are built from it beside the frames, without drawing or encoding a frame twice.
public protocol SequenceObserver: AnyObject, Sendable {
    /// Whether `consume` needs each frame's PNG bytes (encoded even when the render writes only SVG frames).
    var needsPNG: Bool { get }
    /// Called once before the first frame, with the render's staging folder.
    func begin(_ folder: OutputFolder) throws
    /// Each frame, in increasing index order, one call at a time (from any worker thread).
    func consume(_ frame: DrawnFrame) throws
    /// After the last frame and states.json, before the folder is committed.
    func finish(_ folder: OutputFolder) throws
    /// The render failed or was cancelled: stop whatever is running (a child process). The folder removes its files.
    func abandon()
}

/// Image surfaces of one size, reused from frame to frame so each frame does not allocate (and zero) a new one.
final class SurfacePool: Sendable {
    private let free = Locked<[ImageSurface]>([])
    private let capacity: Int

    init(capacity: Int) { self.capacity = capacity }

    /// A surface of `width`×`height` pixels, cleared to transparent unless `clearing` is false (a reused surface then
    /// keeps an earlier frame's pixels: only for a frame that paints every pixel, `FrameRenderer.paintsEveryPixel`).
    func take(width: Int, height: Int, clearing: Bool = true) throws -> ImageSurface {
        let reused = free.withLock { free in
            // After a resize the old size is not drawn again: its images are freed rather than kept.
            free.removeAll { $0.pixelWidth != width || $0.pixelHeight != height }
            return free.popLast()
        }
        guard let reused else { return try ImageSurface(pixelWidth: width, pixelHeight: height) }
        // A new surface starts transparent; a reused one must too, unless the frame paints over every pixel.
        if clearing { reused.clear() }
        return reused
    }

    func recycle(_ surface: ImageSurface) {
        free.withLock { free in
            if free.count >= capacity { free.removeFirst() }
            free.append(surface)
        }
    }
}

/// The frames drawn and not yet compared with their successor, shared by the render's workers: a worker
/// that drew frame i waits for frame i − 1's pixels (another worker took it first from the pipeline)
/// and, when they are equal, for its PNG bytes.
final class FrameHistory: Sendable {
    private struct Frames {
        var drawn: [Int: DrawnFrame] = [:]
        var encoded: Set<Int> = []
        var failed = false
    }

    private let frames = Locked(Frames())

    /// Makes `frame`'s pixels available to the worker drawing the next frame.
    func publish(_ frame: DrawnFrame) {
        frames.withLock { $0.drawn[frame.state.index] = frame }
    }

    /// `frame`'s PNG (possibly nil) is final.
    func encodedPNG(of frame: DrawnFrame, _ png: Data?) {
        frames.withLock { frames in
            frame.png = png
            frames.encoded.insert(frame.state.index)
        }
    }

    /// Frame `index`, waiting until it is drawn, and forgets it (only its successor asks); nil if the render failed.
    func take(_ index: Int) -> DrawnFrame? {
        frames.withLock(when: { $0.drawn[index] != nil || $0.failed }) { $0.drawn.removeValue(forKey: index) }
    }

    /// `frame`'s PNG bytes, waiting until they are final; nil if the render failed.
    func png(of frame: DrawnFrame) -> Data?? {
        let index = frame.state.index
        return frames.withLock(when: { $0.encoded.contains(index) || $0.failed }) { frames -> Data?? in
            guard !frames.failed else { return nil }
            frames.encoded.remove(index)
            return .some(frame.png)
        }
    }

    /// Wakes every waiting worker: the render has failed.
    func fail() {
        frames.withLock { $0.failed = true }
    }
}

extension ImageSurface {
    /// Sets every pixel to transparent black.
    func clear() {
        withPixels { words in
            guard let base = words.baseAddress else { return }
            UnsafeMutableRawPointer(mutating: base).initializeMemory(as: UInt8.self, repeating: 0, count: words.count * 4)
        }
        markDirty()
    }
}
