import FlickCore

/// The check of a scenario's expectation paths, run before its expectations: each path must name a value of the
/// kind its condition compares in the scene's first frame (the state document has no other schema). Decoding
/// runs no simulation, so this is where a wrong path is found; the message is the one a decoding error has
/// (`file:line:column: error: expect[0].sheet.detnt: no state has the path …`), and it makes the run an error
/// (exit status 2).
public enum ExpectationPaths {
    /// One diagnostic per expectation whose path names no value, or a value of the wrong kind, in file order.
    public static func diagnostics(_ scenario: Scenario) -> [ScenarioDiagnostic] {
        guard !scenario.expectations.isEmpty else { return [] }
        let state = Simulation(scenario: scenario).state(at: 0)
        return scenario.expectations.compactMap { expectation in
            guard let problem = StatePath.problem(expectation.path, expectation.condition, in: state) else { return nil }
            let source = expectation.source
            return ScenarioDiagnostic(file: source?.file ?? scenario.name,
                                      path: source?.path ?? "expect[\(expectation.index)].\(expectation.path)",
                                      line: source?.line, column: source?.column, message: problem)
        }
    }
}
