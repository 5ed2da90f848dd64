module github.com/chess960/chess960

go 1.26
