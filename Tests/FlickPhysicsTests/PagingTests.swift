import Testing
@testable import FlickPhysics

/// Paging and snapping: docs/physics.md, "Reference vectors" (P1–P4, P6) with Flick's 50 pt/s threshold, and the
/// Codementor article "UICollectionView snap scrolling and pagination" (docs/physics.md, "Snapping").
@Suite struct PagingTests {
    static let pageWidth = 390.0

    @Test func velocityThresholdIsFlicks() {
        #expect(Paging.defaultVelocityThreshold == 50)
    }

    /// P1–P4, P6 (targets in points = page × 390). The reference used Flutter's 6.667 pt/s tolerance; the
    /// velocities here are well beyond Flick's 50 pt/s in the same direction, so the targets are the same.
    @Test(arguments: [
        ("P1", 500.0, 0.0, 390.0), ("P1", 500, 100, 780), ("P1", 500, -100, 390),
        ("P2", 300, -100, 0),
        ("P3", 584, 0, 390), ("P3: 1.5 pages", 585, 0, 780), ("P3: 2.5 pages, away from zero", 975, 0, 1170),
        ("P4", 585, -100, 390),
        ("P6: only one page", 1000, -3000, 780),
    ])
    func targetPage(row: String, offset: Double, velocity: Double, target: Double) {
        let page = Paging.targetPage(offset: offset, pageWidth: Self.pageWidth, velocity: velocity)
        #expect(Double(page) * Self.pageWidth == target, "\(row): page \(page)")
    }

    /// P4 and P5 exactly as the table gives them, with Flutter's tolerance (1/(0.05·3) = 6.667 pt/s) as the threshold.
    @Test(arguments: [(585.0, -7.0, 1), (100, 6, 0), (100, 7, 1)])
    func targetPageWithFluttersTolerance(offset: Double, velocity: Double, page: Int) {
        #expect(Paging.targetPage(offset: offset, pageWidth: Self.pageWidth, velocity: velocity,
                                  velocityThreshold: 20.0 / 3) == page)
    }

    /// Flick's threshold, 50 pt/s: 100 pt is page 0.26 and 350 pt is page 0.90.
    @Test(arguments: [(100.0, 40.0, 0), (100, 60, 1), (350, -40, 1), (350, -60, 0)])
    func velocityUnderTheThresholdIsIgnored(offset: Double, velocity: Double, page: Int) {
        #expect(Paging.targetPage(offset: offset, pageWidth: Self.pageWidth, velocity: velocity) == page)
    }

    /// Between pages, a release goes to the neighbouring page in its direction, however fast.
    @Test(arguments: [700.0, 800, 1000, 1170.5, 1559])
    func atMostOnePagePerRelease(offset: Double) {
        let page = offset / Self.pageWidth
        for speed in [60.0, 1000, 8000, 1e6] {
            #expect(Paging.targetPage(offset: offset, pageWidth: Self.pageWidth, velocity: speed)
                    == Int(page.rounded(.up)))
            #expect(Paging.targetPage(offset: offset, pageWidth: Self.pageWidth, velocity: -speed)
                    == Int(page.rounded(.down)))
        }
    }

    /// Exactly on a page, a backward release lands on a half (2 − 0.5 = 1.5) that rounds away from zero, back to the
    /// same page; a forward one (2.5) goes on to the next. This is the P3 rounding rule, as in Flutter.
    @Test func exactlyOnAPage() {
        #expect(Paging.targetPage(offset: 780, pageWidth: Self.pageWidth, velocity: -1000) == 2)
        #expect(Paging.targetPage(offset: 780, pageWidth: Self.pageWidth, velocity: 1000) == 3)
    }

    @Test func halvesRoundAwayFromZero() {
        #expect(Paging.targetPage(offset: 975, pageWidth: 390, velocity: 0) == 3)   // 2.5 → 3, not 2
        #expect(Paging.targetPage(offset: 195, pageWidth: 390, velocity: 0) == 1)   // 0.5 → 1, not 0
        #expect(Paging.targetPage(offset: -585, pageWidth: 390, velocity: 0) == -2) // −1.5 → −2
    }

    @Test func zeroPageWidthStaysOnPageZero() {
        #expect(Paging.targetPage(offset: 500, pageWidth: 0, velocity: 1000) == 0)
    }

    // MARK: The Codementor article (snap scrolling and pagination)

    /// `{snap: 0.3}`: moving forward, a page counts once 0.3 of it is covered.
    @Test(arguments: [(3.25, 3), (3.3, 4), (3.0, 3), (3.99, 4), (0.29, 0), (0.3, 1)])
    func snapForward(projectedPage: Double, page: Int) {
        #expect(Paging.snapPage(projectedPage: projectedPage, movingForward: true, snapPoint: 0.3) == page)
    }

    /// The same rule moving backward, mirrored: 0.3 of the previous page must be covered.
    @Test(arguments: [(3.75, 4), (3.7, 3), (4.0, 4), (3.01, 3)])
    func snapBackward(projectedPage: Double, page: Int) {
        #expect(Paging.snapPage(projectedPage: projectedPage, movingForward: false, snapPoint: 0.3) == page)
    }

    /// `{pagination: 0.1}`: forward 3.05 → 3, 3.1 → 4; backward 2.91 → 3, 2.89 → 2. At exactly 2.9 the article's
    /// rule, floor(2.9 + 0.1) = 3, stays on page 3.
    @Test(arguments: [(3.05, true, 3), (3.1, true, 4), (2.91, false, 3), (2.89, false, 2), (2.9, false, 3)])
    func pagination(currentPage: Double, movingForward: Bool, page: Int) {
        #expect(Paging.paginationPage(currentPage: currentPage, movingForward: movingForward, snapPoint: 0.1) == page)
    }
}
