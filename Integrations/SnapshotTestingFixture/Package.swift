// swift-tools-version: 6.0
import Foundation
import PackageDescription

// A package outside Flick's own targets, as a team's app package would be: it depends on Flick by path and on
// swift-snapshot-testing, and snapshots a scenario with `assertSnapshot(of:as:)`. `.ci/run` builds and tests it.
//
// A path dependency is known by its folder's name, which is the clone's name (flick, Flick, a worktree's name):
// the manifest reads it rather than assuming one.
let flickRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("../..").standardizedFileURL
let flick = flickRoot.lastPathComponent

let package = Package(
    name: "SnapshotTestingFixture",
    platforms: [.macOS(.v13)],
    dependencies: [
        .package(path: flickRoot.path),
        .package(url: "https://github.com/pointfreeco/swift-snapshot-testing", from: "1.19.0"),
    ],
    targets: [
        .testTarget(
            name: "SheetSnapshotTests",
            dependencies: [
                .product(name: "FlickCore", package: flick),
                .product(name: "FlickSnapshotTesting", package: flick),
                .product(name: "SnapshotTesting", package: "swift-snapshot-testing"),
            ],
            exclude: ["__Snapshots__"]
        ),
    ]
)
