// Package orderbench measures order extraction the way the MEDIQA-OE 2025
// shared task does: each encounter's orders are {order_type, description,
// reason, provenance}; predicted orders are paired with gold ones by their
// descriptions (an optimal one-to-one assignment per encounter), and the
// pairs are scored field by field: description and reason by the task's
// ROUGE-1, the type by exact match, the provenance (turn ids) as a
// multi-label set. An order left unpaired counts against precision (a
// predicted one) or recall (a gold one) of every field it has.
//
// The metric follows the official evaluation code (jpcorb20/mediqa-oe,
// evaluation/); README.md says where it can and cannot be the same. The
// gold sets in testdata are this repository's own annotation of ACI-BENCH
// encounters, not SIMORD.
package orderbench
