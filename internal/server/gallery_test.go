package server

import (
	"bytes"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// shownIDs returns the positions a gallery page shows (and does not hide),
// in order.
func shownIDs(page string) []int {
	var ids []int
	for _, m := range regexp.MustCompile(`<li( hidden)?><(?:a|figure) class="thumb"[^>]* data-id="(\d+)"`).FindAllStringSubmatch(page, -1) {
		if m[1] == "" {
			n, _ := strconv.Atoi(m[2])
			ids = append(ids, n)
		}
	}
	return ids
}

// span writes the numbers a..b.
func span(a, b int) []int {
	var out []int
	for n := a; n <= b; n++ {
		out = append(out, n)
	}
	return out
}

// TestGalleryFilters: the filters of /gallery, as the form sends them
// without JavaScript. A list of numbers reads as random --exclude reads
// it; one that does not read says why, with a 400, and filters nothing.
func TestGalleryFilters(t *testing.T) {
	s := testServer()
	for _, c := range []struct {
		query  string
		status int
		ids    []int
		says   string
	}{
		{"ids=518", 200, []int{518}, "1 of 960 positions"},
		{"ids=900-960", 200, append([]int{0}, span(900, 959)...), "61 of 960 positions"},
		{"ids=0-3,+959", 200, []int{0, 1, 2, 3, 959}, "5 of 960 positions"},
		{"ids=SP-518,%23959,960", 200, []int{0, 518, 959}, "3 of 960 positions"},
		{"ids=0-959", 200, span(0, 959), "960 of 960 positions"},
		// King on e, bishops on f1 and c1: of 500-530, RQBNKBNR and RNBQKBNR.
		{"ids=500-530&king=e&light=f&dark=c", 200, []int{502, 518}, "2 of 960 positions"},
		{"ids=0-20&pattern=BB", 200, []int{0, 16}, "2 of 960 positions"},
		{"ids=5-", 400, span(0, 959), `position list &#34;5-&#34;: invalid syntax: a range needs a number after &#39;-&#39;`},
		{"ids=9-3", 400, span(0, 959), "the range goes downwards"},
		{"ids=1,,2", 400, span(0, 959), "empty item"},
		{"ids=961", 400, span(0, 959), "out of range: must be 0..959 (960 is taken as 0)"},
		{"ids=5-x&king=e", 400, nil, `range bound &#34;x&#34; is not a number 0..960`},
		{"pattern=RKRX", 400, span(0, 959), `pattern &#34;RKRX&#34;: &#39;X&#39; is not a piece letter`},
		{"pattern=%C3%A9", 400, span(0, 959), `&#39;É&#39; is not a piece letter`},
	} {
		r := get(t, s, "GET", "/gallery?"+c.query, nil)
		b := readAll(t, r)
		if r.StatusCode != c.status || !strings.Contains(b, c.says) {
			t.Errorf("%s: %d, want %d saying %q", c.query, r.StatusCode, c.status, c.says)
			continue
		}
		if got := shownIDs(b); c.ids != nil && !equalInts(got, c.ids) {
			t.Errorf("%s: shows %d positions %v, want %v", c.query, len(got), got, c.ids)
		}
	}
}

func equalInts(a, b []int) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// TestGalleryFile: the file WriteGallery writes is the page /gallery
// serves: the same boards with the same data in the same groups, and the
// same filters, with the style sheet and the scripts in the page and the
// boards drawn in it.
func TestGalleryFile(t *testing.T) {
	s := testServer()
	var f bytes.Buffer
	if err := s.WriteGallery(&f); err != nil {
		t.Fatal(err)
	}
	file, served := f.String(), readAll(t, get(t, s, "GET", "/gallery", nil))
	for _, re := range []string{
		`data-id="\d+" data-rank="[A-Z]+" data-k="." data-l="." data-d="." data-cp="-?\d+"`,
		`<h2 class="group-head">.*?</h2>`,
		`<(?:input|select) id="[^"]+" name="[^"]+"`,
		`<option value="[^"]*"( selected)?>[^<]*</option>`,
		`<span class="t-meta">.*?</span> · F\d+</span>`,
	} {
		x := regexp.MustCompile(re)
		a, b := x.FindAllString(file, -1), x.FindAllString(served, -1)
		if len(a) == 0 || strings.Join(a, "\n") != strings.Join(b, "\n") {
			t.Errorf("%s: the file has %d, the served page %d, or they differ", re, len(a), len(b))
		}
	}
	// The served page's pairs checkbox, which the server lays out, is all
	// it has more.
	if strings.Contains(file, `name="pairs"`) || !strings.Contains(served, `name="pairs"`) {
		t.Error("the pairs checkbox: only on the served page")
	}
	if n := strings.Count(file, `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 800 800" class="c960-board`); n != 960 {
		t.Errorf("the file draws %d boards, want 960", n)
	}
	if n := strings.Count(served, `<img src="/diagram.svg?pos=`); n != 960 {
		t.Errorf("the served page has %d images of boards, want 960", n)
	}
	for _, name := range s.site.AssetNames() {
		if strings.HasSuffix(name, ".css") || name == "js/app.js" || name == "js/gallery.js" {
			if !strings.Contains(file, string(s.site.AssetBody(name))) {
				t.Errorf("the file lacks %s", name)
			}
		}
	}
}
