package console

import (
	"encoding/base64"
	"encoding/json"
	"net/http"
	"strings"

	"github.com/notegen/notegen/internal/apikey"
	"github.com/notegen/notegen/internal/apperr"
	"github.com/notegen/notegen/internal/auth"
)

// keyRefPurpose seals a key's full value into the forms that act on it, so
// the page never holds a usable key except right after its creation.
const keyRefPurpose = "console-key-ref"

// keyRow is one key as the keys page lists it.
type keyRow struct {
	apikey.Entry
	// Masked shows the key's type prefix and last four characters: enough
	// to tell keys apart, short enough for a phone.
	Masked string
	// Ref names the key in the page's forms without revealing it.
	Ref string
	// MetadataJSON is the live key's metadata as the edit form shows it,
	// or what the owner typed when the service refused it.
	MetadataJSON string
	// MetadataError is the service's message about that edit.
	MetadataError string
}

type keysData struct {
	Keys []keyRow
	// Created is the full key, shown once after creation.
	Created    string
	CreatedFor string
	// HasLive says whether any live key is listed, whose metadata the page
	// offers to edit.
	HasLive bool
	// edited is the key whose metadata edit was refused, never rendered:
	// its row shows the typed value and the message again.
	edited, editedValue, editedError string
}

func principalOf(s *session) auth.Principal { return auth.Principal{UserID: s.UserID, Email: s.Email} }

func (c *Console) keyRef(userID, key string) string {
	return base64.RawURLEncoding.EncodeToString(c.Master.Seal(keyRefPurpose+":"+userID, []byte(key)))
}

// openKeyRef returns the key a form names; a reference made for another
// account does not open.
func (c *Console) openKeyRef(userID, ref string) (string, error) {
	sealed, err := base64.RawURLEncoding.DecodeString(ref)
	if err == nil {
		var plain []byte
		if plain, err = c.Master.Open(keyRefPurpose+":"+userID, sealed); err == nil {
			return string(plain), nil
		}
	}
	return "", apperr.New(apperr.NotFound, "API key not found")
}

func (c *Console) keysView(r *http.Request, v *view) error {
	userID := sessionFrom(r.Context()).UserID
	entries, err := c.Keys.List(r.Context(), userID, true)
	if err != nil {
		return err
	}
	data, _ := v.Data.(*keysData)
	if data == nil {
		data = &keysData{}
	}
	for _, e := range entries {
		row := keyRow{Entry: e, Masked: shortMask(e.Key), Ref: c.keyRef(userID, e.Key)}
		if e.Metadata != nil {
			pretty, _ := json.MarshalIndent(e.Metadata, "", "  ")
			row.MetadataJSON = string(pretty)
		}
		if data.edited != "" && e.Key == data.edited {
			row.MetadataJSON, row.MetadataError = data.editedValue, data.editedError
		}
		row.Entry.Key = ""
		data.HasLive = data.HasLive || (e.Type == apikey.Live && !e.Deleted)
		data.Keys = append(data.Keys, row)
	}
	v.Title, v.Nav, v.Data = "API keys", "keys", data
	return nil
}

func (c *Console) keys(w http.ResponseWriter, r *http.Request) error {
	var v view
	if err := c.keysView(r, &v); err != nil {
		return err
	}
	c.render(w, r, http.StatusOK, "keys", v)
	return nil
}

// createKey creates a key as POST /v1/user/create-api-key does and shows
// it in full on this answer only.
func (c *Console) createKey(w http.ResponseWriter, r *http.Request) error {
	keyType, metadata := r.PostFormValue("key_type"), strings.TrimSpace(r.PostFormValue("metadata"))
	v := view{Form: map[string]string{"key_type": keyType, "metadata": metadata}}
	var raw json.RawMessage
	if metadata != "" {
		raw = json.RawMessage(metadata)
	}
	status := http.StatusOK
	created, err := c.Keys.Create(r.Context(), sessionFrom(r.Context()).UserID, keyType, raw)
	if err != nil {
		status = c.formError(r, &v, err, "keyType", "metadata")
	} else {
		v.Data = &keysData{Created: created.APIKey, CreatedFor: string(created.KeyType)}
		v.Form = nil
	}
	if err := c.keysView(r, &v); err != nil {
		return err
	}
	c.render(w, r, status, "keys", v)
	return nil
}

func (c *Console) setKeyStatus(w http.ResponseWriter, r *http.Request) error {
	userID := sessionFrom(r.Context()).UserID
	key, err := c.openKeyRef(userID, r.PostFormValue("key"))
	if err == nil {
		_, err = c.Keys.SetStatus(r.Context(), userID, key, r.PostFormValue("status"))
	}
	return c.afterKeyChange(w, r, err)
}

func (c *Console) deleteKey(w http.ResponseWriter, r *http.Request) error {
	userID := sessionFrom(r.Context()).UserID
	key, err := c.openKeyRef(userID, r.PostFormValue("key"))
	if err == nil {
		_, err = c.Keys.Delete(r.Context(), userID, key)
	}
	return c.afterKeyChange(w, r, err)
}

// updateKeyMetadata replaces a live key's metadata as POST
// /v1/user/update-api-key-metadata does; a refusal is shown beside that
// key's metadata field.
func (c *Console) updateKeyMetadata(w http.ResponseWriter, r *http.Request) error {
	userID := sessionFrom(r.Context()).UserID
	typed := strings.TrimSpace(r.PostFormValue("metadata"))
	key, err := c.openKeyRef(userID, r.PostFormValue("key"))
	if err != nil {
		return c.afterKeyChange(w, r, err)
	}
	res, err := c.Keys.UpdateMetadata(r.Context(), userID, key, json.RawMessage(typed))
	v := view{Notice: res.Message}
	data := &keysData{}
	status := http.StatusOK
	if err != nil {
		var field view
		status = c.formError(r, &field, err, "metadata")
		v.Error, v.RequestID = field.Error, field.RequestID
		data.edited, data.editedValue = key, typed
		for _, msg := range field.FieldErrors {
			data.editedError = msg
		}
	}
	v.Data = data
	if err := c.keysView(r, &v); err != nil {
		return err
	}
	c.render(w, r, status, "keys", v)
	return nil
}

// afterKeyChange returns to the keys page, with the service's message when
// the change was refused.
func (c *Console) afterKeyChange(w http.ResponseWriter, r *http.Request, err error) error {
	if err == nil {
		http.Redirect(w, r, Prefix+"keys", http.StatusSeeOther)
		return nil
	}
	var v view
	status := c.formError(r, &v, err)
	if lerr := c.keysView(r, &v); lerr != nil {
		return lerr
	}
	c.render(w, r, status, "keys", v)
	return nil
}

// shortMask renders a key as its prefix, an ellipsis and its last four
// characters, which listings already reveal.
func shortMask(key string) string {
	masked := apikey.Mask(key)
	prefix := ""
	for _, p := range []string{"ng_sandbox_", "ng_live_"} {
		if strings.HasPrefix(key, p) {
			prefix = p
		}
	}
	if len(masked) < 4 {
		return masked
	}
	return prefix + "…" + masked[len(masked)-4:]
}
