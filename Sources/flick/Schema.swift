import ArgumentParser
import FlickCore

struct Schema: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Print the JSON Schema of scenario files.",
        discussion: """
        The schema (JSON Schema draft 2020-12) comes from the decoder's own reads, so it names exactly the keys `flick validate` accepts. Editors that read YAML through yaml-language-server complete and check keys when a file starts with `# yaml-language-server: $schema=PATH` (the bundled examples point at docs/scenario.schema.json). --markdown prints the reference tables of docs/scenario-format.md instead.
        """
    )

    @Flag(help: "Print the key reference of docs/scenario-format.md instead of the JSON Schema.")
    var markdown = false

    func run() throws {
        print(markdown ? ScenarioSchema.markdown : ScenarioSchema.json, terminator: "")
    }
}
