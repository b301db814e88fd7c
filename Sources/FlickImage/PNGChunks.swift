#if canImport(CFlickLibdeflate)
import CFlickLibdeflate
#elseif canImport(CFlickDeflate)
import CFlickDeflate
#endif
import Foundation

/// How PNG chunks are written (the PNG specification, section 5.3: length, type, data, CRC-32 of type and
/// data): the one chunk writer behind `PNGEncoder` and the animated PNG writer.
package enum PNGChunks {
    /// The eight bytes every PNG file starts with.
    package static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// Bytes a chunk adds around its data: length and type before, CRC after.
    package static let overhead = 12

    /// IHDR's 13 bytes for an 8-bit, non-interlaced image of `colorType` (compression and filter method 0).
    package static func header(width: Int, height: Int, colorType: PNGColorType) -> Data {
        var data = Data(capacity: 13)
        appendUInt32(UInt32(width), to: &data)
        appendUInt32(UInt32(height), to: &data)
        data.append(contentsOf: [8, colorType.rawValue, 0, 0, 0])
        return data
    }

    /// Appends one chunk of `type` with `data` to `out`.
    package static func append(_ type: String, _ data: Data, to out: inout Data) {
        var typeAndData = Data(type.utf8)
        typeAndData.append(data)
        appendUInt32(UInt32(data.count), to: &out)
        out.append(typeAndData)
        appendUInt32(typeAndData.withUnsafeBytes { CRC32.checksum($0) }, to: &out)
    }

    package static func appendUInt32(_ value: UInt32, to out: inout Data) {
        out.append(contentsOf: [UInt8(value >> 24), UInt8((value >> 16) & 0xFF), UInt8((value >> 8) & 0xFF), UInt8(value & 0xFF)])
    }

    package static func appendUInt16(_ value: UInt16, to out: inout Data) {
        out.append(contentsOf: [UInt8(value >> 8), UInt8(value & 0xFF)])
    }

    /// Stores `value` big-endian at `at`.
    package static func storeUInt32(_ value: UInt32, at pointer: UnsafeMutableRawPointer) {
        pointer.storeBytes(of: value.bigEndian, as: UInt32.self)
    }

    package static func readUInt32(_ data: Data, _ offset: Int) -> UInt32 {
        let i = data.startIndex + offset
        return UInt32(data[i]) << 24 | UInt32(data[i + 1]) << 16 | UInt32(data[i + 2]) << 8 | UInt32(data[i + 3])
    }

    package static func fourCC(_ text: StaticString) -> UInt32 {
        text.withUTF8Buffer { b in UInt32(b[0]) << 24 | UInt32(b[1]) << 16 | UInt32(b[2]) << 8 | UInt32(b[3]) }
    }
}

/// IHDR's colour types that Flick writes (PNG specification, table 11.1).
public enum PNGColorType: UInt8, Sendable {
    /// 8-bit red, green, blue.
    case truecolor = 2
    /// 8-bit red, green, blue, alpha (straight, not premultiplied).
    case truecolorAlpha = 6

    /// Bytes per pixel at 8 bits a channel.
    public var bytesPerPixel: Int {
        switch self {
        case .truecolor: 3
        case .truecolorAlpha: 4
        }
    }
}

/// CRC-32 as PNG and zlib use it (ISO 3309, reflected polynomial 0xEDB88320): libdeflate's when Flick is built with
/// it, else ISA-L's when built with that, else eight table lookups a step.
package enum CRC32 {
    /// The CRC of `bytes`, continuing from `crc` (the CRC of the bytes before them; 0 to start).
    package static func checksum(_ bytes: UnsafeRawBufferPointer, continuing crc: UInt32 = 0) -> UInt32 {
        guard let base = bytes.baseAddress, bytes.count > 0 else { return crc }
        #if canImport(CFlickLibdeflate)
        // libdeflate_crc32 takes and returns the finished (inverted) value, as zlib's crc32 does.
        return libdeflate_crc32(crc, base, bytes.count)
        #elseif canImport(CFlickDeflate)
        // ISA-L's crc32_gzip_refl takes and returns the finished (inverted) value, as zlib's crc32 does.
        var result = crc
        var offset = 0
        while offset < bytes.count {
            let length = min(bytes.count - offset, Int(UInt32.max))
            result = flick_crc32(result, base.assumingMemoryBound(to: UInt8.self) + offset, UInt64(length))
            offset += length
        }
        return result
        #else
        return tableChecksum(bytes, continuing: crc)
        #endif
    }

    package static func checksum(_ data: Data) -> UInt32 {
        data.withUnsafeBytes { checksum($0) }
    }

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

    /// The portable CRC (slicing by eight), also what tests compare ISA-L's with.
    package static func tableChecksum(_ raw: UnsafeRawBufferPointer, continuing start: UInt32 = 0) -> UInt32 {
        let t = tables
        return t[0].withUnsafeBufferPointer { t0 in t[1].withUnsafeBufferPointer { t1 in t[2].withUnsafeBufferPointer { t2 in
        t[3].withUnsafeBufferPointer { t3 in t[4].withUnsafeBufferPointer { t4 in t[5].withUnsafeBufferPointer { t5 in
        t[6].withUnsafeBufferPointer { t6 in t[7].withUnsafeBufferPointer { t7 in
            var crc: UInt32 = ~start
            var n = raw.count
            guard var q = raw.bindMemory(to: UInt8.self).baseAddress else { return start }
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
            return ~crc
        } } } } } } } }
    }
}

/// Adler-32 (RFC 1950), a zlib stream's checksum: libdeflate's when Flick is built with it (about 0.1 ms for a
/// 1170×2532 frame here), else ISA-L's, else a plain loop. The value is the same. igzip's zlib trailer
/// (`PNGEncoder`) and the animated PNG's stored blocks (FlickReview) are written with it.
package enum Adler32 {
    package static func checksum(_ bytes: UnsafeRawBufferPointer) -> UInt32 {
        guard let base = bytes.baseAddress, bytes.count > 0 else { return 1 }
        #if canImport(CFlickLibdeflate)
        return libdeflate_adler32(1, base, bytes.count)
        #elseif canImport(CFlickDeflate)
        return isal_adler32(1, base.assumingMemoryBound(to: UInt8.self), UInt64(bytes.count))
        #else
        var a: UInt32 = 1, b: UInt32 = 0
        for byte in bytes {
            a = (a + UInt32(byte)) % 65521
            b = (b + a) % 65521
        }
        return b << 16 | a
        #endif
    }
}
