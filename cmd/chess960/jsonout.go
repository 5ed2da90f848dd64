package main

import (
	"bytes"
	"encoding/json"
	"io"

	"github.com/chess960/chess960"
	"github.com/chess960/chess960/internal/api"
)

// writeJSON writes v as indented JSON, as every --json form prints it.
func writeJSON(w io.Writer, v any) error {
	b, err := json.MarshalIndent(v, "", "  ")
	if err != nil {
		return err
	}
	if _, err := w.Write(append(b, '\n')); err != nil {
		return &outputError{err}
	}
	return nil
}

// writeDrawJSON writes the draw head (api.NewDraw of the options, without
// positions) with the positions d draws for count draws, exactly as
// writeJSON would, but streamed: a large count needs no memory, and a
// failed write stops the drawing at once.
func writeDrawJSON(w io.Writer, draw api.Draw, d *chess960.Drawer, count int) error {
	head, err := json.MarshalIndent(draw, "", "  ")
	if err != nil {
		return err
	}
	// The head ends in `"positions": []` and the closing brace.
	head = bytes.TrimSuffix(head, []byte("[]\n}"))
	if _, err := w.Write(append(head, '[')); err != nil {
		return &outputError{err}
	}
	for i := 0; i < count; i++ {
		b, err := json.MarshalIndent(api.NewStartPosition(d.Next()), "    ", "  ")
		if err != nil {
			return err
		}
		sep := ",\n    "
		if i == 0 {
			sep = "\n    "
		}
		if _, err := io.WriteString(w, sep); err != nil {
			return &outputError{err}
		}
		if _, err := w.Write(b); err != nil {
			return &outputError{err}
		}
	}
	if _, err := io.WriteString(w, "\n  ]\n}\n"); err != nil {
		return &outputError{err}
	}
	return nil
}
