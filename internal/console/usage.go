package console

import (
	"fmt"
	"net/http"
	"time"

	"github.com/notegen/notegen/internal/billing"
)

// chartHeight and barWidth size the usage chart's drawing area, in SVG
// units; the SVG scales to the page's width.
const (
	chartHeight = 160
	barWidth    = 48
	barGap      = 16
)

// bar is one month of the usage chart.
type bar struct {
	Month      string
	Jobs       int64
	X, Y, H    int
	LabelX     int
	ValueY     int
	Accessible string
}

type usageData struct {
	Report      billing.UsageReport
	Bars        []bar
	ChartWidth  int
	ChartHeight int
	Start, End  string
}

// usage shows live usage by month, as GET /v1/user/usage reports it, with
// a bar chart drawn by the server: no script and no chart library.
func (c *Console) usage(w http.ResponseWriter, r *http.Request) error {
	q := r.URL.Query()
	start, end := q.Get("start_month"), q.Get("end_month")
	if start == "" && end == "" {
		now := time.Now().UTC()
		end = now.Format("2006-01")
		start = time.Date(now.Year(), now.Month()-5, 1, 0, 0, 0, 0, time.UTC).Format("2006-01")
	}
	v := view{Title: "Usage", Nav: "usage", Form: map[string]string{"start_month": start, "end_month": end}}
	report, err := c.Billing.Usage(r.Context(), sessionFrom(r.Context()).UserID, start, end)
	status := http.StatusOK
	if err != nil {
		status = c.formError(r, &v, err, "start_month", "end_month")
	}
	months := everyMonth(report)
	v.Data = usageData{Report: report, Bars: bars(months), Start: start, End: end,
		ChartWidth: max(len(months), 1) * (barWidth + barGap), ChartHeight: chartHeight + 40}
	c.render(w, r, status, "usage", v)
	return nil
}

// maxChartMonths bounds the chart's width; longer periods show their
// first months only.
const maxChartMonths = 36

// everyMonth is the report's breakdown with the months without usage
// filled in, so the chart has one bar per month of the period.
func everyMonth(r billing.UsageReport) []billing.MonthUsage {
	start, err1 := time.Parse("2006-01", r.Period.StartMonth)
	end, err2 := time.Parse("2006-01", r.Period.EndMonth)
	if err1 != nil || err2 != nil {
		return r.MonthlyBreakdown
	}
	got := map[string]billing.MonthUsage{}
	for _, m := range r.MonthlyBreakdown {
		got[m.Month] = m
	}
	var out []billing.MonthUsage
	for m := start; !m.After(end) && len(out) < maxChartMonths; m = m.AddDate(0, 1, 0) {
		key := m.Format("2006-01")
		u, ok := got[key]
		if !ok {
			u = billing.MonthUsage{Month: key}
		}
		out = append(out, u)
	}
	return out
}

// bars lays out one bar per month, scaled to the busiest month.
func bars(months []billing.MonthUsage) []bar {
	var most int64 = 1
	for _, m := range months {
		most = max(most, m.Jobs)
	}
	out := make([]bar, 0, len(months))
	for i, m := range months {
		h := int(m.Jobs * chartHeight / most)
		x := i*(barWidth+barGap) + barGap/2
		out = append(out, bar{Month: m.Month, Jobs: m.Jobs, X: x, Y: 20 + chartHeight - h, H: h,
			LabelX: x + barWidth/2, ValueY: 20 + chartHeight - h - 4,
			Accessible: fmt.Sprintf("%s: %d jobs", m.Month, m.Jobs)})
	}
	return out
}
