import Foundation

// The texts each kind draws from the scenario, with their key paths: what `flick validate` checks the fonts have
// (docs/scenario-format.md, "Text in any language").

extension ListSpec {
    /// Its sections' titles, then its rows' text, each row named as its thumbnail is (`scene.list.rows.file (row 2)`).
    func texts(at path: String) -> [(text: String, keyPath: String)] {
        let titles: [(text: String, keyPath: String)] = self.sections.indices.map { (self.sections[$0].title, "\(path).sections[\($0)].title") }
        let rows = content.indices.flatMap { i -> [(text: String, keyPath: String)] in
            let row = content[i], keyPath = "\(path).rows.file (row \(i + 1))"
            return ([row.title] + [row.subtitle, row.trailing].compactMap { $0 }).map { (text: $0, keyPath: keyPath) }
        }
        return titles + rows
    }
}

extension PagerSpec {
    func texts(at path: String) -> [(text: String, keyPath: String)] {
        pages.indices.flatMap { i -> [(text: String, keyPath: String)] in
            let page = "\(path).pages[\(i)]"
            return [(text: pages[i].title, keyPath: page + ".title")] + (pages[i].content?.texts(at: page + ".content") ?? [])
        }
    }
}

extension CarouselSpec {
    func texts(at path: String) -> [(text: String, keyPath: String)] {
        cards.indices.flatMap { i -> [(text: String, keyPath: String)] in
            let card = "\(path).cards[\(i)]"
            return [(text: cards[i].title, keyPath: card + ".title")] + (cards[i].subtitle.map { [(text: $0, keyPath: card + ".subtitle")] } ?? [])
        }
    }
}

extension SheetSpec {
    func texts(at path: String) -> [(text: String, keyPath: String)] {
        var header: [(text: String, keyPath: String)] = []
        if let spec = self.header {
            header.append((spec.title, "\(path).header.title"))
            for i in spec.buttons.indices { header.append((spec.buttons[i], "\(path).header.buttons[\(i)]")) }
        }
        return header + content.texts(at: path + ".content")
    }
}

extension NavigationBarSpec {
    func texts(at path: String) -> [(text: String, keyPath: String)] {
        [(text: title, keyPath: path + ".title")] + content.texts(at: path + ".content")
    }
}

extension StackSpec {
    func texts(at path: String) -> [(text: String, keyPath: String)] {
        children.indices.flatMap { children[$0].component.texts(at: "\(path).children[\($0)]") }
    }
}
