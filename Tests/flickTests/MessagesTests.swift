import Foundation
import Testing

/// Messages for names and inputs that are not what flick expects, and where it finds its examples.
@Suite("Messages, end to end")
struct MessagesTests {
    @Test("A name that is neither a file nor an example says so, with the closest example")
    func unknownNames() throws {
        let typo = try flick(["render", "fling-to-res"])
        #expect(typo.status == 2)
        #expect(typo.stderr.contains("fling-to-res: error: no example or file named fling-to-res; did you mean fling-to-rest?"),
                "\(typo.stderr)")
        let unknown = try flick(["states", "zzzzzzzz"])
        #expect(unknown.status == 2)
        #expect(unknown.stderr.contains("no example or file named zzzzzzzz (see `flick examples`)"), "\(unknown.stderr)")
        let validate = try flick(["validate", "sheet-handof"])
        #expect(validate.status == 2 && validate.stderr.contains("did you mean sheet-handoff?"), "\(validate.stderr)")
    }

    @Test("FLICK_DEFLATE naming no deflate of this build is an error naming those it has, as FLICK_RECORD's is")
    func unknownDeflate() throws {
        let dir = try scratchFolder("deflate")
        defer { try? FileManager.default.removeItem(at: dir) }
        let bogus = try flick(["render", "fling-to-rest", "--frames", "0..0", "--out", dir.path], environment: ["FLICK_DEFLATE": "bogus"])
        #expect(bogus.status == 2)
        #expect(bogus.stderr.hasPrefix("error: FLICK_DEFLATE=bogus is not a deflate this flick has; it takes "), "\(bogus.stderr)")
        #expect(bogus.stderr.contains("libspng (default: "), "\(bogus.stderr)")
        #expect(bogus.stderr.hasSuffix(")\n") && bogus.stderr.split(separator: "\n").count == 1, "\(bogus.stderr)")
        #expect(contents(dir).isEmpty)
        // libspng, which every build has, is taken; so is an empty value (as unset).
        for value in ["libspng", ""] {
            let run = try flick(["render", "fling-to-rest", "--frames", "0..0", "--out", dir.path], environment: ["FLICK_DEFLATE": value])
            #expect(run.status == 0, "\(value): \(run.stderr)")
        }
    }

    @Test("- reads the scenario from standard input")
    func standardInput() throws {
        let file = packageRoot.appendingPathComponent("Examples/rubber-band-pull.yaml")
        let piped = try RunningFlick(["states", "-"], standardInput: try FileHandle(forReadingFrom: file)).wait()
        #expect(piped.status == 0, "\(piped.stderr)")
        let expected = try flick(["states", file.path]).stdout
        #expect(piped.stdout == expected.replacingOccurrences(of: "\"scenario\": \"rubber-band-pull\"", with: "\"scenario\": \"stdin\""))

        let dir = try scratchFolder("stdin")
        defer { try? FileManager.default.removeItem(at: dir) }
        let bad = dir.appendingPathComponent("bad.yaml")
        try "fps: 300\n".write(to: bad, atomically: true, encoding: .utf8)
        let invalid = try RunningFlick(["validate", "-"], standardInput: try FileHandle(forReadingFrom: bad)).wait()
        #expect(invalid.status == 2)
        #expect(invalid.stderr.contains("<standard input>:1:6: error: fps:"), "\(invalid.stderr)")
    }

    @Test("FLICK_EXAMPLES naming no folder is an error, not an empty list")
    func badExamplesFolder() throws {
        let list = try flick(["examples"], environment: ["FLICK_EXAMPLES": "/nonexistent"])
        #expect(list.status == 2)
        #expect(list.stderr.contains("FLICK_EXAMPLES is /nonexistent, which is not a folder"), "\(list.stderr)")
        let states = try flick(["states", "fling-to-rest"], environment: ["FLICK_EXAMPLES": "/nonexistent"])
        #expect(states.status == 2)
        #expect(states.stderr.contains("no file named fling-to-rest, and no example of that name either: FLICK_EXAMPLES is /nonexistent"),
                "\(states.stderr)")
    }

    @Test("Examples are found when flick runs through PATH from another folder, and when installed by scripts/install.sh")
    func examplesOutsideTheCheckout() throws {
        let dir = try scratchFolder("path")
        defer { try? FileManager.default.removeItem(at: dir) }
        // A link on PATH to the built flick, run by name from the root folder: the checkout it was built in is found.
        let bin = dir.appendingPathComponent("bin")
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: bin.appendingPathComponent("flick").path, withDestinationPath: flickURL.path)
        let shell = URL(fileURLWithPath: "/bin/sh")
        let linked = try RunningFlick(["-c", "cd / && flick examples && flick states fling-to-rest > /dev/null"],
                                      environment: ["PATH": bin.path + ":/usr/bin:/bin"], executable: shell).wait()
        #expect(linked.status == 0, "\(linked.stderr)")
        for name in exampleNames { #expect(linked.stdout.contains(name)) }

        // Installed: PREFIX/bin/flick (a copy) with PREFIX/share/flick/Examples.
        let prefix = dir.appendingPathComponent("prefix")
        let install = try RunningFlick([prefix.path], environment: ["FLICK_BIN": flickURL.path],
                                       executable: packageRoot.appendingPathComponent("scripts/install.sh")).wait()
        #expect(install.status == 0, "\(install.stderr)")
        let installed = try RunningFlick(["-c", "cd / && flick examples && flick validate vimeo-tabs"],
                                         environment: ["PATH": prefix.appendingPathComponent("bin").path + ":/usr/bin:/bin"],
                                         executable: shell).wait()
        #expect(installed.status == 0, "\(installed.stderr)")
        #expect(installed.stdout.contains("\(prefix.path)/share/flick/Examples/vimeo-tabs.yaml: ok"), "\(installed.stdout)")
    }

    @Test("A file that is not a PNG, or a PNG with no pixels, is named with what is wrong")
    func badImages() throws {
        let dir = try scratchFolder("bad-png")
        defer { try? FileManager.default.removeItem(at: dir) }
        let garbage = dir.appendingPathComponent("garbage.png")
        try Data("garbage".utf8).write(to: garbage)
        // A PNG header declaring 0×0 pixels.
        var empty = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        let ihdr: [UInt8] = [0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 0, 0, 0, 0, 0, 0, 0, 0, 8, 6, 0, 0, 0]
        empty.append(contentsOf: ihdr)
        empty.append(contentsOf: crc32(ihdr.dropFirst(4)))
        empty.append(contentsOf: [0, 0, 0, 0, 0x49, 0x45, 0x4E, 0x44, 0xAE, 0x42, 0x60, 0x82])
        let zero = dir.appendingPathComponent("zero.png")
        try empty.write(to: zero)
        let notPNG = try flick(["diff", garbage.path, zero.path])
        #expect(notPNG.status == 2)
        #expect(notPNG.stderr.contains("\(garbage.path): not a PNG file"), "\(notPNG.stderr)")
        let noPixels = try flick(["diff", zero.path, garbage.path])
        #expect(noPixels.status == 2)
        #expect(noPixels.stderr.contains("\(zero.path): 0×0 pixels") || noPixels.stderr.contains("\(zero.path): cannot read: invalid image width"),
                "\(noPixels.stderr)")
        #expect(!noPixels.stderr.contains("out of memory"))
    }
}

/// The CRC-32 of `bytes` (PNG's chunk checksum), big-endian.
private func crc32<C: Collection>(_ bytes: C) -> [UInt8] where C.Element == UInt8 {
    var crc: UInt32 = 0xFFFF_FFFF
    for byte in bytes {
        crc ^= UInt32(byte)
        for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
    }
    crc ^= 0xFFFF_FFFF
    return [UInt8(crc >> 24), UInt8(crc >> 16 & 0xFF), UInt8(crc >> 8 & 0xFF), UInt8(crc & 0xFF)]
}
