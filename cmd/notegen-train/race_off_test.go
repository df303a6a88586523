//go:build !race

package main

// raceDetector is whether the test binary was built with -race, under which
// training runs about twenty times slower.
const raceDetector = false
