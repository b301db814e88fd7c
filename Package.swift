// swift-tools-version: 6.0
import PackageDescription

// Data flows one way: FlickPhysics → FlickCore → FlickRender → flick. FlickImage (the one bitmap type and
// PNG files) is below both FlickRender and FlickDiff; FlickDiff stands aside: it reads images and
// knows nothing of scenarios or of the renderer.
// Cairo, librsvg, libspng and ISA-L are reached only through the system-library shims below; their
// module names carry the project's prefix so they cannot collide with another package's `CCairo`.

import Foundation

/// Whether ISA-L's headers are installed (Debian libisal-dev, Homebrew isa-l), looked up where apt and Homebrew
/// put them. Without them FlickImage is built without `CFlickDeflate` and writes PNGs through libspng alone
/// (`#if canImport(CFlickDeflate)`); FLICK_DEFLATE=libspng chooses that build even when they are installed.
let hasISAL: Bool = {
    if ProcessInfo.processInfo.environment["FLICK_DEFLATE"] == "libspng" { return false }
    let prefixes = ["/usr/include", "/usr/local/include", "/opt/homebrew/include", "/opt/local/include"]
    return prefixes.contains { FileManager.default.fileExists(atPath: $0 + "/isa-l/igzip_lib.h") }
}()

let package = Package(
    name: "Flick",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "flick", targets: ["flick"]),
        .library(name: "FlickPhysics", targets: ["FlickPhysics"]),
        .library(name: "FlickCore", targets: ["FlickCore"]),
        .library(name: "FlickRender", targets: ["FlickRender"]),
        .library(name: "FlickImage", targets: ["FlickImage"]),
        .library(name: "FlickDiff", targets: ["FlickDiff"]),
        .library(name: "FlickRunner", targets: ["FlickRunner"]),
        .library(name: "FlickTesting", targets: ["FlickTesting"]),
        .library(name: "FlickReview", targets: ["FlickReview"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/jpsim/Yams", from: "6.0.0"),
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
        // libspng decodes PNG files, and encodes them in a build without ISA-L (pkg-config `spng`, Debian libspng-dev).
        .systemLibrary(
            name: "CFlickSpng",
            pkgConfig: "spng",
            providers: [.apt(["libspng-dev"]), .brew(["libspng"])]
        ),
        // ISA-L's igzip deflates PNG image data several times faster than zlib (pkg-config `libisal`).
        .systemLibrary(
            name: "CFlickDeflate",
            pkgConfig: "libisal",
            providers: [.apt(["libisal-dev"]), .brew(["isa-l"])]
        ),
        .target(name: "FlickPhysics"),
        .target(
            name: "FlickCore",
            dependencies: ["FlickPhysics", .product(name: "Yams", package: "Yams")]
        ),
        // Bitmaps of straight RGBA8 pixels, PNG files (decoded by libspng, encoded by ISA-L's igzip or libspng),
        // and the one pixel limit.
        .target(name: "FlickImage", dependencies: ["CFlickSpng"] + (hasISAL ? ["CFlickDeflate"] : [])),
        .target(
            name: "FlickRender",
            dependencies: ["FlickCore", "FlickImage", "CFlickCairo", "CFlickRsvg"]
        ),
        // Image comparison (pixelmatch's method) for `flick diff` and golden tests; needs no renderer
        // (Cairo and librsvg only rasterise SVG files).
        .target(name: "FlickDiff", dependencies: ["FlickImage", "CFlickCairo", "CFlickRsvg"]),
        // The test runner behind `flick check`, `flick test` and `flick fuzz`: expectations, invariants, golden
        // frames (render a scenario, compare with FlickDiff), JUnit. It links no test framework, so neither does
        // the `flick` binary.
        .target(
            name: "FlickRunner",
            dependencies: ["FlickPhysics", "FlickCore", "FlickRender", "FlickDiff", .product(name: "Yams", package: "Yams")]
        ),
        // Golden-frame assertions for Swift Testing and XCTest test targets; re-exports FlickRunner.
        .target(name: "FlickTesting", dependencies: ["FlickRunner", "FlickCore", "FlickDiff"]),
        // Review outputs beside the frames: animated PNG, video through ffmpeg, contact sheet, motion plot.
        .target(name: "FlickReview", dependencies: ["FlickCore", "FlickImage", "FlickRender"]),
        .executableTarget(
            name: "flick",
            dependencies: [
                "FlickCore", "FlickRender", "FlickDiff", "FlickRunner", "FlickReview",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .testTarget(name: "FlickPhysicsTests", dependencies: ["FlickPhysics"]),
        .testTarget(name: "FlickCoreTests", dependencies: ["FlickCore"]),
        .testTarget(name: "FlickRenderTests", dependencies: ["FlickRender", "FlickCore", "FlickImage"]),
        // Fixtures/pixelmatch holds pixelmatch's own test images (ISC licence), read from the source tree.
        .testTarget(name: "FlickDiffTests", dependencies: ["FlickDiff", "FlickImage", "CFlickCairo"], exclude: ["Fixtures"]),
        .testTarget(name: "FlickTestingTests", dependencies: ["FlickTesting", "FlickRunner", "FlickCore", "FlickDiff"], exclude: ["__Goldens__"]),
        // Uses only the public API (no @testable): scenarios built in Swift, live input, golden frames by time.
        .testTarget(name: "FlickAPITests", dependencies: ["FlickCore", "FlickPhysics", "FlickTesting"],
                    exclude: ["__Goldens__"]),
        .testTarget(name: "FlickReviewTests", dependencies: ["FlickReview", "FlickRender", "FlickCore", "FlickImage"]),
        // End-to-end: runs the built `flick` on the files in Examples/ and reads its real output.
        .testTarget(name: "flickTests", dependencies: ["flick", "FlickDiff"]),
    ]
)
