package views

import (
	"context"

	"explorer/internal/wording"

	"golang.org/x/text/language"
	"golang.org/x/text/message"
	"golang.org/x/text/number"
)

// localeKey keys the person's locale in a request's context.
type localeKey struct{}

// maxAcceptLanguage bounds the Accept-Language header read: a locale
// needs a few bytes, and a header is hostile input.
const maxAcceptLanguage = 256

// WithLocale returns ctx with the locale the person's browser asks for
// (its Accept-Language header): the pages write numbers with its
// separators.
func WithLocale(ctx context.Context, acceptLanguage string) context.Context {
	// One printer for the whole page: a page may write hundreds of
	// numbers, and a printer is not free to make.
	return context.WithValue(ctx, localeKey{}, message.NewPrinter(localeOf(acceptLanguage)))
}

// localeOf is the header's preferred tag, English when it names none.
func localeOf(h string) language.Tag {
	if len(h) > maxAcceptLanguage {
		h = h[:maxAcceptLanguage]
	}
	tags, _, err := language.ParseAcceptLanguage(h)
	if err != nil || len(tags) == 0 {
		return language.English
	}
	return tags[0]
}

// Number writes n with the thousands separators of the locale in ctx
// ("21,500", "21.500", "21 500"); English without one.
func Number(ctx context.Context, n int64) string {
	p, ok := ctx.Value(localeKey{}).(*message.Printer)
	if !ok {
		p = englishPrinter
	}
	return p.Sprint(number.Decimal(n))
}

// englishPrinter writes numbers where no locale is given. A printer
// keeps no state between calls to Sprint, so one serves every caller.
var englishPrinter = message.NewPrinter(language.English)

// Count writes n, with the locale's separators, and its noun in the
// singular or the plural: "1 topic", "2,000 topics". Every count a page
// shows beside its noun goes through it (TestTemplatesCountWithTheirNoun).
func Count(ctx context.Context, n int, one, many string) string {
	return Number(ctx, int64(n)) + " " + wording.Plural(int64(n), one, many)
}
