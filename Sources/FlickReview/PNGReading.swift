import FlickImage
import Foundation

/// Reading a PNG's image data back for the animated PNG, and the smallest image data there is.
extension PNGChunks {
    /// The fields of IHDR the animated PNG writer cares about.
    struct Header: Equatable {
        var width: Int
        var height: Int
        var bitDepth: UInt8
        var colorType: UInt8
    }

    /// A PNG file's header and its image data (the IDAT chunks' payloads, concatenated: one zlib stream).
    static func imageData(of png: Data) throws -> (header: Header, data: Data) {
        guard png.count >= 8 + 25, png.prefix(8).elementsEqual(signature) else {
            throw ReviewError("not a PNG file")
        }
        var header: Header?
        var data = Data()
        var offset = 8
        while offset + 12 <= png.count {
            let length = Int(readUInt32(png, offset))
            let type = readUInt32(png, offset + 4)
            let start = offset + 8
            guard length >= 0, start + length + 4 <= png.count else { throw ReviewError("a PNG chunk runs past the end of the file") }
            switch type {
            case fourCC("IHDR"):
                header = Header(width: Int(readUInt32(png, start)), height: Int(readUInt32(png, start + 4)),
                                bitDepth: png[png.startIndex + start + 8], colorType: png[png.startIndex + start + 9])
            case fourCC("IDAT"):
                data.append(png[(png.startIndex + start)..<(png.startIndex + start + length)])
            default:
                break
            }
            offset = start + length + 4
        }
        guard let header else { throw ReviewError("a PNG file without IHDR") }
        return (header, data)
    }

    /// A zlib stream holding `bytes` in one stored (uncompressed) deflate block: for images of a few pixels.
    static func storedZlib(_ bytes: [UInt8]) -> Data {
        precondition(bytes.count <= 0xFFFF)
        var out = Data([0x78, 0x01, 0x01])
        let length = UInt16(bytes.count)
        out.append(contentsOf: [UInt8(length & 0xFF), UInt8(length >> 8), UInt8(~length & 0xFF), UInt8(~length >> 8)])
        out.append(contentsOf: bytes)
        appendUInt32(bytes.withUnsafeBytes { Adler32.checksum($0) }, to: &out)
        return out
    }
}

/// A problem writing a review output, in words for the user.
public struct ReviewError: Error, CustomStringConvertible, Sendable {
    public var description: String
    public init(_ description: String) { self.description = description }
}
