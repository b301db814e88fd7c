/// Three `UIScrollView` bounces recorded on iOS devices, frame by frame at 60 Hz: test data (measurements), kept
/// exactly as published.
///
/// Source: LevisonNN/LNCustomScrollView, `LNCustomScrollView/Demo/BouncesOptimization/BouncesOptimizationDataList.m`
/// (commit 6f0a738, 2021; `loadList1`…`loadList3`). Its author logged `−contentOffset.y` of a `UICollectionView`
/// once per display frame while it was not tracking (`BouncesObservationViewController.m`); each value is in points,
/// and the file subtracts a baseline (`cutBaseLine:`), the content inset at which the view rests, to leave the
/// distance past the top edge. The repository carries no licence file; only the measured numbers are kept here,
/// cited, as facts to test against.
struct UIKitBounceRecording: Sendable {
    /// What the recording shows.
    var name: String
    /// The device's pixels per point, as the values' quantisation shows (thirds: 3x, halves: 2x).
    var scale: Double
    /// The baseline the source file subtracts (`cutBaseLine:`), in points.
    var baseline: Double
    /// `−contentOffset.y` at each display frame, in points, as logged.
    var values: [Double]

    /// The display frame interval of the recordings: 60 Hz.
    static let frameInterval = 1.0 / 60

    /// Seconds since the first recorded frame, one per value.
    var times: [Double] { values.indices.map { Double($0) * Self.frameInterval } }
    /// The distance past the top edge at each frame, in points (value − baseline).
    var overscroll: [Double] { values.map { $0 - baseline } }

    /// `loadList1`: a fling into the top edge on a 3x device (inset 88 pt).
    static let flingInto3x = UIKitBounceRecording(name: "fling into the edge, 3x", scale: 3, baseline: 88, values: [
            123.6666, 172.0000, 203.3333, 221.6666, 230.6666, 233.0000, 230.3333, 224.6666, 217.0000, 208.0000,
            198.6666, 189.0000, 179.3333, 170.3333, 161.6666, 153.6666, 146.0000, 139.3333, 133.3333, 128.0000,
            123.0000, 118.6666, 114.6666, 111.3333, 108.3333, 105.6666, 103.3333, 101.3333, 99.33333, 98.00000,
            96.66666, 95.33333, 94.33333, 93.33333, 92.66666, 92.00000, 91.33333, 91.00000, 90.66666, 90.33333,
            90.00000, 89.66666, 89.33333, 89.33333, 89.00000, 89.00000, 88.66666, 88.66666, 88.66666
    ])

    /// `loadList2`: a fling into the top edge on a 2x device (inset 64 pt).
    static let flingInto2x = UIKitBounceRecording(name: "fling into the edge, 2x", scale: 2, baseline: 64, values: [
            73.5, 101.5, 120, 131.5, 137, 139, 138.5, 136, 132.5, 128, 123, 118, 113, 108, 103.5, 99, 95.5, 91.5, 88.5,
            85.5, 83, 80.5, 78.5, 76.5, 75, 73.5, 72, 71, 70, 69.5, 68.5, 68, 67.5, 67, 66.5, 66, 66, 65.5, 65.5, 65,
            65, 65, 64.5, 64.5, 64.5
    ])

    /// `loadList3`: a release from a pull, 2x device (inset 64 pt).
    static let releaseFromPull2x = UIKitBounceRecording(name: "release from a pull, 2x", scale: 2, baseline: 64,
                                                        values: [
            457.5, 448.5, 431.5, 409.5, 384.5, 358.5, 332, 306.5, 282, 259, 237.5, 218, 200, 183.5, 169, 156, 144.5,
            134.5, 125, 117, 110, 104, 98.5, 94, 90, 86.5, 83.5, 80.5, 78.5, 76.5, 74.5, 73, 72, 70.5, 69.5, 69, 68,
            67.5, 67, 66.5, 66, 66, 65.5, 65.5, 65, 65, 65, 64.5, 64.5, 64.5
    ])

    static let all = [flingInto3x, flingInto2x, releaseFromPull2x]
}
