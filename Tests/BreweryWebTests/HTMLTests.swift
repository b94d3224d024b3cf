import BreweryWeb
import Testing

@Suite struct HTMLTests {
    @Test func escapesEveryCharacterThatEndsTextOrAnAttribute() {
        #expect(
            HTML.escape(#"<script>alert("1" & '2')</script>"#)
                == "&lt;script&gt;alert(&quot;1&quot; &amp; &#39;2&#39;)&lt;/script&gt;")
        #expect(HTML.escape("Pünk IPA") == "Pünk IPA")
    }

    @Test func queryLeavesOutEmptyValuesAndEncodesTheRest() {
        #expect(HTML.query([("q", "fish & chips"), ("abv_gt", "")]) == "?q=fish%20%26%20chips")
        #expect(HTML.query([("a", "")]) == "")
    }
}
