package delivery

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/notegen/notegen/internal/account"
	"github.com/notegen/notegen/internal/apperr"
	"github.com/notegen/notegen/internal/outbox"
	"github.com/notegen/notegen/internal/store"
)

// Page sizes of the delivery listing.
const (
	DefaultPage = 20
	MaxPage     = 100
)

// Attempt is one HTTP attempt of a delivery.
type Attempt struct {
	ID          string
	Number      int
	Trigger     string
	AttemptedAt time.Time
	Env         string
	Endpoint    string
	Outcome     string
	StatusCode  *int
	LatencyMS   int64
	Error       string
}

// Info is a delivery as the account owner sees it. Its id is the
// webhook-id header of every attempt.
type Info struct {
	ID            string
	Event         string
	JobID         *string
	Sequence      *int64
	Status        string
	Env           string
	Endpoint      string
	LastStatus    *int
	Error         string
	NextAttemptAt *time.Time
	CreatedAt     time.Time
	UpdatedAt     time.Time
	Attempts      []Attempt
}

// Page is one page of deliveries, newest first.
type Page struct {
	Deliveries []Info
	NextCursor *string
}

// Filter narrows the listing.
type Filter struct {
	Status string
	Event  string
	Limit  int
	Cursor string
}

var statuses = []string{StatusWaiting, StatusPending, StatusSucceeded, StatusFailed, StatusSkipped}

// List returns the account's deliveries, newest first, with every attempt.
func (d *Service) List(ctx context.Context, userID string, f Filter) (Page, error) {
	page := Page{Deliveries: []Info{}}
	if f.Limit == 0 {
		f.Limit = DefaultPage
	}
	if f.Limit < 1 || f.Limit > MaxPage {
		return page, apperr.Invalid("limit", "limit must be between 1 and %d", MaxPage)
	}
	where, args := `user_id = ?`, []any{userID}
	if f.Status != "" {
		if !contains(statuses, f.Status) {
			return page, apperr.Invalid("status", "status must be one of %s", strings.Join(statuses, ", "))
		}
		where, args = where+` AND status = ?`, append(args, f.Status)
	}
	if f.Event != "" {
		if len(f.Event) > 100 {
			return page, apperr.Invalid("event", "event must be an event type such as job.completed")
		}
		where, args = where+` AND event_type = ?`, append(args, f.Event)
	}
	if f.Cursor != "" {
		where, args = where+` AND id < ?`, append(args, f.Cursor)
	}
	rows, err := d.db.Query(ctx, `SELECT id, event_type, job_id, sequence, status, env, endpoint, last_status_code, last_error, next_attempt_at, created_at, updated_at
		FROM webhook_deliveries WHERE `+where+` ORDER BY id DESC LIMIT ?`, append(args, f.Limit+1)...)
	if err != nil {
		return page, fmt.Errorf("list deliveries: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		info, err := scanDelivery(rows)
		if err != nil {
			return page, err
		}
		page.Deliveries = append(page.Deliveries, info)
	}
	if err := rows.Err(); err != nil {
		return page, fmt.Errorf("list deliveries: %w", err)
	}
	rows.Close()
	if len(page.Deliveries) > f.Limit {
		page.Deliveries = page.Deliveries[:f.Limit]
		next := page.Deliveries[f.Limit-1].ID
		page.NextCursor = &next
	}
	for i := range page.Deliveries {
		if page.Deliveries[i].Attempts, err = d.attempts(ctx, page.Deliveries[i].ID); err != nil {
			return page, err
		}
	}
	return page, nil
}

type scanner interface{ Scan(dest ...any) error }

func scanDelivery(row scanner) (Info, error) {
	var info Info
	var jobID sql.NullString
	var sequence sql.NullInt64
	var status sql.NullInt64
	var next sql.NullTime
	if err := row.Scan(&info.ID, &info.Event, &jobID, &sequence, &info.Status, &info.Env, &info.Endpoint, &status, &info.Error,
		&next, &info.CreatedAt, &info.UpdatedAt); err != nil {
		return info, fmt.Errorf("read delivery: %w", err)
	}
	if jobID.Valid {
		info.JobID = &jobID.String
	}
	if sequence.Valid {
		info.Sequence = &sequence.Int64
	}
	if status.Valid {
		code := int(status.Int64)
		info.LastStatus = &code
	}
	if next.Valid {
		t := next.Time.UTC()
		info.NextAttemptAt = &t
	}
	info.CreatedAt, info.UpdatedAt = info.CreatedAt.UTC(), info.UpdatedAt.UTC()
	info.Attempts = []Attempt{}
	return info, nil
}

func (d *Service) attempts(ctx context.Context, deliveryID string) ([]Attempt, error) {
	rows, err := d.db.Query(ctx, `SELECT id, number, trigger, attempted_at, env, endpoint, outcome, status_code, latency_ms, error
		FROM webhook_attempts WHERE delivery_id = ? ORDER BY number`, deliveryID)
	if err != nil {
		return nil, fmt.Errorf("list attempts: %w", err)
	}
	defer rows.Close()
	out := []Attempt{}
	for rows.Next() {
		var a Attempt
		var code sql.NullInt64
		if err := rows.Scan(&a.ID, &a.Number, &a.Trigger, &a.AttemptedAt, &a.Env, &a.Endpoint, &a.Outcome, &code, &a.LatencyMS, &a.Error); err != nil {
			return nil, fmt.Errorf("read attempt: %w", err)
		}
		if code.Valid {
			c := int(code.Int64)
			a.StatusCode = &c
		}
		a.AttemptedAt = a.AttemptedAt.UTC()
		out = append(out, a)
	}
	return out, rows.Err()
}

// Redeliver makes one attempt of the delivery now and returns it. A
// succeeded attempt settles a pending or failed delivery; automatic retries
// of a pending one otherwise go on. A delivery still waiting behind an
// earlier event of its job cannot be sent ahead of it.
func (d *Service) Redeliver(ctx context.Context, userID, id string) (Attempt, error) {
	del, err := d.load(ctx, d.db, id)
	if errors.Is(err, sql.ErrNoRows) || (err == nil && del.UserID != userID) {
		return Attempt{}, apperr.New(apperr.NotFound, "Delivery not found")
	}
	if err != nil {
		return Attempt{}, fmt.Errorf("load delivery: %w", err)
	}
	if del.Status == StatusWaiting {
		return Attempt{}, apperr.New(apperr.Conflict, "This delivery waits for an earlier event of the same job")
	}
	t, err := d.route(ctx, del)
	if err != nil {
		return Attempt{}, err
	}
	if t.URL == "" {
		return Attempt{}, apperr.New(apperr.Conflict, "No %s URL is set", t.Missing)
	}
	a, _, err := d.record(ctx, del, t, d.send(ctx, del, t), 0, TriggerRedeliver)
	return a, err
}

// TestEvent is what POST /v1/user/webhook/test queued.
type TestEvent struct {
	Message    string
	DeliveryID string
	Event      string
	Env        *string
	Payload    map[string]any
	// Warning says, when it is known at once, why the event will not
	// arrive: no URL for the environment, or a receiver address this
	// server refuses.
	Warning string
}

// SendTest writes a webhook.test event to the outbox. env is "dev", "prod"
// or "" for the default routing of account events (prod, else dev).
func (d *Service) SendTest(ctx context.Context, userID, env string) (TestEvent, error) {
	if env != "" && env != "dev" && env != "prod" {
		return TestEvent{}, apperr.Invalid("env", "env must be dev or prod")
	}
	var id string
	var payload []byte
	err := d.db.InTx(ctx, func(tx *store.Tx) error {
		if _, err := account.Lock(ctx, tx, userID); err != nil {
			return err
		}
		var err error
		id, err = outbox.Add(ctx, tx, outbox.Event{UserID: userID, Type: outbox.WebhookTest, Env: env,
			Fields: map[string]any{"user_id": userID}}, store.Now())
		if err != nil {
			return err
		}
		ev, err := outbox.Get(ctx, tx, id)
		payload = ev.Payload
		return err
	})
	if err != nil {
		return TestEvent{}, err
	}
	d.Notify()
	out := TestEvent{Message: "Test event queued", DeliveryID: id, Event: outbox.WebhookTest}
	if env != "" {
		out.Env = &env
	}
	if err := json.Unmarshal(payload, &out.Payload); err != nil {
		return TestEvent{}, fmt.Errorf("decode test event: %w", err)
	}
	reach, err := d.Check(ctx, userID, env)
	out.Warning = reach.Warning
	return out, err
}

func contains(list []string, v string) bool {
	for _, s := range list {
		if s == v {
			return true
		}
	}
	return false
}
