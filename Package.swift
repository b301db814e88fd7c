// swift-tools-version: 6.0
import PackageDescription

// Data flows one way: scenario → simulation → state document → renderer / review → files. The modules, each
// with the Flick modules it imports (docs/architecture.md draws the graph):
//   flick         → FlickServe, FlickRunner, FlickReview, FlickDiff, FlickRender, FlickTrack, FlickCore, FlickOutput
//   FlickServe    → FlickRunner, FlickReview, FlickRender, FlickCore (and FlyingFox)
//   FlickSnapshotTesting → FlickRunner, FlickReview, FlickDiff, FlickRender, FlickImage, FlickCore (and SnapshotTesting)
//   FlickTesting  → FlickRunner, FlickDiff, FlickCore
//   FlickRunner   → FlickReview, FlickRender, FlickDiff, FlickImage, FlickCore, FlickPhysics, FlickOutput
//   FlickReview   → FlickRender, FlickDiff, FlickImage, FlickCore, FlickOutput
//   FlickRender   → FlickCore, FlickImage, FlickOutput
//   FlickDiff     → FlickImage, FlickOutput (it knows nothing of scenarios or of the renderer)
//   FlickCore     → FlickPhysics, FlickOutput
//   FlickImage    → FlickOutput (the one bitmap type, PNG files, the one pixel limit)
//   FlickTrack    → FlickImage, FlickOutput (`flick track`: a screen recording measured frame by frame; no Cairo)
//   FlickPhysics, FlickOutput → nothing of Flick's. FlickOutput (Foundation only) holds safe output folders and
//   files, cancellation and the signals that raise it, the one engine of threads (Pipeline) and lock (Locked), the
//   one number formatter, the one reader of files someone else made (RegularFile) and the one pixel limit (PixelLimits).
// Cairo, librsvg, libspng, libdeflate and ISA-L are reached only through the system-library shims below; their
// module names carry the project's prefix so they cannot collide with another package's `CCairo`.

import Foundation

/// Whether a C library's header is installed, looked up where apt and Homebrew put headers.
func hasHeader(_ path: String) -> Bool {
    let prefixes = ["/usr/include", "/usr/local/include", "/opt/homebrew/include", "/opt/local/include"]
    return prefixes.contains { FileManager.default.fileExists(atPath: $0 + "/" + path) }
}

/// FLICK_DEFLATE=libspng at build time leaves both deflate libraries below out, even when they are installed.
let libspngOnly = ProcessInfo.processInfo.environment["FLICK_DEFLATE"] == "libspng"

/// Whether libdeflate's header is installed (Debian libdeflate-dev, Homebrew libdeflate). With it FlickImage
/// deflates PNG frames with libdeflate (`CFlickLibdeflate`) where igzip is not offered; without either, through
/// libspng alone (`#if canImport(CFlickLibdeflate)`).
let hasLibdeflate = !libspngOnly && hasHeader("libdeflate.h")

/// Whether ISA-L's headers are installed (Debian libisal-dev, Homebrew isa-l): igzip, running the code ISA-L chooses
/// for the CPU, deflates PNG frames (`CFlickDeflate`; docs/development.md).
let hasISAL = !libspngOnly && hasHeader("isa-l/igzip_lib.h")

let package = Package(
    name: "Flick",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "flick", targets: ["flick"]),
        .library(name: "FlickPhysics", targets: ["FlickPhysics"]),
        .library(name: "FlickCore", targets: ["FlickCore"]),
        .library(name: "FlickRender", targets: ["FlickRender"]),
        .library(name: "FlickImage", targets: ["FlickImage"]),
        .library(name: "FlickOutput", targets: ["FlickOutput"]),
        .library(name: "FlickDiff", targets: ["FlickDiff"]),
        .library(name: "FlickRunner", targets: ["FlickRunner"]),
        .library(name: "FlickTesting", targets: ["FlickTesting"]),
        .library(name: "FlickReview", targets: ["FlickReview"]),
        // swift-snapshot-testing strategies for a Scenario: .states(paths:within:), .frames(_:scale:), .motionPlot.
        .library(name: "FlickSnapshotTesting", targets: ["FlickSnapshotTesting"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/jpsim/Yams", from: "6.0.0"),
        // `flick serve`'s HTTP and WebSocket server: pure Swift concurrency on the system's sockets, no NIO
        // (README "Live review: flick serve" gives the build times that chose it). Only FlickServe links it.
        .package(url: "https://github.com/swhitty/FlyingFox", exact: "0.27.1"),
        // Only FlickSnapshotTesting links it (its SnapshotTesting library has no dependencies of its own): a clean
        // build of it adds about 8 s on 2 cores (README, "Tests in the stack you have").
        .package(url: "https://github.com/pointfreeco/swift-snapshot-testing", from: "1.19.0"),
    ],
    targets: [
        .systemLibrary(
            name: "CFlickCairo",
            pkgConfig: "cairo",
            providers: [.apt(["libcairo2-dev"]), .brew(["cairo"])]
        ),
        // librsvg-2.0.pc carries `-pthread`, which SwiftPM refuses with a warning on every build; the shim
        // declares the handful of entry points Flick calls and links the libraries by name instead.
        .systemLibrary(
            name: "CFlickRsvg",
            providers: [.apt(["librsvg2-dev"]), .brew(["librsvg"])]
        ),
        // libspng decodes PNG files, and encodes them in a build without libdeflate (pkg-config `spng`, Debian libspng-dev).
        .systemLibrary(
            name: "CFlickSpng",
            pkgConfig: "spng",
            providers: [.apt(["libspng-dev"]), .brew(["libspng"])]
        ),
        // libdeflate compresses PNG frames' image data where igzip is not offered (pkg-config `libdeflate`): faster
        // than zlib, smaller files; and gives the CRC-32.
        .systemLibrary(
            name: "CFlickLibdeflate",
            pkgConfig: "libdeflate",
            providers: [.apt(["libdeflate-dev"]), .brew(["libdeflate"])]
        ),
        // ISA-L's igzip deflates PNG image data several times faster than zlib (pkg-config `libisal`), called through
        // its public API only: the bytes may depend on the CPU (SSE, AVX2, AVX-512), the pixels never do.
        .systemLibrary(
            name: "CFlickDeflate",
            pkgConfig: "libisal",
            providers: [.apt(["libisal-dev"]), .brew(["isa-l"])]
        ),
        .target(name: "FlickPhysics"),
        // Safe writing (output folders and files committed whole or not at all, cancellation), the one engine of
        // threads (Pipeline, Parallel), the one lock (Locked) and the one number formatter; Foundation only, below
        // every other Flick module.
        .target(name: "FlickOutput"),
        .target(
            name: "FlickCore",
            dependencies: ["FlickPhysics", "FlickOutput", .product(name: "Yams", package: "Yams")]
        ),
        // Pixels packed into a PNG's RGB rows with SSSE3 (x86-64), for FlickImage's encoder.
        .target(name: "CFlickPixels"),
        // Bitmaps of straight RGBA8 pixels, PNG files (decoded by libspng, encoded by igzip, libdeflate or libspng),
        // and the one pixel limit.
        .target(name: "FlickImage", dependencies: ["FlickOutput", "CFlickSpng", "CFlickPixels"] + (hasLibdeflate ? ["CFlickLibdeflate"] : [])
                    + (hasISAL ? ["CFlickDeflate"] : [])),
        .target(
            name: "FlickRender",
            dependencies: ["FlickCore", "FlickImage", "FlickOutput", "CFlickCairo", "CFlickRsvg"]
        ),
        // Image comparison (pixelmatch's method) for `flick diff` and golden tests; needs no renderer
        // (Cairo and librsvg only rasterise SVG files).
        .target(name: "FlickDiff", dependencies: ["FlickImage", "FlickOutput", "CFlickCairo", "CFlickRsvg"]),
        // The test runner behind `flick check`, `flick test` and `flick fuzz`: expectations, invariants, golden
        // frames (render a scenario, compare with FlickDiff), states goldens (with FlickReview's plots), JUnit and
        // Markdown. It links no test framework, so neither does the `flick` binary.
        .target(
            name: "FlickRunner",
            dependencies: ["FlickPhysics", "FlickCore", "FlickOutput", "FlickImage", "FlickRender", "FlickDiff", "FlickReview",
                           .product(name: "Yams", package: "Yams")]
        ),
        // Golden-frame assertions for Swift Testing and XCTest test targets; re-exports FlickRunner.
        .target(name: "FlickTesting", dependencies: ["FlickRunner", "FlickCore", "FlickDiff"]),
        // Review outputs beside the frames: animated PNG, video through ffmpeg, contact sheet, motion plot.
        .target(
            name: "FlickReview",
            dependencies: ["FlickCore", "FlickDiff", "FlickImage", "FlickOutput", "FlickRender", "FlickTrack"],
            // The review page's script and style, embedded in the binary (no resource bundle to find at run time).
            resources: [.embedInCode("Resources/page.js"), .embedInCode("Resources/page.css")]
        ),
        // `flick track`: a screen recording's region measured frame by frame (ffmpeg decodes; no Cairo), pure and
        // testable on frames in memory.
        .target(name: "FlickTrack", dependencies: ["FlickImage", "FlickOutput"]),
        // `flick serve`: the review pages served live from 127.0.0.1, updated in place when a file changes.
        .target(
            name: "FlickServe",
            dependencies: ["FlickCore", "FlickRender", "FlickReview", "FlickRunner", .product(name: "FlyingFox", package: "FlyingFox"), .product(name: "FlyingSocks", package: "FlyingFox")],
            resources: [.embedInCode("Resources/serve.js"), .embedInCode("Resources/approve.js")]
        ),
        // swift-snapshot-testing strategies for a Flick Scenario (its states, frames and motion plot).
        .target(
            name: "FlickSnapshotTesting",
            dependencies: ["FlickCore", "FlickImage", "FlickRender", "FlickDiff", "FlickReview", "FlickRunner",
                           .product(name: "SnapshotTesting", package: "swift-snapshot-testing")]
        ),
        .executableTarget(
            name: "flick",
            dependencies: [
                "FlickCore", "FlickImage", "FlickOutput", "FlickRender", "FlickDiff", "FlickRunner", "FlickReview", "FlickServe",
                "FlickTrack", .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .testTarget(name: "FlickPhysicsTests", dependencies: ["FlickPhysics"]),
        .testTarget(name: "FlickOutputTests", dependencies: ["FlickOutput"]),
        .testTarget(name: "FlickCoreTests", dependencies: ["FlickCore"]),
        .testTarget(name: "FlickRenderTests", dependencies: ["FlickRender", "FlickCore", "FlickImage", "FlickOutput"]),
        // Fixtures/pixelmatch holds pixelmatch's own test images (ISC licence), read from the source tree.
        .testTarget(name: "FlickDiffTests", dependencies: ["FlickDiff", "FlickImage", "CFlickCairo"], exclude: ["Fixtures"]),
        .testTarget(name: "FlickTestingTests", dependencies: ["FlickTesting", "FlickRunner", "FlickCore", "FlickDiff", "FlickOutput"], exclude: ["__Goldens__"]),
        // Uses only the public API (no @testable): scenarios built in Swift, live input, golden frames by time.
        .testTarget(name: "FlickAPITests", dependencies: ["FlickCore", "FlickPhysics", "FlickTesting"],
                    exclude: ["__Goldens__"]),
        .testTarget(name: "FlickTrackTests", dependencies: ["FlickTrack", "FlickImage"]),
        .testTarget(name: "FlickReviewTests", dependencies: ["FlickReview", "FlickRender", "FlickCore", "FlickImage", "FlickDiff", "FlickOutput"]),
        .testTarget(name: "FlickServeTests", dependencies: ["FlickServe", "FlickCore", "FlickReview", "FlickImage"]),
        .testTarget(name: "FlickSnapshotTestingTests",
                    dependencies: ["FlickSnapshotTesting", "FlickRunner", "FlickCore", "FlickImage",
                                   .product(name: "SnapshotTesting", package: "swift-snapshot-testing")]),
        // End-to-end: runs the built `flick` on the files in Examples/ and reads its real output.
        .testTarget(name: "flickTests", dependencies: ["flick", "FlickDiff"]),
    ]
)
