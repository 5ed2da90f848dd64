package site

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strconv"
)

// ReadJSON decodes a body of at most max bytes strictly: no unknown
// fields, nothing after the value.
func ReadJSON(w http.ResponseWriter, r *http.Request, max int64, v any) *Error {
	dec := json.NewDecoder(http.MaxBytesReader(w, r.Body, max))
	dec.DisallowUnknownFields()
	err := dec.Decode(v)
	if err == nil && dec.More() {
		err = errors.New("more data after the JSON value")
	}
	if err == nil {
		if _, e := dec.Token(); e != io.EOF {
			err = errors.New("more data after the JSON value")
		}
	}
	var mb *http.MaxBytesError
	switch {
	case errors.As(err, &mb):
		return &Error{Status: http.StatusRequestEntityTooLarge, Code: CodeTooLarge, Msg: fmt.Sprintf("body too large: at most %d bytes", max)}
	case errors.Is(err, io.EOF):
		return &Error{Status: http.StatusBadRequest, Code: CodeMissing, Msg: "body: empty: want a JSON object"}
	case err != nil:
		return &Error{Status: http.StatusBadRequest, Code: CodeInvalid, Msg: "body: not the JSON this endpoint takes: " + CapMessage(err.Error())}
	}
	return nil
}

// WriteJSONStatus answers status with v as JSON (MarshalCLI), never cached.
func WriteJSONStatus(w http.ResponseWriter, status int, v any) {
	body := MarshalCLI(v)
	h := w.Header()
	h["Content-Type"] = JSONType()
	h.Set("Cache-Control", CacheNever)
	h.Set("Content-Length", strconv.Itoa(len(body)))
	w.WriteHeader(status)
	w.Write(body)
}
