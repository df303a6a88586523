package console

import (
	"net/http"

	"github.com/notegen/notegen/internal/webhook"
)

type webhooksData struct {
	Settings webhook.Settings
	Page     webhook.DeliveryPage
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
	page, err := c.Deliveries.List(r.Context(), userID, webhook.DeliveryFilter{Cursor: r.URL.Query().Get("cursor")})
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

// updateWebhooks saves both URLs as POST /v1/user/webhook does; an empty
// field removes that webhook.
func (c *Console) updateWebhooks(w http.ResponseWriter, r *http.Request) error {
	dev, prod := r.PostFormValue("webhook_dev"), r.PostFormValue("webhook_prod")
	v := view{Form: map[string]string{"webhook_dev": dev, "webhook_prod": prod}}
	data := &webhooksData{}
	status := http.StatusOK
	res, err := c.Webhooks.Update(r.Context(), sessionFrom(r.Context()).UserID, webhook.Settings{Dev: &dev, Prod: &prod})
	if err != nil {
		status = c.formError(r, &v, err, "webhook_dev", "webhook_prod")
	} else {
		data.Notice, v.Form = res.Message, nil
	}
	return c.showWebhooks(w, r, status, v, data)
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
	var v view
	data := &webhooksData{}
	status := http.StatusOK
	ev, err := c.Deliveries.SendTest(r.Context(), sessionFrom(r.Context()).UserID, r.PostFormValue("env"))
	if err != nil {
		status = c.formError(r, &v, err, "env")
	} else {
		data.Notice, data.Warning = ev.Message, ev.Warning
	}
	return c.showWebhooks(w, r, status, v, data)
}

// redeliver sends a delivery again now, as POST
// /v1/user/webhook/deliveries/{id}/redeliver does.
func (c *Console) redeliver(w http.ResponseWriter, r *http.Request) error {
	var v view
	data := &webhooksData{}
	status := http.StatusOK
	a, err := c.Deliveries.Redeliver(r.Context(), sessionFrom(r.Context()).UserID, r.PostFormValue("delivery"))
	if err != nil {
		status = c.formError(r, &v, err)
	} else {
		data.Notice = "Redelivered: " + a.Outcome
		if a.Error != "" {
			data.Warning = a.Error
		}
	}
	return c.showWebhooks(w, r, status, v, data)
}
