package server

import (
	"errors"
	"fmt"
	"net/http"
	"strings"
	"unicode/utf8"

	"github.com/chess960/chess960/internal/quote"
)

// inputError is a request the server refuses: the HTTP status (4xx), the
// parameter it is about (or "" for the request as a whole) and the message,
// which names the input (quoted short) and the reason.
type inputError struct {
	status int
	param  string
	msg    string
	// retryAfter, in seconds, for 429 and 503.
	retryAfter int
}

func (e *inputError) Error() string { return e.msg }

// badParam is a 400 about one parameter: "param "value": reason".
func badParam(param, value string, format string, a ...any) *inputError {
	return &inputError{status: http.StatusBadRequest, param: param,
		msg: param + " " + quote.Input(value) + ": " + fmt.Sprintf(format, a...)}
}

// badInput wraps the error of a parser (which already quotes the input) as a
// 400 about param.
func badInput(param string, err error) *inputError {
	var ie *inputError
	if errors.As(err, &ie) {
		return ie
	}
	return &inputError{status: http.StatusBadRequest, param: param, msg: capMessage(oneLine(err.Error()))}
}

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

func missing(param, what string) *inputError {
	return &inputError{status: http.StatusBadRequest, param: param, msg: "missing " + param + ": want " + what}
}

func oneLine(s string) string { return strings.ReplaceAll(strings.TrimSpace(s), "\n", " ") }

// errorJSON is the body of every API error.
type errorJSON struct {
	Error  string `json:"error"`
	Param  string `json:"param,omitempty"`
	Status int    `json:"status"`
}
