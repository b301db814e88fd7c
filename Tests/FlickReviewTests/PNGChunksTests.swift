import FlickImage
@testable import FlickReview
import Foundation
import Testing

@Suite struct PNGChunksTests {
    @Test func crcMatchesKnownChunks() {
        // Every PNG ends with IEND's CRC AE 42 60 82; "123456789" is CRC-32's check value.
        #expect(CRC32.checksum(Data("IEND".utf8)) == 0xAE42_6082)
        #expect(CRC32.checksum(Data("123456789".utf8)) == 0xCBF4_3926)
        let long = Data((0..<1000).map { UInt8(truncatingIfNeeded: $0 &* 7) })
        var bitwise: UInt32 = 0xFFFF_FFFF
        for byte in long {
            bitwise ^= UInt32(byte)
            for _ in 0..<8 { bitwise = bitwise & 1 != 0 ? 0xEDB8_8320 ^ (bitwise >> 1) : bitwise >> 1 }
        }
        #expect(CRC32.checksum(long) == ~bitwise)
    }
}
