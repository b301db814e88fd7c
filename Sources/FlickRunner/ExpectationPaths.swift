import FlickCore

/// The check of a scenario's expectation paths, run before its expectations: each path must name a value of the
/// kind its condition compares in the scene's first frame (the state document has no other schema). Decoding
/// runs no simulation, so this is where a wrong path is found; the message is the one a decoding error has
/// (`file:line:column: error: expect[0].sheet.detnt: no state has the path …`), and it makes the run an error
/// (exit status 2).
public enum ExpectationPaths {
    /// One diagnostic per expectation whose path names no value, or a value of the wrong kind, in file order.
    public static func diagnostics(_ scenario: Scenario) -> [ScenarioDiagnostic] {
        let goldenPaths = scenario.goldens?.states?.paths ?? []
        guard !scenario.expectations.isEmpty || !scenario.references.isEmpty || !goldenPaths.isEmpty else { return [] }
        let state = Simulation(scenario: scenario).state(at: 0)
        let expectations: [ScenarioDiagnostic] = scenario.expectations.compactMap { expectation in
            guard expectation.checksPath,
                  let problem = StatePath.problem(expectation.path, expectation.condition, in: state) else { return nil }
            return diagnostic(expectation.source, scenario, fallback: "expect[\(expectation.index)].\(expectation.path)", problem)
        }
        let references: [ScenarioDiagnostic] = scenario.references.compactMap { reference in
            guard let problem = StatePath.problem(reference.path, .near(0, within: 0), in: state) else { return nil }
            return diagnostic(reference.source, scenario, fallback: "reference[\(reference.index)].path", problem)
        }
        // A states golden compares numbers: a path must name one (or null, as a finger that is up).
        let sources = scenario.goldens?.states?.sources ?? []
        let goldens: [ScenarioDiagnostic] = goldenPaths.enumerated().compactMap { i, path in
            guard let problem = StatePath.problem(path, .near(0, within: 0), in: state) else { return nil }
            return diagnostic(sources.indices.contains(i) ? sources[i] : nil, scenario, fallback: "goldens.states[\(i)]", problem)
        }
        return references + expectations + goldens
    }

    private static func diagnostic(_ source: Expectation.Source?, _ scenario: Scenario, fallback: String,
                                   _ problem: String) -> ScenarioDiagnostic {
        ScenarioDiagnostic(file: source?.file ?? scenario.name, path: source?.path ?? fallback,
                           line: source?.line, column: source?.column, message: problem)
    }
}
