import Foundation
import FlickPhysics

/// Runs a scenario: applies its input events at their exact times and samples the scene at t = i/fps.
///
/// Every motion between events is a closed form of time, so the state at an instant does not depend on the
/// frame rate it is sampled at: 60 and 120 fps agree at the instants they share.
public final class Simulation {
    public let scenario: Scenario
    let root: ComponentNode
    private let router = TouchRouter()
    private var context: LayoutContext
    private let events: [InputEvent]
    private var nextEvent = 0
    private var previousFrameTime: Double?
    private var nextFrameIndex = 0

    /// Events this close to a frame's time count as before it (touch samples and frames share instants).
    static let timeTolerance = 1e-9

    public init(scenario: Scenario) {
        self.scenario = scenario
        var settings = ScrollSettings()
        settings.decelerationRate = scenario.physics.decelerationRate
        settings.restThreshold = 0.5 / scenario.viewport.scale
        self.root = SceneBuilder(settings: settings).node(for: scenario.scene.root)
        self.context = LayoutContext(viewport: scenario.viewport.size, safeArea: scenario.viewport.safeArea)
        self.events = scenario.inputEvents
        layout(at: 0)
    }

    private func layout(at t: Double) {
        root.layout(frame: Rect(x: 0, y: 0, width: context.viewport.width, height: context.viewport.height),
                    context: context, at: t)
    }

    private func apply(_ event: InputEvent) {
        let t = event.time
        layout(at: t)
        switch event.kind {
        case .down(let p): router.down(p, at: t, root: root)
        case .move(let p): router.move(p, at: t)
        case .up(let p): router.up(p, at: t, root: root)
        case .resize(let size):
            context.viewport = size
            layout(at: t)
            root.viewportDidResize(at: t)
        }
        layout(at: t)
    }

    /// The next frame's state; frames come in order, 0 ..< scenario.frameCount.
    public func nextFrame() -> FrameState? {
        guard nextFrameIndex < scenario.frameCount else { return nil }
        let index = nextFrameIndex
        let t = scenario.time(ofFrame: index)
        while nextEvent < events.count, events[nextEvent].time <= t + Self.timeTolerance {
            apply(events[nextEvent])
            nextEvent += 1
        }
        layout(at: t)
        var state = FrameState(index: index, time: t, viewport: context.viewport)
        state.touch = router.touchState(at: t, previousFrame: previousFrameTime)
        root.snapshot(at: t, into: &state)
        previousFrameTime = t
        nextFrameIndex += 1
        return state
    }

    /// Runs the whole scenario, handing each frame to `body` as it is made (memory stays flat).
    public func run(_ body: (FrameState) throws -> Void) rethrows {
        while let frame = nextFrame() { try body(frame) }
    }

    /// All frames of `scenario`.
    public static func frames(of scenario: Scenario) -> [FrameState] {
        var frames: [FrameState] = []
        frames.reserveCapacity(scenario.frameCount)
        Simulation(scenario: scenario).run { frames.append($0) }
        return frames
    }
}

/// Builds the node tree of a scene.
struct SceneBuilder {
    let settings: ScrollSettings

    func node(for component: Component) -> ComponentNode {
        switch component {
        case .list(let spec): return ListNode(spec: spec, settings: settings)
        case .stack(let spec): return StackNode(children: spec.children.map { ($0.height, node(for: $0.component)) })
        case .sheet(let spec): return SheetNode(spec: spec, content: node(for: spec.content), settings: settings)
        case .pager(let spec): return PagerNode(spec: spec, settings: settings, builder: self)
        }
    }
}

