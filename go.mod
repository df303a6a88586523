module github.com/notegen/notegen

go 1.26
