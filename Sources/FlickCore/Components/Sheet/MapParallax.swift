import FlickPhysics
import Foundation

/// The background map's parallax under a sheet (ClassPass).
public enum MapParallax {
    /// How far the map moves up for each point the sheet rises above its lowest detent.
    public static let factor = 0.3
}
