package server

import (
	"errors"
	"fmt"
	"net/http"
	"strings"
	"unicode/utf8"

	"github.com/chess960/chess960/internal/api"
	"github.com/chess960/chess960/internal/quote"
)

// inputError is a request the server refuses: the HTTP status (4xx), the
// parameter it is about (or "" for the request as a whole), a stable code
// (api.Code's for the library's reasons, or one of the server's own), and
// the message, which names the input (quoted short) and the reason.
type inputError struct {
	status   int
	param    string
	code     string
	msg      string
	problems []api.Problem
	// retryAfter, in seconds, for 429.
	retryAfter int
}

func (e *inputError) Error() string { return e.msg }

// The server's own error codes, beside api.Code's.
const (
	codeInvalid    = "invalid"      // a parameter's value cannot be read
	codeRange      = "range"        // a number out of its range
	codeMissing    = "missing"      // a required parameter is absent
	codeUnknown    = "unknownParam" // a parameter this endpoint does not take
	codeRepeated   = "repeated"     // a parameter given twice
	codeTooLong    = "tooLong"      // a value or a query over its size limit
	codeTooLarge   = "tooLarge"     // a body over its size limit
	codeBudget     = "budget"       // perft past the node budget
	codeBusy       = "busy"         // too many expensive requests at once
	codeNotFound   = "notFound"     // no such page
	codeMethod     = "method"       // a method the page does not answer
	codeClientGone = "clientGone"   // the client left before the answer
)

// badParam is a 400 about one parameter: "param "value": reason".
func badParam(param, value string, format string, a ...any) *inputError {
	return &inputError{status: http.StatusBadRequest, param: param, code: codeInvalid,
		msg: param + " " + quote.Input(value) + ": " + fmt.Sprintf(format, a...)}
}

// withCode sets the error's code.
func (e *inputError) withCode(code string) *inputError {
	e.code = code
	return e
}

// badInput wraps the error of a parser (which already quotes the input) as a
// 400 about param, with the library's code and problems.
func badInput(param string, err error) *inputError {
	var ie *inputError
	if errors.As(err, &ie) {
		return ie
	}
	e := api.NewError(err)
	return &inputError{status: http.StatusBadRequest, param: param, code: e.Code, problems: e.Problems,
		msg: capMessage(e.Error)}
}

func missing(param, what string) *inputError {
	return &inputError{status: http.StatusBadRequest, param: param, code: codeMissing, msg: "missing " + param + ": want " + what}
}

func oneLine(s string) string { return strings.Join(strings.Fields(s), " ") }

// maxMessage is the longest error message sent. Parsers quote at most about
// 100 bytes of their input; this is a safety net in case one does not.
const maxMessage = 1000

func capMessage(s string) string {
	if len(s) <= maxMessage {
		return s
	}
	cut := maxMessage
	for cut > 0 && !utf8.RuneStart(s[cut]) {
		cut--
	}
	return s[:cut] + "... (message cut)"
}

// echo returns what a form shows back in its field: the input, unless it
// is too long to be anything but an attack.
func echo(s string) string {
	if len(s) > 200 {
		return ""
	}
	return s
}

// errorJSON is the body of every API error: api.Error's message, code and
// problems (the command line's --json errors), the parameter and the
// status.
type errorJSON struct {
	Error    string        `json:"error"`
	Code     string        `json:"code"`
	Problems []api.Problem `json:"problems,omitempty"`
	Param    string        `json:"param,omitempty"`
	Status   int           `json:"status"`
}
