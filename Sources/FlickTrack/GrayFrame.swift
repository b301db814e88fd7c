/// One frame of a recording, cut to the tracked region: 8-bit luma, row by row, and when it was shown.
public struct GrayFrame: Sendable, Equatable {
    public var width: Int
    public var height: Int
    /// `width × height` luma values, row by row.
    public var pixels: [UInt8]
    /// Seconds on the recording's clock.
    public var time: Double

    public init(width: Int, height: Int, pixels: [UInt8], time: Double) {
        precondition(pixels.count == width * height, "expected \(width * height) pixels, got \(pixels.count)")
        self.width = width
        self.height = height
        self.pixels = pixels
        self.time = time
    }

    public subscript(x: Int, y: Int) -> UInt8 { pixels[y * width + x] }
}

/// The direction content is measured along.
public enum TrackAxis: String, Sendable, CaseIterable {
    /// Vertical: the value is positive when the content moves up (contentOffset.y grows).
    case y
    /// Horizontal: positive when the content moves left (contentOffset.x grows).
    case x
}

/// A region of the frame in pixels: its left, top, width and height.
public struct PixelRegion: Sendable, Equatable {
    public var x: Int, y: Int, width: Int, height: Int
    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }
}

/// An error `flick track` reports and exits 2 for: bad input, a tool missing, a recording it cannot track.
public struct TrackError: Error, CustomStringConvertible, Sendable, Equatable {
    public var description: String
    public init(_ description: String) { self.description = description }
}
