module github.com/chess960/chess960

go 1.26.0

require (
	github.com/klauspost/compress v1.20.4
	golang.org/x/image v0.48.0
)

require golang.org/x/sys v0.50.0 // indirect
