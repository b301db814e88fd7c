import FlickCore
import FlickDiff
// The goldens' types (GoldenRecordMode, GoldenFrameResult, …) come with these assertions.
@_exported import FlickRunner
import Foundation
import Testing
import XCTest

/// Where goldens live by default: `__Goldens__/<scenario file name>/` beside the test file.
func defaultGoldenDirectory(testFile: String, scenario: String) -> String {
    let name = URL(fileURLWithPath: scenario).deletingPathExtension().lastPathComponent
    return URL(fileURLWithPath: testFile).deletingLastPathComponent()
        .appendingPathComponent("__Goldens__").appendingPathComponent(name).path
}

/// Swift Testing: renders `frames` of `scenario` and records an issue for every frame that differs from its
/// golden (or was recorded), with the measured numbers and where the expected/actual/diff images are.
///
///     @Test func handOff() throws {
///         try expectGoldenFrames("Examples/sheet-handoff.yaml", frames: [0, 48, 120], scale: 1)
///     }
@discardableResult
public func expectGoldenFrames(_ scenario: String, frames: [Int], goldens: String? = nil, scale: Double? = nil,
                               options: DiffOptions = DiffOptions(maxDiffPixels: 0),
                               record: GoldenRecordMode = .fromEnvironment,
                               filePath: String = #filePath,
                               sourceLocation: SourceLocation = #_sourceLocation) throws -> [GoldenFrameResult] {
    let results = try GoldenFrames.verify(
        scenario: scenario, frames: frames,
        goldenDirectory: goldens ?? defaultGoldenDirectory(testFile: filePath, scenario: scenario),
        scale: scale, options: options, record: record)
    for message in results.compactMap(\.message) {
        Issue.record(Comment(rawValue: message), sourceLocation: sourceLocation)
    }
    return results
}

/// XCTest: the same check, failing with `XCTFail` at the call site.
@discardableResult
public func assertGoldenFrames(_ scenario: String, frames: [Int], goldens: String? = nil, scale: Double? = nil,
                               options: DiffOptions = DiffOptions(maxDiffPixels: 0),
                               record: GoldenRecordMode = .fromEnvironment,
                               file: StaticString = #filePath, line: UInt = #line) -> [GoldenFrameResult] {
    do {
        let results = try GoldenFrames.verify(
            scenario: scenario, frames: frames,
            goldenDirectory: goldens ?? defaultGoldenDirectory(testFile: "\(file)", scenario: scenario),
            scale: scale, options: options, record: record)
        for message in results.compactMap(\.message) { XCTFail(message, file: file, line: line) }
        return results
    } catch {
        XCTFail("\(error)", file: file, line: line)
        return []
    }
}

/// Swift Testing: renders `scenario` (built in Swift or decoded) at each of `times` (seconds) and records an issue
/// for every image that differs from its golden in `__Goldens__/<scenario name>/` beside the test file.
///
///     @Test func cardDismisses() throws {
///         try expectGoldenFrames(of: cardScenario, at: [0, 0.4, 1.2], scale: 1)
///     }
@discardableResult
public func expectGoldenFrames(of scenario: Scenario, at times: [Double], goldens: String? = nil,
                               iconFolders: [String] = [], scale: Double? = nil,
                               options: DiffOptions = DiffOptions(maxDiffPixels: 0),
                               record: GoldenRecordMode = .fromEnvironment,
                               filePath: String = #filePath,
                               sourceLocation: SourceLocation = #_sourceLocation) throws -> [GoldenFrameResult] {
    let results = try GoldenFrames.verify(
        scenario, at: times.map(GoldenInstant.time),
        goldenDirectory: goldens ?? defaultGoldenDirectory(testFile: filePath, scenario: scenario.name),
        iconFolders: iconFolders, scale: scale, options: options, record: record)
    for message in results.compactMap(\.message) {
        Issue.record(Comment(rawValue: message), sourceLocation: sourceLocation)
    }
    return results
}

/// XCTest: the same check for a scenario value and times, failing with `XCTFail` at the call site.
@discardableResult
public func assertGoldenFrames(of scenario: Scenario, at times: [Double], goldens: String? = nil,
                               iconFolders: [String] = [], scale: Double? = nil,
                               options: DiffOptions = DiffOptions(maxDiffPixels: 0),
                               record: GoldenRecordMode = .fromEnvironment,
                               file: StaticString = #filePath, line: UInt = #line) -> [GoldenFrameResult] {
    do {
        let results = try GoldenFrames.verify(
            scenario, at: times.map(GoldenInstant.time),
            goldenDirectory: goldens ?? defaultGoldenDirectory(testFile: "\(file)", scenario: scenario.name),
            iconFolders: iconFolders, scale: scale, options: options, record: record)
        for message in results.compactMap(\.message) { XCTFail(message, file: file, line: line) }
        return results
    } catch {
        XCTFail("\(error)", file: file, line: line)
        return []
    }
}
