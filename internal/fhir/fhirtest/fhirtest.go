// Package fhirtest finds the pinned FHIR validator (scripts/fhir-validate)
// for the tests that check bundles against the FHIR R4 schema: the fhir
// package's own and the black-box conformance suite.
package fhirtest

import (
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"testing"
)

// dir is the validator's npm project, found from this file so that tests in
// any package reach it.
func dir() string {
	_, self, _, _ := runtime.Caller(0)
	return filepath.Join(filepath.Dir(self), "..", "..", "..", "scripts", "fhir-validate")
}

// missing skips the test outside CI; in CI it fails, so that a missing
// validator never passes unnoticed.
func missing(t testing.TB, format string, args ...any) {
	t.Helper()
	if os.Getenv("CI") != "" {
		t.Fatalf(format+" (CI is set: the FHIR validator must run)", args...)
	}
	t.Skipf(format, args...)
}

func installed() bool {
	_, err := os.Stat(filepath.Join(dir(), "node_modules", "@asymmetrik", "fhir-json-schema-validator"))
	return err == nil
}

// Install runs npm ci in the validator's project when it is not installed.
// Only one package's tests call it, so that two test binaries never install
// into the same folder at once.
func Install(t testing.TB) {
	t.Helper()
	if installed() {
		return
	}
	if _, err := exec.LookPath("npm"); err != nil {
		missing(t, "npm not found: cannot install the FHIR validator")
	}
	cmd := exec.Command("npm", "ci", "--no-audit", "--no-fund")
	cmd.Dir = dir()
	if out, err := cmd.CombinedOutput(); err != nil {
		missing(t, "npm ci in scripts/fhir-validate: %v\n%s", err, out)
	}
}

// Validator makes sure node and the pinned validator are installed and
// returns the script's path.
func Validator(t testing.TB) string {
	t.Helper()
	if _, err := exec.LookPath("node"); err != nil {
		missing(t, "node not found: install Node.js to validate FHIR bundles")
	}
	if !installed() {
		missing(t, "the FHIR validator is not installed: run npm ci in scripts/fhir-validate")
	}
	return filepath.Join(dir(), "validate.js")
}

// Validate runs the validator script on the bundles (*.json) in folder and
// returns its report; the error is set when a bundle is rejected.
func Validate(script, folder string) (string, error) {
	out, err := exec.Command("node", script, folder).CombinedOutput()
	return string(out), err
}
