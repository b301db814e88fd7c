import Foundation

/// The chunks of a PNG file, and how to write new ones (the PNG specification's chunk layout: length, type,
/// data, CRC-32 of type and data).
enum PNGChunks {
    static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// The fields of IHDR this writer cares about.
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

    /// Appends one chunk of `type` with `data` to `out`.
    static func append(_ type: String, _ data: Data, to out: inout Data) {
        var typeAndData = Data(type.utf8)
        typeAndData.append(data)
        appendUInt32(UInt32(data.count), to: &out)
        out.append(typeAndData)
        appendUInt32(CRC32.checksum(typeAndData), to: &out)
    }

    static func appendUInt32(_ value: UInt32, to out: inout Data) {
        out.append(contentsOf: [UInt8(value >> 24), UInt8((value >> 16) & 0xFF), UInt8((value >> 8) & 0xFF), UInt8(value & 0xFF)])
    }

    static func appendUInt16(_ value: UInt16, to out: inout Data) {
        out.append(contentsOf: [UInt8(value >> 8), UInt8(value & 0xFF)])
    }

    static func readUInt32(_ data: Data, _ offset: Int) -> UInt32 {
        let i = data.startIndex + offset
        return UInt32(data[i]) << 24 | UInt32(data[i + 1]) << 16 | UInt32(data[i + 2]) << 8 | UInt32(data[i + 3])
    }

    static func fourCC(_ text: StaticString) -> UInt32 {
        text.withUTF8Buffer { b in UInt32(b[0]) << 24 | UInt32(b[1]) << 16 | UInt32(b[2]) << 8 | UInt32(b[3]) }
    }

    /// A zlib stream holding `bytes` in one stored (uncompressed) deflate block: for images of a few pixels.
    static func storedZlib(_ bytes: [UInt8]) -> Data {
        precondition(bytes.count <= 0xFFFF)
        var out = Data([0x78, 0x01, 0x01])
        let length = UInt16(bytes.count)
        out.append(contentsOf: [UInt8(length & 0xFF), UInt8(length >> 8), UInt8(~length & 0xFF), UInt8(~length >> 8)])
        out.append(contentsOf: bytes)
        // Adler-32, big-endian.
        var a: UInt32 = 1, b: UInt32 = 0
        for byte in bytes {
            a = (a + UInt32(byte)) % 65521
            b = (b + a) % 65521
        }
        appendUInt32(b << 16 | a, to: &out)
        return out
    }
}

/// CRC-32 as PNG and zlib use it (polynomial 0xEDB88320), eight bytes a step.
enum CRC32 {
    private static let tables: [[UInt32]] = {
        var tables = [[UInt32]](repeating: [UInt32](repeating: 0, count: 256), count: 8)
        for n in 0..<256 {
            var c = UInt32(n)
            for _ in 0..<8 { c = c & 1 != 0 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
            tables[0][n] = c
        }
        for n in 0..<256 {
            for k in 1..<8 { tables[k][n] = (tables[k - 1][n] >> 8) ^ tables[0][Int(tables[k - 1][n] & 0xFF)] }
        }
        return tables
    }()

    static func checksum(_ data: Data) -> UInt32 {
        data.withUnsafeBytes { raw -> UInt32 in
            let t = tables
            return t[0].withUnsafeBufferPointer { t0 in t[1].withUnsafeBufferPointer { t1 in t[2].withUnsafeBufferPointer { t2 in
            t[3].withUnsafeBufferPointer { t3 in t[4].withUnsafeBufferPointer { t4 in t[5].withUnsafeBufferPointer { t5 in
            t[6].withUnsafeBufferPointer { t6 in t[7].withUnsafeBufferPointer { t7 in
                var crc: UInt32 = 0xFFFF_FFFF
                var n = raw.count
                guard var q = raw.bindMemory(to: UInt8.self).baseAddress else { return 0 }
                while n >= 8 {
                    let lo = crc ^ (UInt32(q[0]) | UInt32(q[1]) << 8 | UInt32(q[2]) << 16 | UInt32(q[3]) << 24)
                    crc = t7[Int(lo & 0xFF)] ^ t6[Int((lo >> 8) & 0xFF)] ^ t5[Int((lo >> 16) & 0xFF)] ^ t4[Int(lo >> 24)]
                        ^ t3[Int(q[4])] ^ t2[Int(q[5])] ^ t1[Int(q[6])] ^ t0[Int(q[7])]
                    q += 8
                    n -= 8
                }
                while n > 0 {
                    crc = t0[Int((crc ^ UInt32(q.pointee)) & 0xFF)] ^ (crc >> 8)
                    q += 1
                    n -= 1
                }
                return crc ^ 0xFFFF_FFFF
            } } } } } } } }
        }
    }
}

/// A problem writing a review output, in words for the user.
public struct ReviewError: Error, CustomStringConvertible, Sendable {
    public var description: String
    public init(_ description: String) { self.description = description }
}
