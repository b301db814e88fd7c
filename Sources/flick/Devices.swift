import ArgumentParser
import FlickCore

struct Devices: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "List the device presets a scenario's viewport can name.",
        discussion: """
        `viewport: {device: iPhone 15 Pro}` takes the device's size in points, scale and safe area; keys given beside it (width, height, scale, safeArea) override them. Each device is listed in portrait and in landscape (`iPhone 15 Pro landscape`).
        """
    )

    func run() throws {
        let width = DevicePreset.all.map(\.name.count).max() ?? 0
        for device in DevicePreset.all {
            print(device.name.padding(toLength: width, withPad: " ", startingAt: 0) + "  " + device.summary)
        }
    }
}
