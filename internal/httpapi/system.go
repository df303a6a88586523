package httpapi

import (
	"net/http"
	"time"

	"github.com/notegen/notegen"
)

// systemStatus tells a client what the service can do right now: whether
// the database answers, and which providers are configured.
func (s *Server) systemStatus(w http.ResponseWriter, r *http.Request) error {
	start := time.Now()
	dbStatus := "ok"
	if err := s.DB.Ping(r.Context()); err != nil {
		s.log.WarnContext(r.Context(), "database ping failed", "error", err.Error())
		dbStatus = "unavailable"
	}
	dbLatency := time.Since(start).Milliseconds()
	stt := "not_configured"
	if s.Config.STTURL != "" {
		stt = "configured"
	}
	writer := "built-in"
	if s.Config.LLMURL != "" {
		writer = "llm"
	}
	overall := "ok"
	if dbStatus != "ok" {
		overall = "unavailable"
	} else if stt != "configured" {
		overall = "degraded"
	}
	return s.json(w, http.StatusOK, notegen.SystemStatus{
		Status:   overall,
		Services: map[string]string{"database": dbStatus, "speech_to_text": stt, "note_writer": writer},
		Latency:  map[string]int64{"database_ms": dbLatency},
	})
}
