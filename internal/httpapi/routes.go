package httpapi

import (
	"net/http"

	"github.com/notegen/notegen/internal/account"
	"github.com/notegen/notegen/internal/auth"
)

// authKind is the credential a route requires.
type authKind int

const (
	authNone authKind = iota
	authBearer
	authAPIKey
)

// route is one endpoint. The same table registers the handlers and produces
// /openapi.json, so the two cannot drift apart.
type route struct {
	method, path string
	summary      string
	tag          string
	auth         authKind
	// request is a zero value of the JSON body type, nil for none.
	request any
	// query documents the query parameters.
	query []queryParam
	// response is a zero value of the success body type.
	response any
	status   int
	handle   handlerFunc
}

type queryParam struct {
	name, description, schemaType string
}

// routeTable lists every endpoint of the service.
func (s *Server) routeTable() []route {
	return []route{
		// Operations.
		{method: "GET", path: "/healthz", summary: "Liveness: the process answers", tag: "operations", response: statusBody{}, status: http.StatusOK, handle: s.healthz},
		{method: "GET", path: "/readyz", summary: "Readiness: the database answers and migrations are applied", tag: "operations", response: statusBody{}, status: http.StatusOK, handle: s.readyz},
		{method: "GET", path: "/metrics", summary: "Prometheus metrics", tag: "operations", response: "", status: http.StatusOK, handle: s.serveMetrics},
		{method: "GET", path: "/openapi.json", summary: "This OpenAPI 3.1 document", tag: "operations", response: map[string]any{}, status: http.StatusOK, handle: s.serveOpenAPI},
		{method: "GET", path: "/.well-known/jwks.json", summary: "Public keys that sign ID tokens", tag: "identity", response: jwksBody{}, status: http.StatusOK, handle: s.jwks},

		// Identity.
		{method: "POST", path: "/v1/auth/create-account", summary: "Create an account owner", tag: "identity", request: createAccountRequest{}, response: auth.NewAccount{}, status: http.StatusCreated, handle: s.createAccount},
		{method: "POST", path: "/v1/auth/login", summary: "Log in with email and password", tag: "identity", request: loginRequest{}, response: auth.Tokens{}, status: http.StatusOK, handle: s.login},
		{method: "POST", path: "/v1/auth/refresh", summary: "Rotate a refresh token for new tokens", tag: "identity", request: refreshRequest{}, response: auth.Tokens{}, status: http.StatusOK, handle: s.refresh},
		{method: "POST", path: "/v1/auth/change-password", summary: "Change the password; every session must log in again", tag: "identity", auth: authBearer, request: changePasswordRequest{}, response: changePasswordResponse{}, status: http.StatusOK, handle: s.changePassword},
		{method: "POST", path: "/v1/auth/logout", summary: "End the login session of a refresh token", tag: "identity", auth: authBearer, request: refreshRequest{}, response: successBody{}, status: http.StatusOK, handle: s.logout},

		// Account.
		{method: "GET", path: "/v1/user/account/info", summary: "Read the account", tag: "account", auth: authBearer, response: account.Info{}, status: http.StatusOK, handle: s.accountInfo},
	}
}
