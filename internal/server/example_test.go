package server_test

import (
	"fmt"
	"io"
	"net/http/httptest"
	"strings"

	"github.com/chess960/chess960/internal/server"
)

// The server is an http.Handler: serve it with NewHTTPServer and Run, or
// put it behind anything that takes a handler.
func ExampleNew() {
	s := server.New(server.Config{})
	r := httptest.NewRequest("GET", "/api/positions/959", nil)
	w := httptest.NewRecorder()
	s.ServeHTTP(w, r)
	fmt.Println(w.Code, w.Header().Get("Content-Type"))
	fmt.Print(w.Body.String()[:53])
	// Output:
	// 200 application/json; charset=utf-8
	// {
	//   "id": 959,
	//   "fritz9": 928,
	//   "rank": "RKRNNQBB",
}

// Bad input gets a 4xx answer naming the input and the reason.
func ExampleNew_error() {
	s := server.New(server.Config{})
	w := httptest.NewRecorder()
	s.ServeHTTP(w, httptest.NewRequest("GET", "/api/moves?fen=RNBQBKNR", nil))
	b, _ := io.ReadAll(w.Body)
	fmt.Println(w.Code)
	fmt.Print(string(b))
	// Output:
	// 400
	// {
	//   "error": "rank \"RNBQBKNR\": bishops on squares of one colour: both bishops on dark squares",
	//   "code": "bishops",
	//   "param": "fen",
	//   "status": 400
	// }
}

// WriteGallery writes the /gallery page as one file, for reading from
// disk: all 960 boards drawn in it, the style sheet and the scripts in it.
func ExampleServer_WriteGallery() {
	var b strings.Builder
	if err := server.New(server.Config{}).WriteGallery(&b); err != nil {
		fmt.Println(err)
		return
	}
	page := b.String()
	fmt.Println(strings.Count(page, `<figure class="thumb"`), "boards")
	fmt.Println(strings.Contains(page, `id="sp518" data-id="518" data-rank="RNBQKBNR"`))
	fmt.Println(strings.Contains(page, "<link"), strings.Contains(page, "src="))
	// Output:
	// 960 boards
	// true
	// false false
}
