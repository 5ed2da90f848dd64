module github.com/chess960/chess960

go 1.26

require github.com/klauspost/compress v1.20.4
