import FlickPhysics
import Foundation
import Testing
@testable import FlickCore

/// The keyboard over a list and its `keyboardDismissMode` (docs/states.md, "Keyboards"): an attachment in
/// `Components/Keyboard/`, its states, the event its state marks and its keys' errors.
@Suite struct KeyboardTests {
    static let scenarioFile = RunTests.root.appendingPathComponent("Tests/Scenarios/keyboard-dismiss.yaml")

    static func yaml(keyboard: String, drag: Bool = true) -> String {
        """
        viewport: {width: 390, height: 844}
        fps: 60
        duration: 1.2
        scene:
          list: {rows: 40, rowHeight: 72, keyboard: \(keyboard)}
        gestures:
        \(drag ? "  - {at: 0.5, drag: {from: [195, 400], to: [195, 250], duration: 0.3}}" : "  []")
        """
    }

    static func frames(_ yaml: String) throws -> [FrameState] {
        Simulation.frames(of: try ScenarioDecoder.decode(data: Data(yaml.utf8), file: "keyboard.yaml", defaultName: "keyboard"))
    }

    @Test("onDrag: up until the drag's first touch sample, down along easeInOut over 0.25 s, then down for good")
    func aDragSendsItDown() throws {
        let frames = Simulation.frames(of: try ScenarioDecoder.load(path: Self.scenarioFile.path))
        // Frame 30 (0.5 s): up, its top 844 − 336.
        let up = try #require(frames[30].keyboard("list"))
        #expect(up.phase == .shown && up.frame == Rect(x: 0, y: 508, width: 390, height: 336))
        // The drag's first move is at 0.508333 s (the touch sample after 0.5 s at 120 Hz): every frame from 0.516667 s
        // has it going down, top = 508 + 336 · easeInOut((t − 0.508333) / 0.25).
        let start = 0.5 + 1.0 / 120
        for i in 31...45 {
            let keyboard = try #require(frames[i].keyboard("list"))
            let expected = 508 + 336 * UnitBezier.easeInEaseOut.progress((frames[i].time - start) / 0.25)
            #expect(keyboard.phase == .hiding, "frame \(i)")
            #expect(abs(keyboard.frame.minY - expected) < 1e-6, "frame \(i): \(keyboard.frame.minY), expected \(expected)")
        }
        // Half its duration after the start (frame 38, 0.633333 s) it is half way: 676.
        #expect(abs((frames[38].keyboard("list")?.frame.minY ?? 0) - 676) < 1e-6)
        // From 0.758333 s it is down: the first frame after is 46 (0.766667 s), and it stays down.
        #expect(frames[46...].allSatisfy { $0.keyboard("list")?.phase == .hidden && $0.keyboard("list")?.frame.minY == 844 })
        #expect(frames[..<31].allSatisfy { $0.keyboard("list")?.phase == .shown })
    }

    @Test("none: the keyboard stays up through a drag; no drag, no dismissal")
    func noneKeepsItUp() throws {
        for frames in [try Self.frames(Self.yaml(keyboard: "{dismissMode: none}")),
                       try Self.frames(Self.yaml(keyboard: "{}", drag: false))] {
            #expect(frames.allSatisfy { $0.keyboard("list")?.phase == .shown && $0.keyboard("list")?.frame.minY == 508 })
        }
    }

    @Test("height and duration: a 260 pt keyboard down in 0.5 s; 0 s: down at the next frame")
    func heightAndDuration() throws {
        let slow = try Self.frames(Self.yaml(keyboard: "{height: 260, duration: 0.5}"))
        #expect(slow[30].keyboard("list")?.frame == Rect(x: 0, y: 584, width: 390, height: 260))
        // Half way 0.25 s after 0.508333: at 0.758333, between frames 45 and 46; frame 45 (0.75 s) is before it.
        let at45 = try #require(slow[45].keyboard("list"))
        let expected = 584 + 260 * UnitBezier.easeInEaseOut.progress((0.75 - (0.5 + 1.0 / 120)) / 0.5)
        #expect(abs(at45.frame.minY - expected) < 1e-6 && at45.phase == .hiding)
        let instant = try Self.frames(Self.yaml(keyboard: "{duration: 0}"))
        #expect(instant[30].keyboard("list")?.phase == .shown)
        #expect(instant[31].keyboard("list")?.phase == .hidden && instant[31].keyboard("list")?.frame.minY == 844)
    }

    @Test("its state marks one event, `keyboard`, at the first frame it is not up, through StateEventTracker")
    func itMarksOneEvent() throws {
        let frames = Simulation.frames(of: try ScenarioDecoder.load(path: Self.scenarioFile.path))
        var tracker = StateEventTracker()
        var marked: [(Int, StateEvent)] = []
        for frame in frames { marked += tracker.events(in: frame).map { (frame.index, $0) } }
        #expect(marked.map { "\($0.0) \($0.1.key) \($0.1.kind.name)" } == ["31 list keyboard"])
        #expect(FrameState.eventKinds.map(\.name) == ["refresh", "refreshed", "keyboard"])
        #expect(frames[38].reviewPhases == ["list.keyboard hiding"])
        // With `duration: 0` it skips `hiding`: still one event, where it is first down.
        var instant = StateEventTracker()
        let quick = try Self.frames(Self.yaml(keyboard: "{duration: 0}"))
        #expect(quick.flatMap { frame in instant.events(in: frame).map { "\(frame.index) \($0.kind.name)" } } == ["31 keyboard"])
    }

    static func explained(_ yaml: String) throws -> [Explanation] {
        var frames: [FrameState] = []
        Simulation(scenario: try ScenarioDecoder.decode(data: Data(yaml.utf8), file: "keyboard.yaml", defaultName: "keyboard"),
                   explains: true).run { frames.append($0) }
        return frames.flatMap(\.explanations)
    }

    @Test("--explain: one keyboard entry at the drag's first move, with the height, the duration and the frame it is gone")
    func explainsTheDismissal() throws {
        var frames: [FrameState] = []
        Simulation(scenario: try ScenarioDecoder.load(path: Self.scenarioFile.path), explains: true).run { frames.append($0) }
        let entries = frames.flatMap { frame in frame.explanations.filter { $0.event == .keyboard }.map { (frame.index, $0) } }
        #expect(entries.count == 1)
        let (index, e) = try #require(entries.first)
        // The touch sample at 0.5 + 1/120 s moves the list; frame 31 (0.516667 s) is the first after it. Down at
        // 0.508333 + 0.25 = 0.758333 s: frame 46 (0.766667 s) is the first hidden one.
        #expect(index == 31 && abs(e.time - 0.508333) < 1e-6 && e.component == "list" && e.rule == "uikit.keyboardDismissMode")
        #expect(e.chosen == "hiding" && e.position == nil && e.settles == nil)
        #expect(e.text == "0.51 s, list `list` dismisses its keyboard: a drag of the list began and its keyboardDismissMode is "
                + "onDrag (UIKit dismisses the keyboard when the scroll view begins dragging); the keyboard (336 pt) slides down "
                + "below the viewport over 0.25 s along easeInOut, gone at 0.77 s (frame 46)")
        #expect(frames[46].keyboard("list")?.phase == .hidden && frames[45].keyboard("list")?.phase == .hiding)
        // The entry goes to JSON and back, its event read by name.
        #expect(try Explanation(json: JSONField(e.json, path: "explain[0]")) == e)
    }

    @Test("--explain: none without onDrag; a keyboard still going down at the end, or gone at once, says so")
    func explainsEveryCase() throws {
        #expect(try Self.explained(Self.yaml(keyboard: "{dismissMode: none}")).allSatisfy { $0.event != .keyboard })
        let slow = try Self.explained(Self.yaml(keyboard: "{duration: 2, height: 200}")).filter { $0.event == .keyboard }
        #expect(slow.map(\.text) == ["0.51 s, list `list` dismisses its keyboard: a drag of the list began and its keyboardDismissMode "
            + "is onDrag (UIKit dismisses the keyboard when the scroll view begins dragging); the keyboard (200 pt) slides down "
            + "below the viewport over 2 s along easeInOut, still going down when the run ends (frame 72, 1.2 s)"])
        let instant = try Self.explained(Self.yaml(keyboard: "{duration: 0}")).filter { $0.event == .keyboard }
        #expect(instant.map(\.chosen) == ["hidden"])
        #expect(instant.first?.reason.hasSuffix("the keyboard (336 pt) is gone at once (a duration of 0 s)") == true)
        #expect(Explanation.Event.all.map(\.rawValue) == ["release", "tap", "drag", "refresh", "keyboard"])
        #expect(Explanation.Event(rawValue: "keyboard") == .keyboard && Explanation.Event(rawValue: "keyboards") == nil)
    }

    @Test("bad keys name the file, the key path and the problem")
    func badKeysAreNamed() {
        func scenario(_ keyboard: String) -> String {
            """
            viewport: {width: 390, height: 844}
            duration: 1
            scene:
              list: {rows: 30, rowHeight: 50, keyboard: \(keyboard)}
            """
        }
        expectDiagnostic(problem(scenario("{dismissMode: interactive}")), path: "scene.list.keyboard.dismissMode", line: 4, column: 59,
                         message: "expected one of none, onDrag, found interactive")
        expectDiagnostic(problem(scenario("{height: 0}")), path: "scene.list.keyboard.height", line: 4, column: 54,
                         message: "expected a number > 0, found 0")
        expectDiagnostic(problem(scenario("{duration: -1}")), path: "scene.list.keyboard.duration", line: 4, column: 56,
                         message: "expected a number ≥ 0, found -1")
        expectDiagnostic(problem(scenario("{heigth: 300}")), path: "scene.list.keyboard.heigth", line: 4, column: 46,
                         containing: ["unknown key \"heigth\" (did you mean \"height\"?)"])
    }
}
