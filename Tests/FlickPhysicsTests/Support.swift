import Testing

/// Expects `actual` to lie within `tolerance` of `expected`, and reports both numbers when it does not.
func expectClose(_ actual: Double, _ expected: Double, tolerance: Double, _ what: String = "",
                 sourceLocation: SourceLocation = #_sourceLocation) {
    #expect(abs(actual - expected) <= tolerance,
            "\(what) = \(actual), expected \(expected) ± \(tolerance)", sourceLocation: sourceLocation)
}
