package webapp_test

import (
	"context"
	"flag"
	"fmt"
	"html"
	"io"
	"net/http"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/chromedp/chromedp"

	"github.com/chess960/chess960/e2e/internal/browser"
)

// command builds cmd/chess960 once, into a temporary directory, and
// returns its path.
func command(t *testing.T) string {
	t.Helper()
	commandBuild.Do(func() {
		dir, err := os.MkdirTemp("", "chess960-e2e")
		if err != nil {
			commandBuild.err = err
			return
		}
		commandBuild.path = filepath.Join(dir, "chess960")
		commandBuild.out, commandBuild.err = exec.Command("go", "build", "-o", commandBuild.path, "github.com/chess960/chess960/cmd/chess960").CombinedOutput()
	})
	if commandBuild.err != nil {
		t.Fatalf("building chess960: %v\n%s", commandBuild.err, commandBuild.out)
	}
	return commandBuild.path
}

var commandBuild struct {
	sync.Once
	path string
	out  []byte
	err  error
}

// TestMain makes the -screenshots directory when it is missing, and
// removes the command built for the tests.
func TestMain(m *testing.M) {
	flag.Parse()
	if *screenshots != "" {
		if err := os.MkdirAll(*screenshots, 0o755); err != nil {
			fmt.Fprintf(os.Stderr, "-screenshots %s: %v\n", *screenshots, err)
			os.Exit(2)
		}
	}
	code := m.Run()
	if commandBuild.path != "" {
		os.RemoveAll(filepath.Dir(commandBuild.path))
	}
	os.Exit(code)
}

// galleryFile writes the gallery with chess960 gallery -o into a
// temporary directory and returns its file:// address.
func galleryFile(t *testing.T) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "gallery.html")
	if out, err := exec.Command(command(t), "gallery", "-o", path).CombinedOutput(); err != nil {
		t.Fatalf("chess960 gallery -o %s: %v\n%s", path, err, out)
	}
	return "file://" + path
}

// galleryView is what a gallery shows for its filters: the positions
// shown, in order, the count, and the messages under the fields.
type galleryView struct {
	IDs                    []int
	Count                  string
	IDsError, PatternError string
}

func (v galleryView) String() string {
	ids := fmt.Sprint(v.IDs)
	if len(v.IDs) > 12 {
		ids = fmt.Sprintf("%d positions %v ... %v", len(v.IDs), v.IDs[:6], v.IDs[len(v.IDs)-6:])
	}
	return fmt.Sprintf("%s, %q, errors %q %q", ids, v.Count, v.IDsError, v.PatternError)
}

// pageView reads the view of the gallery in the tab.
func pageView(t *testing.T, c context.Context) galleryView {
	t.Helper()
	var v galleryView
	v.IDs = eval[[]int](t, c, `[...document.querySelectorAll('#gallery li:not([hidden]) > .thumb')].map(a => +a.dataset.id)`)
	v.Count = text(t, c, "#count")
	msg := func(id string) string {
		return eval[string](t, c, fmt.Sprintf(`(e => e.hidden ? "" : e.textContent)(document.getElementById(%q))`, id))
	}
	v.IDsError, v.PatternError = msg("f-ids-error"), msg("f-pattern-error")
	return v
}

// serverView asks the server for the gallery as the form sends it
// without JavaScript, and reads the view from the page.
func serverView(t *testing.T, base string, q url.Values) galleryView {
	t.Helper()
	r, err := http.Get(base + "/gallery?" + q.Encode())
	if err != nil {
		t.Fatal(err)
	}
	defer r.Body.Close()
	b, _ := io.ReadAll(r.Body)
	page := string(b)
	var v galleryView
	for _, m := range regexp.MustCompile(`<li( hidden)?><a class="thumb" href="/pos/(\d+)"`).FindAllStringSubmatch(page, -1) {
		if m[1] == "" {
			n, _ := strconv.Atoi(m[2])
			v.IDs = append(v.IDs, n)
		}
	}
	find := func(re string) string {
		if m := regexp.MustCompile(re).FindStringSubmatch(page); m != nil {
			return html.UnescapeString(m[1])
		}
		return ""
	}
	v.Count = find(`<p class="count wide" id="count" aria-live="polite">([^<]*)</p>`)
	v.IDsError = find(`<p class="error wide" id="f-ids-error" role="alert">([^<]*)</p>`)
	v.PatternError = find(`<p class="error wide" id="f-pattern-error" role="alert">([^<]*)</p>`)
	if want := map[bool]int{true: 400, false: 200}[v.IDsError != "" || v.PatternError != ""]; r.StatusCode != want {
		t.Errorf("/gallery?%s: status %d, want %d", q.Encode(), r.StatusCode, want)
	}
	return v
}

// TestGalleryFilters uses the filters of the gallery as a reader would, on
// the page the server serves and on the file chess960 gallery writes,
// opened from disk: each selects the positions it says, the count says how
// many, a list or pattern that does not read says why and filters nothing,
// and the server, asked by the form without JavaScript, answers the same.
func TestGalleryFilters(t *testing.T) {
	ctx, base := app(t)
	served := tab(t, ctx)
	run(t, served, chromedp.Navigate(base+"/gallery"), chromedp.WaitVisible(css("#f-ids")))
	file := tab(t, ctx)
	run(t, file, chromedp.Navigate(galleryFile(t)), chromedp.WaitVisible(css("#f-ids")))

	all := make([]int, 960) // 0..959
	for n := range all {
		all[n] = n
	}
	everyKing := func(file byte) []int { // the positions with the king on file, by rank
		var out []int
		for n := range 960 {
			if strings.IndexByte(chessRank(n), 'K') == int(file-'a') {
				out = append(out, n)
			}
		}
		return out
	}
	for _, tc := range []struct {
		fields map[string]string // field name -> value
		ids    []int
		count  string
		idsErr string
		patErr string
	}{
		{map[string]string{"ids": "518"}, []int{518}, "1 of 960 positions", "", ""},
		{map[string]string{"ids": "900-960"}, append([]int{0}, all[900:]...), "61 of 960 positions", "", ""},
		{map[string]string{"ids": "5-"}, all, "960 of 960 positions", `position list "5-": invalid syntax: a range needs a number after '-'`, ""},
		{map[string]string{"ids": "0-3, 959"}, []int{0, 1, 2, 3, 959}, "5 of 960 positions", "", ""},
		{map[string]string{"ids": "SP-518,#7,960"}, []int{0, 7, 518}, "3 of 960 positions", "", ""},
		{map[string]string{"ids": "0-959"}, all, "960 of 960 positions", "", ""},
		{map[string]string{"ids": "-5"}, all, "960 of 960 positions", `position list "-5": invalid syntax: a range needs a number before '-' (position numbers are not negative)`, ""},
		{map[string]string{"ids": "9-3"}, all, "960 of 960 positions", `position list "9-3": invalid syntax: the range goes downwards`, ""},
		{map[string]string{"ids": "1,,2"}, all, "960 of 960 positions", `position list "1,,2": invalid syntax: empty item: want numbers and ranges separated by commas, such as 518,0-9`, ""},
		{map[string]string{"ids": "1,  961"}, all, "960 of 960 positions", `position list "1, 961": out of range: item "961": must be 0..959 (960 is taken as 0)`, ""},
		{map[string]string{"ids": "0-1000"}, all, "960 of 960 positions", `position list "0-1000": out of range: range bound "1000" is not a number 0..960`, ""},
		{map[string]string{"ids": "hello"}, all, "960 of 960 positions", `position list "hello": invalid syntax: want a number such as 518`, ""},
		{map[string]string{"ids": "500-530", "king": "e", "light": "f", "dark": "c"}, []int{502, 518}, "2 of 960 positions", "", ""},
		{map[string]string{"king": "b"}, everyKing('b'), fmt.Sprintf("%d of 960 positions", len(everyKing('b'))), "", ""},
		{map[string]string{"ids": "0-40", "pattern": "bb"}, []int{0, 16, 32}, "3 of 960 positions", "", ""},
		{map[string]string{"pattern": "rnbqkbnr"}, []int{518}, "1 of 960 positions", "", ""},
		{map[string]string{"pattern": "R?K?X"}, all, "960 of 960 positions", "", `pattern "R?K?X": 'X' is not a piece letter (K Q R B N) or ? for any piece`},
		{map[string]string{"ids": "5-", "pattern": "RKRNNQBBR"}, all, "960 of 960 positions", `position list "5-": invalid syntax: a range needs a number after '-'`, `pattern "RKRNNQBBR": longer than the 8 squares of a rank`},
		{map[string]string{}, all, "960 of 960 positions", "", ""},
	} {
		want := galleryView{IDs: tc.ids, Count: tc.count, IDsError: tc.idsErr, PatternError: tc.patErr}
		q := url.Values{}
		for k, v := range tc.fields {
			q.Set(k, v)
		}
		for _, side := range []struct {
			name string
			c    context.Context
		}{{"served", served}, {"file", file}} {
			// Each field as a reader sets it: the events a keyboard or a
			// choice in a list makes.
			js := `(f => { for (const [k, v] of Object.entries(%s)) { const el = f.elements[k]; el.value = v; el.dispatchEvent(new Event(el.tagName === "SELECT" ? "change" : "input")); } })(document.getElementById("filters"))`
			fields := map[string]string{"ids": "", "king": "", "light": "", "dark": "", "balanced": "", "pattern": ""}
			for k, v := range tc.fields {
				fields[k] = v
			}
			eval[any](t, side.c, fmt.Sprintf(js, jsObject(fields)))
			if got := pageView(t, side.c); got.String() != want.String() {
				t.Errorf("%s page, %v:\n got %s\nwant %s", side.name, tc.fields, got, want)
			}
		}
		// The address keeps the filters: the query on the served page, the
		// fragment of the file.
		if got := eval[string](t, served, `location.search.slice(1)`); !sameQuery(got, q) {
			t.Errorf("served page, %v: address ?%s", tc.fields, got)
		}
		if got := eval[string](t, file, `location.hash.slice(1)`); !sameQuery(got, q) {
			t.Errorf("file, %v: address #%s", tc.fields, got)
		}
		if got := serverView(t, base, q); got.String() != want.String() {
			t.Errorf("the server, %v:\n got %s\nwant %s", tc.fields, got, want)
		}
	}
	// A file opened with filters in its address applies them; Reset clears
	// them.
	f2 := tab(t, ctx)
	run(t, f2, chromedp.Navigate(galleryFile(t)+"#ids=16-63&king=g"), chromedp.WaitVisible(css("#f-ids")))
	var want []int
	for n := 16; n <= 63; n++ {
		if strings.IndexByte(chessRank(n), 'K') == 6 {
			want = append(want, n)
		}
	}
	if got := pageView(t, f2); fmt.Sprint(got.IDs) != fmt.Sprint(want) || got.Count != fmt.Sprintf("%d of 960 positions", len(want)) {
		t.Errorf("file#ids=16-63&king=g: %s, want %v", got, want)
	}
	run(t, f2, chromedp.Click(css("#f-reset")))
	if got := pageView(t, f2); len(got.IDs) != 960 || eval[string](t, f2, `location.hash`) != "" {
		t.Errorf("after Reset: %s, address %q", got, eval[string](t, f2, `location.href`))
	}
	for _, c := range []context.Context{served, file} {
		for _, pr := range a11yProblems(t, c) {
			t.Errorf("the gallery: %s", pr)
		}
	}
}

// jsObject writes a map of strings as a JavaScript object.
func jsObject(m map[string]string) string {
	var parts []string
	for k, v := range m {
		parts = append(parts, strconv.Quote(k)+":"+strconv.Quote(v))
	}
	return "{" + strings.Join(parts, ",") + "}"
}

// sameQuery reports whether a query string holds the values of q, in any
// order.
func sameQuery(s string, q url.Values) bool {
	v, err := url.ParseQuery(s)
	return err == nil && v.Encode() == q.Encode()
}

// TestGalleryPrint prints the gallery file on A4 and on Letter: the page's
// head, then one page per King's table group. It prints three groups, as
// the filters in the address select them (all 60 take Chromium a minute or
// more; every group has the same layout).
func TestGalleryPrint(t *testing.T) {
	ctx := browser.Start(t, 1280, 900)
	run(t, ctx, chromedp.Navigate(galleryFile(t)+"#ids=16-63"), chromedp.WaitVisible(css("#f-ids")))
	waitFor(t, ctx, `document.getElementById('count').textContent === '48 of 960 positions'`, "groups 16-63")
	// The page tree's root holds the largest /Count.
	pageCount := regexp.MustCompile(`/Count\s+(\d+)`)
	for _, paper := range []struct {
		name string
		size chromedp.PaperSize
	}{{"A4", chromedp.PaperA4}, {"Letter", chromedp.PaperLetter}} {
		pdf := browser.Get(t, ctx, chromedp.PrintToPDF(chromedp.PDFPaper(paper.size)))
		pages := 0
		for _, m := range pageCount.FindAllSubmatch(pdf, -1) {
			n, _ := strconv.Atoi(string(m[1]))
			pages = max(pages, n)
		}
		if pages != 4 {
			t.Errorf("printed on %s: %d pages, want 4 (the page's head, then one per group)", paper.name, pages)
		}
		if *screenshots != "" {
			os.WriteFile(filepath.Join(*screenshots, "gallery-"+paper.name+".pdf"), pdf, 0o644)
		}
	}
}

// TestGalleryScreenshots saves the gallery file, opened from disk, at 360
// and 1280 px, light and dark (with -screenshots DIR).
func TestGalleryScreenshots(t *testing.T) {
	if *screenshots == "" {
		t.Skip("no -screenshots DIR")
	}
	ctx := browser.Start(t, 1280, 1000)
	shoot(t, ctx, "gallery-file", galleryFile(t)+"#ids=500-530&king=e", "", func(c context.Context) {
		run(t, c, chromedp.WaitVisible(css("#f-ids")))
	})
}
