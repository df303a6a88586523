// Package conformance holds the black-box test suite of the notegen API. It
// starts the real server on each database backend and checks, over HTTP,
// every rule of the interface and the wire contract.
package conformance
