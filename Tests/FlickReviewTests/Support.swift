import FlickCore
import FlickImage
import FlickRender
@testable import FlickReview
import Foundation
import Testing

enum Fixtures {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    static let examples = root.appendingPathComponent("Examples")

    /// The bundled example `name` (`name.yaml`, else `name.json`) at `scale`.
    static func example(_ name: String, scale: Double = 1) throws -> Scenario {
        let yaml = examples.appendingPathComponent(name + ".yaml")
        let file = FileManager.default.fileExists(atPath: yaml.path) ? yaml : examples.appendingPathComponent(name + ".json")
        var scenario = try ScenarioDecoder.load(path: file.path)
        scenario.viewport.scale = scale
        return scenario
    }

    static func temporaryFolder(_ label: String) throws -> URL {
        let url = FileManager.default.temporaryDirectory
            .appendingPathComponent("flick-review-tests-\(getpid())-\(label)-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// Renders `scenario`'s frames in `range` with the review outputs of `options` into `folder/<name>`.
    @discardableResult
    static func render(_ scenario: Scenario, range: ClosedRange<Int>?, into folder: URL, options: ReviewOptions,
                       jobs: Int = 2) throws -> ReviewRecorder {
        let recorder = ReviewRecorder(scenario: scenario, range: range, options: options)
        _ = try SequenceRenderer.render(scenario, to: folder.appendingPathComponent(scenario.name),
                                        options: SequenceOptions(format: .png, frames: range, jobs: jobs,
                                                                 render: RenderOptions(iconFolders: [examples.path]),
                                                                 observer: recorder))
        return recorder
    }

    /// The words of a decoded PNG file (premultiplied ARGB, row by row without padding).
    static func pixels(of image: ImageSurface) -> [UInt32] {
        image.withPixels { words in
            let rowWords = image.stride / 4
            var out: [UInt32] = []
            out.reserveCapacity(image.pixelWidth * image.pixelHeight)
            for y in 0..<image.pixelHeight {
                out += words[(y * rowWords)..<(y * rowWords + image.pixelWidth)]
            }
            return out
        }
    }

    static func pixels(ofPNGFile url: URL) throws -> (width: Int, height: Int, words: [UInt32]) {
        let image = try ImageSurface(Bitmap.readPNG(path: url.path))
        return (image.pixelWidth, image.pixelHeight, pixels(of: image))
    }
}

/// A small APNG reader for the tests: parses the chunks, checks their CRCs, decodes each frame's image data
/// (as a one-frame PNG, through Cairo's reader) and composes the frames as the APNG specification says.
struct APNGReader {
    struct FrameControl {
        var width: Int, height: Int, x: Int, y: Int
        var delayNumerator: Int, delayDenominator: Int
        var dispose: UInt8, blend: UInt8
        var data = Data()
    }

    var width = 0
    var height = 0
    var colorType: UInt8 = 0
    var frameCount = 0
    var plays = -1
    var frames: [FrameControl] = []
    /// Sequence numbers in file order (fcTL and fdAT share one sequence).
    var sequence: [Int] = []

    init(_ file: Data) throws {
        let bytes = [UInt8](file)
        guard bytes.count > 8, Array(bytes[0..<8]) == PNGChunks.signature else { throw ReviewError("not a PNG") }
        func u32(_ i: Int) -> Int { Int(bytes[i]) << 24 | Int(bytes[i + 1]) << 16 | Int(bytes[i + 2]) << 8 | Int(bytes[i + 3]) }
        func u16(_ i: Int) -> Int { Int(bytes[i]) << 8 | Int(bytes[i + 1]) }
        var offset = 8
        var sawEnd = false
        while offset + 12 <= bytes.count {
            let length = u32(offset)
            let type = String(decoding: bytes[(offset + 4)..<(offset + 8)], as: UTF8.self)
            let start = offset + 8
            guard start + length + 4 <= bytes.count else { throw ReviewError("chunk \(type) runs past the end") }
            let crc = UInt32(u32(start + length))
            guard CRC32.checksum(Data(bytes[(offset + 4)..<(start + length)])) == crc else { throw ReviewError("bad CRC in \(type)") }
            switch type {
            case "IHDR":
                width = u32(start); height = u32(start + 4); colorType = bytes[start + 9]
            case "acTL":
                frameCount = u32(start); plays = u32(start + 4)
            case "fcTL":
                sequence.append(u32(start))
                frames.append(FrameControl(width: u32(start + 4), height: u32(start + 8), x: u32(start + 12), y: u32(start + 16),
                                           delayNumerator: u16(start + 20), delayDenominator: u16(start + 22),
                                           dispose: bytes[start + 24], blend: bytes[start + 25]))
            case "IDAT":
                guard !frames.isEmpty else { throw ReviewError("IDAT before the first fcTL: the default image is not a frame") }
                frames[frames.count - 1].data.append(contentsOf: bytes[start..<(start + length)])
            case "fdAT":
                sequence.append(u32(start))
                frames[frames.count - 1].data.append(contentsOf: bytes[(start + 4)..<(start + length)])
            case "IEND":
                sawEnd = true
            default:
                break
            }
            offset = start + length + 4
        }
        guard sawEnd else { throw ReviewError("no IEND") }
    }

    /// Every frame as the canvas shows it, composed in order (only dispose NONE and blend SOURCE are used here).
    func composedFrames() throws -> [[UInt32]] {
        var canvas = [UInt32](repeating: 0, count: width * height)
        var result: [[UInt32]] = []
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("apng-frame-\(UUID().uuidString).png")
        defer { try? FileManager.default.removeItem(at: scratch) }
        for frame in frames {
            guard frame.dispose == 0, frame.blend == 0 else { throw ReviewError("unexpected dispose/blend") }
            guard frame.x + frame.width <= width, frame.y + frame.height <= height else { throw ReviewError("frame outside canvas") }
            var png = Data(PNGChunks.signature)
            var header = Data()
            PNGChunks.appendUInt32(UInt32(frame.width), to: &header)
            PNGChunks.appendUInt32(UInt32(frame.height), to: &header)
            header.append(contentsOf: [8, colorType, 0, 0, 0])
            PNGChunks.append("IHDR", header, to: &png)
            PNGChunks.append("IDAT", frame.data, to: &png)
            PNGChunks.append("IEND", Data(), to: &png)
            try png.write(to: scratch)
            let decoded = try Fixtures.pixels(ofPNGFile: scratch)
            for y in 0..<frame.height {
                for x in 0..<frame.width {
                    canvas[(frame.y + y) * width + frame.x + x] = decoded.words[y * frame.width + x]
                }
            }
            result.append(canvas)
        }
        return result
    }
}
