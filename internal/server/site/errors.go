package site

import (
	"errors"
	"fmt"
	"net/http"
	"strings"
	"unicode/utf8"

	"github.com/chess960/chess960/internal/api"
	"github.com/chess960/chess960/internal/quote"
)

// Error is a request the app refuses: the HTTP status (4xx, or 5xx for
// the few failures of the server's own), the parameter it is about (or ""
// for the request as a whole), a stable code (api.Code's for the library's
// reasons, or one of the Code constants), and the message, which names the
// input (quoted short) and the reason.
type Error struct {
	Status   int
	Param    string
	Code     string
	Msg      string
	Problems []api.Problem
	// RetryAfter, in seconds, for 429 and 503.
	RetryAfter int
}

func (e *Error) Error() string { return e.Msg }

// The app's own error codes, beside api.Code's.
const (
	CodeInvalid    = "invalid"      // a parameter's value cannot be read
	CodeRange      = "range"        // a number out of its range
	CodeMissing    = "missing"      // a required parameter is absent
	CodeUnknown    = "unknownParam" // a parameter this endpoint does not take
	CodeRepeated   = "repeated"     // a parameter given twice
	CodeTooLong    = "tooLong"      // a value or a query over its size limit
	CodeTooLarge   = "tooLarge"     // a body over its size limit
	CodeBudget     = "budget"       // perft past the node budget
	CodeBusy       = "busy"         // too many expensive requests at once
	CodeNotFound   = "notFound"     // no such page
	CodeMethod     = "method"       // a method the page does not answer
	CodeClientGone = "clientGone"   // the client left before the answer
)

// BadParam is a 400 about one parameter: "param "value": reason".
func BadParam(param, value string, format string, a ...any) *Error {
	return &Error{Status: http.StatusBadRequest, Param: param, Code: CodeInvalid,
		Msg: param + " " + quote.Input(value) + ": " + fmt.Sprintf(format, a...)}
}

// WithCode sets the error's code.
func (e *Error) WithCode(code string) *Error {
	e.Code = code
	return e
}

// BadInput wraps the error of a parser (which already quotes the input) as
// a 400 about param, with the library's code and problems.
func BadInput(param string, err error) *Error {
	var ie *Error
	if errors.As(err, &ie) {
		return ie
	}
	e := api.NewError(err)
	return &Error{Status: http.StatusBadRequest, Param: param, Code: e.Code, Problems: e.Problems,
		Msg: CapMessage(e.Error)}
}

// Missing is a 400 about a required parameter that is absent.
func Missing(param, what string) *Error {
	return &Error{Status: http.StatusBadRequest, Param: param, Code: CodeMissing, Msg: "missing " + param + ": want " + what}
}

// OneLine joins the lines and runs of spaces of s into single spaces.
func OneLine(s string) string { return strings.Join(strings.Fields(s), " ") }

// maxMessage is the longest error message sent. Parsers quote at most about
// 100 bytes of their input; this is a safety net in case one does not.
const maxMessage = 1000

// CapMessage cuts a message past maxMessage bytes, at a rune's start.
func CapMessage(s string) string {
	if len(s) <= maxMessage {
		return s
	}
	cut := maxMessage
	for cut > 0 && !utf8.RuneStart(s[cut]) {
		cut--
	}
	return s[:cut] + "... (message cut)"
}

// Echo returns what a form shows back in its field: the input, unless it
// is too long to be anything but an attack.
func Echo(s string) string {
	if len(s) > 200 {
		return ""
	}
	return s
}

// QuotePath quotes a request path for a message.
func QuotePath(p string) string { return quote.Input(p) }

// ErrorJSON is the body of every API error: api.Error's message, code and
// problems (the command line's --json errors), the parameter and the
// status.
type ErrorJSON struct {
	Error    string        `json:"error"`
	Code     string        `json:"code"`
	Problems []api.Problem `json:"problems,omitempty"`
	Param    string        `json:"param,omitempty"`
	Status   int           `json:"status"`
}

// Busy is the 429 of a request past a concurrency limit.
func Busy() *Error {
	return &Error{Status: http.StatusTooManyRequests, RetryAfter: 1, Code: CodeBusy,
		Msg: "busy: the server is already running as many of these requests as it allows; retry in a second"}
}

// ClientGone is the answer (never read) to a request whose client left.
func ClientGone() *Error {
	return &Error{Status: 499, Code: CodeClientGone, Msg: "client went away"}
}
