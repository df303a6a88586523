package console

import (
	"net/http"

	"github.com/notegen/notegen/internal/delivery"
	"github.com/notegen/notegen/internal/webhook"
)

type webhooksData struct {
	Settings webhook.Settings
	Page     delivery.Page
	// Secret is shown only on the answer to reveal or rotate.
	Secret string
	// Notice says what an action did (a test event queued, a redelivery).
	Notice  string
	Warning string
}

// webhooksView fills the page with the settings and the deliveries log, as
// GET /v1/user/webhook and GET /v1/user/webhook/deliveries read them.
func (c *Console) webhooksView(r *http.Request, v *view, data *webhooksData) error {
	userID := sessionFrom(r.Context()).UserID
	settings, err := c.Webhooks.Get(r.Context(), userID)
	if err != nil {
		return err
	}
	page, err := c.Deliveries.List(r.Context(), userID, delivery.Filter{Cursor: r.URL.Query().Get("cursor")})
	if err != nil {
		return err
	}
	data.Settings, data.Page = settings, page
	v.Title, v.Nav, v.Data = "Webhooks", "webhooks", data
	return nil
}

// showWebhooks renders the page after an action, with status and messages.
func (c *Console) showWebhooks(w http.ResponseWriter, r *http.Request, status int, v view, data *webhooksData) error {
	if err := c.webhooksView(r, &v, data); err != nil {
		return err
	}
	c.render(w, r, status, "webhooks", v)
	return nil
}

func (c *Console) webhooks(w http.ResponseWriter, r *http.Request) error {
	return c.showWebhooks(w, r, http.StatusOK, view{}, &webhooksData{})
}

// showOutcome renders the page after a form action: when err is nil, with
// what the action did (data's Notice and Warning); otherwise with err, next
// to the field it names if that is one of fields, and err's status.
func (c *Console) showOutcome(w http.ResponseWriter, r *http.Request, v view, data *webhooksData, err error, fields ...string) error {
	status := http.StatusOK
	if err != nil {
		status = c.formError(r, &v, err, fields...)
	}
	return c.showWebhooks(w, r, status, v, data)
}

// updateWebhooks saves both URLs as POST /v1/user/webhook does; an empty
// field removes that webhook.
func (c *Console) updateWebhooks(w http.ResponseWriter, r *http.Request) error {
	dev, prod := r.PostFormValue("webhook_dev"), r.PostFormValue("webhook_prod")
	v := view{Form: map[string]string{"webhook_dev": dev, "webhook_prod": prod}}
	data := &webhooksData{}
	res, err := c.Webhooks.Update(r.Context(), sessionFrom(r.Context()).UserID, webhook.Settings{Dev: &dev, Prod: &prod})
	if err == nil {
		data.Notice, v.Form = res.Message, nil
	}
	return c.showOutcome(w, r, v, data, err, "webhook_dev", "webhook_prod")
}

// revealSecret shows the signing secret on this answer only.
func (c *Console) revealSecret(w http.ResponseWriter, r *http.Request) error {
	s, err := c.Webhooks.Secret(r.Context(), sessionFrom(r.Context()).UserID)
	if err != nil {
		return err
	}
	return c.showWebhooks(w, r, http.StatusOK, view{}, &webhooksData{Secret: s.Secret})
}

// rotateSecret replaces the signing secret as POST
// /v1/user/webhook/secret/rotate does and shows the new one.
func (c *Console) rotateSecret(w http.ResponseWriter, r *http.Request) error {
	s, err := c.Webhooks.Rotate(r.Context(), sessionFrom(r.Context()).UserID)
	if err != nil {
		return err
	}
	return c.showWebhooks(w, r, http.StatusOK, view{}, &webhooksData{Secret: s.Secret,
		Notice: "Secret rotated. Receivers must verify with the new secret."})
}

// sendTest queues a webhook.test event, with the service's warning when it
// already knows the event will not arrive.
func (c *Console) sendTest(w http.ResponseWriter, r *http.Request) error {
	data := &webhooksData{}
	ev, err := c.Deliveries.SendTest(r.Context(), sessionFrom(r.Context()).UserID, r.PostFormValue("env"))
	if err == nil {
		data.Notice, data.Warning = ev.Message, ev.Warning
	}
	return c.showOutcome(w, r, view{}, data, err, "env")
}

// redeliver sends a delivery again now, as POST
// /v1/user/webhook/deliveries/{id}/redeliver does.
func (c *Console) redeliver(w http.ResponseWriter, r *http.Request) error {
	data := &webhooksData{}
	a, err := c.Deliveries.Redeliver(r.Context(), sessionFrom(r.Context()).UserID, r.PostFormValue("delivery"))
	if err == nil {
		data.Notice, data.Warning = "Redelivered: "+a.Outcome, a.Error
	}
	return c.showOutcome(w, r, view{}, data, err)
}
