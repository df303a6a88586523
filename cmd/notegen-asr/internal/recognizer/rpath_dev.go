//go:build !notegen_dist

package recognizer

// Development builds (go test, go run) find the libraries fetched by
// scripts/fetch-libs.sh in the module's lib/ through this absolute run path.
// The release build (make, -tags notegen_dist) leaves it out and uses only
// $ORIGIN/lib, so the binary never looks into the build machine's tree.

// #cgo LDFLAGS: -Wl,-rpath,${SRCDIR}/../../lib
import "C"
