package webapp_test

import (
	"context"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
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

// galleryHTML runs chess960 gallery and returns the page it writes.
func galleryHTML(t *testing.T) string {
	t.Helper()
	out, err := exec.Command(command(t), "gallery").Output()
	if err != nil {
		t.Fatalf("chess960 gallery: %v", err)
	}
	return string(out)
}

func chromium(t *testing.T) context.Context { return browser.Start(t, 1280, 900) }

// TestGalleryInBrowser searches the HTML gallery as a reader would.
func TestGalleryInBrowser(t *testing.T) {
	ctx := chromium(t)
	page := galleryHTML(t)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		w.Write([]byte(page))
	}))
	defer srv.Close()
	if err := chromedp.Do(ctx, chromedp.Navigate(srv.URL), chromedp.WaitVisible(chromedp.CSS("#q"))); err != nil {
		t.Fatalf("chromium: %v", err)
	}
	for _, tc := range []struct {
		query string
		ids   string // the positions left visible, in order
		out   string
	}{
		{"518", "[518]", "1 of 960"},
		{"SP-518", "[518]", "1 of 960"},
		{"960", "[0]", "1 of 960"},
		{"0-3, 959", "[0 1 2 3 959]", "5 of 960"},
		{"F359", "[518]", "1 of 960"},
		{"rnbqkbnr", "[518]", "1 of 960"},
		{"BB??????", "[0 16 32 48 64 80 96 112 128 144 160 176 192 208 224 240 256 272 288 304 320 336 352 368 384 400 416 432 448 464 480 496 512 528 544 560 576 592 608 624 640 656 672 688 704 720 736 752 768 784 800 816 832 848 864 880 896 912 928 944]", "60 of 960"},
		{"hello", "[]", "not understood: try 518, 0-9, F359 or R?K??R??"},
		{"", "all", "960 positions"},
	} {
		// Type the query, as the input event a keyboard makes.
		if _, err := chromedp.Run(ctx, chromedp.Evaluate[bool](`(q => { q.value = `+strconv.Quote(tc.query)+
			`; return q.dispatchEvent(new Event('input')) })(document.getElementById('q'))`)); err != nil {
			t.Fatal(err)
		}
		ids, err := chromedp.Run(ctx, chromedp.Evaluate[[]int](
			`[...document.querySelectorAll('figure:not([hidden])')].map(f => +f.dataset.id)`))
		if err != nil {
			t.Fatal(err)
		}
		out, err := chromedp.Run(ctx, chromedp.Evaluate[string](`document.getElementById('n').textContent`))
		if err != nil {
			t.Fatal(err)
		}
		got := "[" + sprintInts(ids) + "]"
		if tc.ids == "all" {
			if len(ids) != 960 {
				t.Errorf("search %q: %d visible, want 960", tc.query, len(ids))
			}
		} else if got != tc.ids {
			t.Errorf("search %q: visible %s, want %s", tc.query, got, tc.ids)
		}
		if out != tc.out {
			t.Errorf("search %q: says %q, want %q", tc.query, out, tc.out)
		}
		sections, _ := chromedp.Run(ctx, chromedp.Evaluate[int](`document.querySelectorAll('section:not([hidden])').length`))
		if tc.query == "518" && sections != 1 {
			t.Errorf("search 518: %d groups shown, want 1", sections)
		}
	}
}

// TestGalleryPrint prints the gallery on A4 and on Letter: a title page,
// then one page per King's table group. It prints three groups of the same page (all 60 take
// Chromium a minute or more; every group has the same layout).
func TestGalleryPrint(t *testing.T) {
	ctx := chromium(t)
	// Groups 1 to 3 of the gallery (16-63).
	page := []byte(regexp.MustCompile(`(?s)<section id="k0".*?</section>\n|<section id="k(6[4-9]|[7-9]\d|\d{3})".*?</section>\n`).ReplaceAllString(galleryHTML(t), ""))
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		w.Write(page)
	}))
	defer srv.Close()
	if err := chromedp.Do(ctx, chromedp.Navigate(srv.URL), chromedp.WaitVisible(chromedp.CSS("#q"))); err != nil {
		t.Fatalf("chromium: %v", err)
	}
	// The page tree's root holds the largest /Count.
	pageCount := regexp.MustCompile(`/Count\s+(\d+)`)
	for _, paper := range []struct {
		name string
		size chromedp.PaperSize
	}{{"A4", chromedp.PaperA4}, {"Letter", chromedp.PaperLetter}} {
		pdf, err := chromedp.Run(ctx, chromedp.PrintToPDF(chromedp.PDFPaper(paper.size)))
		if err != nil {
			t.Fatalf("print on %s: %v", paper.name, err)
		}
		pages := 0
		for _, m := range pageCount.FindAllSubmatch(pdf, -1) {
			n, _ := strconv.Atoi(string(m[1]))
			pages = max(pages, n)
		}
		if pages != 4 {
			t.Errorf("printed on %s: %d pages, want 4 (the title page, then one per group)", paper.name, pages)
		}
		if dir := os.Getenv("DIAGRAM_SHOTS"); dir != "" {
			os.WriteFile(dir+"/gallery-"+paper.name+".pdf", pdf, 0o644)
		}
	}
}

func sprintInts(v []int) string {
	s := ""
	for i, x := range v {
		if i > 0 {
			s += " "
		}
		s += strconv.Itoa(x)
	}
	return s
}
