"""The web page of `brewery serve` in a real browser: Debian's chromium driven by
Playwright, accessibility checked by axe-core (axe-playwright-python).

Usage: web-check.py BREWERY CATALOGUE SCREENSHOT_DIR

Starts two servers on 127.0.0.1, each with its own temporary HOME: one on the real
catalogue (CATALOGUE, 325 beers), one on invented beers whose text is hostile HTML.
Each check prints one line; the first failure stops the run with exit 1.
"""
import json
import os
import re
import subprocess
import sys
import tempfile
import time
import urllib.request

from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import expect, sync_playwright

brewery, catalogue, shots = sys.argv[1], sys.argv[2], sys.argv[3]
os.makedirs(shots, exist_ok=True)
work = tempfile.mkdtemp(prefix="brewery-web-")

HOSTILE = [
    {"id": 1, "name": "<script>alert(1)</script>", "tagline": "Bold <b>test</b>.", "first_brewed": "01/2020",
     "description": "Invented <img src=x onerror=alert(2)> & \"quoted\"", "abv": 5.0, "ibu": 30, "ebc": 20,
     "food_pairing": ["<i>tacos</i>"], "brewers_tips": "<script>alert(3)</script>", "contributed_by": "A test"},
    {"id": 2, "name": "Plain Test Lager", "tagline": "Crisp.", "first_brewed": "2019", "description": "A lager.",
     "abv": 4.5, "ibu": 20, "ebc": 8, "food_pairing": ["fish tacos"]},
]


def serve(path, name):
    home = os.path.join(work, name)
    os.makedirs(home)
    env = dict(os.environ, HOME=home, XDG_DATA_HOME=home + "/data", XDG_CACHE_HOME=home + "/cache",
               XDG_STATE_HOME=home + "/state", BREWERY_NO_SNAPSHOT="1")
    env.pop("BREWERY_TASTE", None)
    p = subprocess.Popen([brewery, "serve", "--catalogue", path, "--port", "0", "--quiet"], env=env,
                         stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    line = p.stdout.readline()
    m = re.search(r"http://127\.0\.0\.1:\d+", line)
    if not m:
        sys.exit(f"web: brewery serve did not start: {line} {p.stderr.read()}")
    return p, m.group(0)


def check(ok, what):
    if not ok:
        print(f"web: FAILED: {what}", flush=True)
        raise SystemExit(1)
    print(f"web: ok: {what}", flush=True)


def get_json(url):
    with urllib.request.urlopen(url) as r:
        return json.load(r)


hostile_path = os.path.join(work, "hostile.json")
with open(hostile_path, "w") as f:
    json.dump(HOSTILE, f)
real, base = serve(catalogue, "real")
fixture, other = serve(hostile_path, "hostile")
problems = []
try:
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path="/usr/bin/chromium", headless=True,
                                     args=["--no-sandbox", "--disable-gpu"])
        context = browser.new_context(viewport={"width": 1280, "height": 900})
        page = context.new_page()
        page.on("console", lambda m: problems.append(f"console {m.type}: {m.text}") if m.type == "error" else None)
        page.on("pageerror", lambda e: problems.append(f"page error: {e}"))
        page.on("response", lambda r: problems.append(f"{r.status} for {r.url}") if r.status >= 400 else None)
        page.on("dialog", lambda d: (problems.append(f"dialog: {d.message}"), d.dismiss()))
        axe = Axe()

        def accessible(name):
            result = axe.run(page)
            bad = [v for v in result.response["violations"] if v.get("impact") in ("serious", "critical")]
            check(not bad, f"{name}: axe finds no serious or critical violation"
                  + ("" if not bad else ": " + "; ".join(f"{v['id']} ({v['impact']}): {v['help']}" for v in bad)))

        def shot(name):
            page.screenshot(path=os.path.join(shots, name + ".png"), full_page=False)

        # The grid: 25 beers, then pages 2 and 3 as one scrolls, no beer twice.
        response = page.goto(base + "/")
        csp = response.headers.get("content-security-policy", "")
        check("script-src 'self'" in csp and "unsafe-inline" not in csp, "the page's policy allows only its own script")
        weight = len(response.body()) + sum(
            len(urllib.request.urlopen(base + p).read()) for p in ("/static/app.js", "/static/app.css"))
        check(weight <= 150_000, f"the first page weighs {weight} bytes with its script and stylesheet (at most 150 KB)")
        cards = page.locator("#grid > li.card")
        check(cards.count() == 25, "the grid shows 25 beers")
        shot("catalogue")
        accessible("catalogue")
        for expected in (50, 75):
            page.locator("#more").scroll_into_view_if_needed()
            expect(cards).to_have_count(expected, timeout=10_000)
        ids = cards.evaluate_all("cs => cs.map(c => c.dataset.id)")
        check(len(ids) == 75 and len(set(ids)) == 75, "scrolling loads pages 2 and 3, no beer twice")
        first_75 = [str(b["id"]) for p in (1, 2, 3) for b in get_json(f"{base}/v2/beers?page={p}")]
        check(ids == first_75, "the grid's beers are /v2/beers pages 1 to 3, in order")

        # A filter narrows the grid.
        page.goto(base + "/")
        page.fill("input[name=abv_gt]", "10")
        page.select_option("select[name=sort]", "-abv")
        page.click("#filters button[type=submit]")
        page.wait_for_url(re.compile(r"abv_gt=10"))
        check("ibu_gt" not in page.url, "an empty filter field is left out of the address")
        numbers = page.locator("#grid .numbers").all_inner_texts()
        abvs = [float(re.match(r"([\d.]+)%", n).group(1)) for n in numbers]
        check(abvs and all(a > 10 for a in abvs) and abvs == sorted(abvs, reverse=True),
              f"abv above 10, strongest first: {len(abvs)} beers, {abvs[:3]}…")
        expected = len(get_json(f"{base}/v2/beers?abv_gt=10&per_page=80"))
        check(len(abvs) == min(expected, 25), "the filtered grid has the beers /v2/beers?abv_gt=10 has")
        shot("catalogue-filtered")

        # Search as one types, typos forgiven; the search is kept and offered again.
        page.goto(base + "/")
        page.locator("#search").press_sequentially("pnuk ipa", delay=30)
        results = page.locator("#search-results li a")
        expect(results.first).to_be_visible(timeout=10_000)
        names = results.all_inner_texts()
        check(any(n.startswith("Punk IPA") for n in names), f"typing 'pnuk ipa' finds Punk IPA: {names[:3]}")
        page.locator("#search").press("Enter")
        page.wait_for_url(re.compile(r"q=pnuk"))
        check(page.locator("#search-results li a").count() > 0, "the search form answers without the script too")
        recent = page.locator("#recent-searches option").evaluate_all("os => os.map(o => o.value)")
        check("pnuk ipa" in recent, "the last searches are offered again")

        # A beer's page: recipe, scaling, units, beers like it.
        page.goto(base + "/beers/192")
        check(page.locator("h1").inner_text().startswith("Punk IPA 2007"), "/beers/192 is Punk IPA 2007 - 2010")
        malt = page.locator("table.malts tbody tr").first.locator("td").nth(1).inner_text()
        check(re.match(r"[\d.]+ kg", malt) is not None, f"the recipe lists malts by weight ({malt})")
        check(page.locator("section.like li").count() > 0, "beers like it are listed with reasons")
        shot("beer")
        accessible("beer")
        page.fill("input[name=batch]", "40l")
        page.click("form.scale button")
        page.wait_for_url(re.compile(r"batch=40l"))
        scaled = page.locator("table.malts tbody tr").first.locator("td").nth(1).inner_text()
        ratio = float(scaled.split()[0]) / float(malt.split()[0])
        check(abs(ratio - 2) < 0.05, f"scaling 20 l to 40 l doubles the malt: {malt} → {scaled}")
        page.select_option("select[name=units]", "us")
        page.click("form.scale button")
        page.wait_for_url(re.compile(r"units=us"))
        check(" lb" in page.locator("table.malts").inner_text(), "US units weigh malt in pounds")
        shot("beer-scaled-us")

        # Rating from the page, then For you.
        page.goto(base + "/beers/192")
        page.check("#rate input[value='4.5']")
        page.click("#rate button[type=submit]")
        expect(page.locator("#rate-status")).to_contain_text("Rated", timeout=10_000)
        check(get_json(base + "/v2/ratings/192")["score"] == 4.5, "the stars saved a rating of 4.5")
        page.check("#rate input[value='5']")
        page.click("#rate button[type=submit]")
        expect(page.locator("#rate-status")).to_contain_text("★5", timeout=10_000)
        check(get_json(base + "/v2/ratings/192")["score"] == 5, "the stars saved a rating of 5")
        page.click("#wish")
        expect(page.locator("#wish")).to_have_attribute("aria-pressed", "true", timeout=10_000)
        page.click("#cellar-add")
        page.click("#cellar-add")
        expect(page.locator("#bottles")).to_have_text("2", timeout=10_000)
        page.click("#cellar-drink")
        expect(page.locator("#bottles")).to_have_text("1", timeout=10_000)
        check(get_json(base + "/v2/wishlist/192")["beer"]["id"] == 192 and get_json(base + "/v2/cellar/192")["count"] == 1,
              "the wishlist button and the cellar's bottles are saved")
        page.goto(base + "/me")
        check("Punk IPA" in page.locator("table.ratings").inner_text(), "For you lists the rating")
        check("Punk IPA" in page.locator("#wishlist + ul").inner_text() and "Punk IPA" in page.locator("table.cellar").inner_text(),
              "For you lists the wishlist and the cellar")
        check(page.locator("ol.ranked li").count() > 0, "For you recommends beers")
        shot("for-you")
        accessible("for-you")

        # Food.
        page.goto(base + "/food")
        page.fill("#dish", "tacos")
        page.press("#dish", "Enter")
        page.wait_for_url(re.compile(r"q=tacos"))
        rows = page.locator("ol.ranked > li")
        check(rows.count() >= 5, f"food ranks beers for tacos ({rows.count()})")
        check("taco" in rows.first.locator(".pairing").inner_text().lower(), "the first shows the pairing that matched")
        shot("food")
        accessible("food")

        # The map: every beer a point; hovering names it; a click opens it; a filter marks its beers.
        page.goto(base + "/map")
        points = page.locator("#map a.point")
        placed = get_json(base + "/v2/map")["placed"]
        expect(points).to_have_count(placed, timeout=10_000)
        check(placed == 325, f"the map draws {placed} points")
        title = points.first.locator("title").text_content()
        check("abv" in title.lower(), f"a point's title names its beer ({title})")
        shot("map")
        accessible("map")
        points.nth(100).click(force=True)
        page.wait_for_url(re.compile(r"/beers/\d+$"))
        check(True, f"clicking a point opens {page.url}")
        page.goto(base + "/map?hops=citra")
        expect(page.locator("#map a.point").first).to_be_attached(timeout=10_000)
        marked = page.locator("#map a.point:not(.dim)").count()
        matching = get_json(base + "/v2/map?hops=citra")["matching"]
        check(marked == matching and 0 < marked < 325, f"the hops filter marks its {marked} beers on the map")
        shot("map-filtered")

        # The keyboard alone: skip link, search, and a map point opened with Enter.
        page.goto(base + "/")
        page.keyboard.press("Tab")
        check(page.evaluate("document.activeElement.className") == "skip", "Tab first reaches 'Skip to content'")
        page.goto(base + "/map")
        expect(page.locator("#map a.point").first).to_be_attached(timeout=10_000)
        page.locator(".skip-map").focus()
        page.keyboard.press("Enter")
        check(page.evaluate("document.activeElement.id") == "map-caption", "'Skip past the map' jumps over its points")
        page.locator("#map a.point").first.focus()
        page.keyboard.press("Enter")
        page.wait_for_url(re.compile(r"/beers/\d+$"))
        check(True, "a map point opens with Enter")

        # Hostile text shows as text and runs nothing; another origin's page cannot write.
        page.goto(other + "/")
        check(page.locator("#grid .name").first.inner_text() == "<script>alert(1)</script>",
              "a beer named <script>alert(1)</script> shows as text")
        page.goto(other + "/beers/1")
        check("<img src=x onerror=alert(2)>" in page.locator("article").inner_text(), "its description shows as text")
        page.wait_for_timeout(300)
        status = page.evaluate(
            """async url => { try { const r = await fetch(url, {method: "PUT"}); return r.status; }
                              catch (e) { return "blocked"; } }""",
            base + "/v2/ratings/192?score=1")
        check(get_json(base + "/v2/ratings/192")["score"] == 5, f"a page of another origin cannot change a rating ({status})")
        # The refused cross-origin write is the one error expected.
        problems[:] = [p for p in problems if "/v2/ratings/192" not in p and "CORS" not in p and "Failed to load" not in p]

        check(not problems, "no console errors" + ("" if not problems else ": " + "; ".join(problems[:5])))
        browser.close()
finally:
    for p in (real, fixture):
        p.terminate()
        p.wait()
print("web: all checks passed; screenshots in " + shots)
