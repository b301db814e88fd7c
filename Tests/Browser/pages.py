"""What the browser tests share: the two viewports, and a page opened from disk with every request outside its folder
blocked (test_review_page.py, test_review_reference.py)."""

from pathlib import Path

DESKTOP = {"width": 1280, "height": 900}
PHONE = {"width": 390, "height": 844}


class DiskPage:
    """A page opened from disk in `browser`: every request outside `allowed` (default: the page's folder) and every
    non-file request is aborted and recorded; console errors and uncaught exceptions are recorded."""

    def __init__(self, browser, path, viewport=DESKTOP, allowed=None, init_script=None):
        self.path = Path(path).resolve()
        self.allowed = [Path(a).resolve() for a in (allowed or [self.path.parent])]
        self.context = browser.new_context(viewport=viewport)
        if init_script:
            self.context.add_init_script(init_script)
        self.requests, self.outside, self.errors = [], [], []
        self.context.route("**/*", self._route)
        self.page = self.context.new_page()
        self.page.on("request", lambda r: self.requests.append(r.url))
        self.page.on("console", lambda m: self.errors.append(m.text) if m.type == "error" else None)
        self.page.on("pageerror", lambda e: self.errors.append(str(e)))
        self.page.goto(self.path.as_uri())

    def _route(self, route):
        url = route.request.url
        if url.startswith("file://") and any(url.startswith(a.as_uri()) for a in self.allowed):
            route.continue_()
        else:
            self.outside.append(url)
            route.abort()

    def check_clean(self, test):
        test.assertEqual(self.errors, [], "console errors")
        test.assertEqual(self.outside, [], "requests outside the page's folder")
        outside = [u for u in self.requests if not any(u.startswith(a.as_uri() + "/") for a in self.allowed)]
        test.assertTrue(self.requests, "the page loaded something")
        test.assertEqual(outside, [], "requests outside the page's folder")

    def close(self):
        self.context.close()
