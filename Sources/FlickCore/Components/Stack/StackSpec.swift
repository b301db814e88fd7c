import Foundation
import FlickPhysics

public struct StackChild: Sendable {
    public var height: Double
    public var component: Component

    public init(height: Double, _ component: Component) {
        self.height = height
        self.component = component
    }
}

/// A `stack`: children laid out top to bottom; the last one takes the rest of the height.
public struct StackSpec: Sendable {
    public var children: [StackChild]

    public init(children: [StackChild]) { self.children = children }
}
