import Foundation
import FlickPhysics

// The keys of the component (docs/scenario-format.md): they drive the decoder, the JSON Schema and the docs.
extension ScenarioFormat {
    func stack(_ m: Mapping, depth: Int) -> StackSpec? {
        let child = Value<StackChild>.object("stackChild", "A child of a stack: its height and one component (not a sheet).") { m in
            let height = m.required("height", .number(.length), "Points. The last child takes the rest of the stack's height, or this height when it is larger (it then runs past the stack's bottom).")
            let component = self.component(in: m, depth: depth + 1, allowSheet: false)
            guard let height, let component else { return nil }
            return StackChild(height: height, component)
        }
        return m.required("children", .list(of: child, minCount: 1), "Top to bottom.").map(StackSpec.init(children:))
    }
}
