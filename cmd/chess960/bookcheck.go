package main

import (
	"bufio"
	"compress/gzip"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/klauspost/compress/zstd"

	"github.com/chess960/chess960/internal/book"
)

// bookCheck runs "book check FILE...".
func bookCheck(e *env, files []string, expect string) error {
	if len(files) == 0 {
		return usagef("book check needs the books to check (FILE..., or - for stdin)")
	}
	ex, err := book.ParseExpect(expect)
	if err != nil {
		return usagef("--expect %v", err)
	}
	total, withProblems := 0, 0
	w := e.stdout
	for _, name := range files {
		r, done, err := openBook(e, name)
		if err != nil {
			return err
		}
		var werr error
		o := book.Options{Expect: ex, Report: func(p book.Problem) {
			if werr != nil {
				return
			}
			_, werr = io.WriteString(w, problemLine(name, p))
		}}
		if name != "-" {
			o.Reopen = func() (io.Reader, func(), error) { return openBook(e, name) }
		}
		sum, err := book.Check(r, o)
		done()
		if werr != nil {
			return &outputError{werr}
		}
		if err != nil {
			return fmt.Errorf("%s: %v", quoteArg(name), err)
		}
		if _, err := io.WriteString(w, checkSummary(name, sum)); err != nil {
			return &outputError{err}
		}
		total += sum.Problems
		if sum.Problems > 0 {
			withProblems++
		}
	}
	if total > 0 {
		return fmt.Errorf("%s in %d of %d %s", nCount(total, "problem"), withProblems, len(files), pluralWord(len(files), "book"))
	}
	return nil
}

func problemLine(name string, p book.Problem) string {
	var b strings.Builder
	b.WriteString(name)
	if p.Line > 0 {
		b.WriteByte(':')
		b.WriteString(strconv.Itoa(p.Line))
	}
	b.WriteString(": ")
	b.WriteString(p.Kind.String())
	b.WriteString(": ")
	b.WriteString(p.Msg)
	if p.Fix != "" {
		b.WriteString("; fix: ")
		b.WriteString(p.Fix)
	}
	b.WriteByte('\n')
	return b.String()
}

var expectNames = map[book.Expect]string{
	book.Positions: "positions", book.Starts: "start positions",
	book.All960: "the complete 960", book.AllDFRC: "all 921,600 DFRC starts",
}

func checkSummary(name string, s book.Summary) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s: %s, %s, checked as %s", name, s.Format, nCount(s.Entries, pick(s.Format == "PGN", "game", "position")), expectNames[s.Expect])
	if s.Why != "" {
		fmt.Fprintf(&b, " (%s)", s.Why)
	}
	fmt.Fprintf(&b, "; %d distinct", s.Distinct)
	if s.Starts > 0 {
		fmt.Fprintf(&b, ", %s", nCount(s.Starts, "start"))
	}
	switch {
	case s.XFEN > 0 && s.Shredder > 0:
		fmt.Fprintf(&b, "; castling: %d X-FEN, %d Shredder-FEN", s.XFEN, s.Shredder)
	case s.XFEN > 0:
		b.WriteString("; castling: X-FEN")
	case s.Shredder > 0:
		b.WriteString("; castling: Shredder-FEN")
	}
	if s.MovesSeen > 0 {
		fmt.Fprintf(&b, "; %s checked", nCount(s.MovesSeen, "move"))
	}
	if s.Problems == 0 {
		b.WriteString(": no problems\n")
		return b.String()
	}
	fmt.Fprintf(&b, ": %s (", nCount(s.Problems, "problem"))
	sep := ""
	for k := book.Kind(0); k < book.Kind(len(s.Counts)); k++ {
		if n := s.Counts[k]; n > 0 {
			fmt.Fprintf(&b, "%s%d %s", sep, n, k)
			sep = ", "
		}
	}
	b.WriteString(")")
	if s.Unlisted > 0 {
		fmt.Fprintf(&b, "; %d not listed", s.Unlisted)
	}
	b.WriteString("\n")
	return b.String()
}

func pick(c bool, a, b string) string {
	if c {
		return a
	}
	return b
}

// nCount writes "1 problem", "2 problems".
func nCount(n int, word string) string { return strconv.Itoa(n) + " " + pluralWord(n, word) }

func pluralWord(n int, word string) string { return plural(n, word, word+"s") }

// openBook opens a book file (- for stdin), undoing its compression.
func openBook(e *env, name string) (io.Reader, func(), error) {
	f, _, closeFile, err := openArg(e, name)
	if err != nil {
		return nil, nil, err
	}
	r, undo, err := decompress(f)
	if err != nil {
		closeFile()
		return nil, nil, fmt.Errorf("%s: %v", quoteArg(name), err)
	}
	return r, func() { undo(); closeFile() }, nil
}

// bookFix runs "book fix FILE".
func bookFix(e *env, args []string, castling string, dedupe, sorted bool, out string) error {
	if len(args) != 1 {
		return usagef("book fix takes one book (FILE, or - for stdin), have %d", len(args))
	}
	name := args[0]
	r, done, err := openBook(e, name)
	if err != nil {
		return err
	}
	defer done()
	w := io.Writer(e.stdout)
	var tmp *os.File
	var zw io.WriteCloser
	var bw *bufio.Writer
	if out != "" {
		dir := filepath.Dir(out)
		if tmp, err = os.CreateTemp(dir, "."+filepath.Base(out)+".*"); err != nil {
			return fmt.Errorf("-o %s: %v", quoteArg(out), errors.Unwrap(err))
		}
		defer func() {
			if tmp != nil {
				tmp.Close()
				os.Remove(tmp.Name())
			}
		}()
		bw = bufio.NewWriterSize(tmp, 1<<16)
		w = bw
		switch {
		case strings.HasSuffix(out, ".gz"):
			zw = gzip.NewWriter(bw)
			w = zw
		case strings.HasSuffix(out, ".zst"):
			z, err := zstd.NewWriter(bw, zstd.WithEncoderConcurrency(1))
			if err != nil {
				return fmt.Errorf("-o %s: %v", quoteArg(out), err)
			}
			zw, w = z, z
		}
	}
	sum, err := book.Fix(r, w, book.FixOptions{Castling: castling, Dedupe: dedupe, Sort: sorted, Report: func(c book.Change) {
		fmt.Fprintf(e.stderr, "%s:%d: %s\n", name, c.Line, c.What)
	}})
	if err != nil {
		if errors.Is(err, book.ErrRead) {
			return fmt.Errorf("%s: %v", quoteArg(name), err)
		}
		if out != "" {
			return fmt.Errorf("-o %s: %v", quoteArg(out), err)
		}
		return &outputError{err}
	}
	if out != "" {
		if zw != nil {
			if err := zw.Close(); err != nil {
				return fmt.Errorf("-o %s: %v", quoteArg(out), err)
			}
		}
		if err := bw.Flush(); err != nil {
			return fmt.Errorf("-o %s: %v", quoteArg(out), err)
		}
		if err := tmp.Close(); err != nil {
			return fmt.Errorf("-o %s: %v", quoteArg(out), err)
		}
		if err := os.Rename(tmp.Name(), out); err != nil {
			return fmt.Errorf("-o %s: %v", quoteArg(out), errors.Unwrap(err))
		}
		tmp = nil
	}
	var parts []string
	parts = append(parts, fmt.Sprintf("%d castling %s rewritten as %s", sum.Castling, pluralWord(sum.Castling, "field"), pick(castling == book.XFEN, "X-FEN", "Shredder-FEN")))
	if sum.Moves > 0 {
		parts = append(parts, fmt.Sprintf("%s as king takes rook", nCount(sum.Moves, "castling move")))
	}
	if dedupe {
		parts = append(parts, fmt.Sprintf("%s removed", nCount(sum.Removed, "duplicate")))
	}
	if sorted {
		parts = append(parts, "sorted")
	}
	if sum.Unfixed > 0 {
		parts = append(parts, fmt.Sprintf("%d left as they were (not repaired: run book check)", sum.Unfixed))
	}
	fmt.Fprintf(e.stderr, "chess960 book fix: %s: %s, %d written: %s\n", name, nCount(sum.Entries, pick(sum.Format == "PGN", "game", "position")), sum.Written, strings.Join(parts, ", "))
	return nil
}
