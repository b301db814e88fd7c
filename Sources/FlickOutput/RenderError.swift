/// An error from Cairo, librsvg, the PNG encoder or the file system, with the library's own words. It lives with
/// the safe writers (FlickOutput) because they throw it too; FlickRender re-exports it.
public struct RenderError: Error, CustomStringConvertible, Sendable {
    public var description: String
    public init(_ description: String) { self.description = description }
}
