import Foundation

extension ScenarioFormat {
    /// The keys of a list's `refresh` (docs/scenario-format.md, generated from these declarations).
    static var refresh: Value<RefreshSpec> {
        .object("refresh", "Pull to refresh (UIRefreshControl): a pull past the trigger distance refreshes; the space above the content is held until `refreshEnds`.") { m in
            let d = RefreshSpec()
            let ends = m.optional("refreshEnds", .number(.nonNegative.upTo(600)), "When the refresh ends (the app calls endRefreshing()), in seconds from the start. A refresh that begins after it never ends. Default: never.")
            let trigger = m.value("triggerDistance", .number(.length), default: d.triggerDistance, "How far the content's top must be pulled below the top of the visible area, in points, while the finger is down (Flutter's CupertinoSliverRefreshControl: 100).")
            let height = m.value("height", .number(.margin), default: d.height, "The space held open above the content while refreshing, in points (CupertinoSliverRefreshControl: 60); at most triggerDistance.")
            let endDuration = m.value("endDuration", .number(.nonNegative.upTo(10)), default: d.endDuration, "Seconds the held space takes to close after refreshEnds (MJRefresh: 0.4).")
            guard !m.failed, let trigger, let height, let endDuration else { return nil }
            if height > trigger {
                let message = "the held height \(say(height)) pt is more than the trigger distance \(say(trigger)) pt; a refresh cannot hold more than the pull that began it"
                if m.has("height") { m.fail("height", message) } else { m.fail(message) }
                return nil
            }
            return RefreshSpec(refreshEnds: ends, triggerDistance: trigger, height: height, endDuration: endDuration)
        }
    }
}
