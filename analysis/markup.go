package analysis

import (
	"html"
	"regexp"
	"strings"
)

// Review exports often keep the markup of the page they came from:
// entities ("&quot;", "&amp;", "&#39;", "&nbsp;") and tags ("<br />",
// "<p>", "<b>"). Read as words they became topics: "quot", "amp" and
// "nbsp" titled the first three topics of SemEval-2014's test sentences
// with such markup added to half of them. blankMarkup blanks them out
// before the words are read, in exploring and in matching alike, keeping
// every other byte where it was, so that the places of matched words in
// the text as written stay right.

// markupPattern finds what may be an entity or a tag; blankMarkup decides.
var markupPattern = regexp.MustCompile(`&#?[a-zA-Z0-9]{2,32};|</?[a-zA-Z][a-zA-Z0-9]{0,15}(?:\s[^<>]{0,300})?/?>`)

// blockTags are the tags that end a line or a block: a phrase does not
// cross them. Other known tags (inline) are blanked without a break.
var blockTags = map[string]bool{"br": true, "p": true, "div": true, "li": true, "ul": true, "ol": true,
	"tr": true, "td": true, "th": true, "table": true, "hr": true, "blockquote": true, "pre": true,
	"h1": true, "h2": true, "h3": true, "h4": true, "h5": true, "h6": true}

var inlineTags = map[string]bool{"a": true, "b": true, "i": true, "u": true, "s": true, "em": true,
	"strong": true, "span": true, "font": true, "small": true, "big": true, "sub": true, "sup": true,
	"code": true, "tt": true, "abbr": true, "img": true, "center": true}

// blankMarkup returns text with its HTML entities blanked by spaces and
// its known HTML tags by spaces, a block tag starting with a full stop (a
// break); the result is as long as text, byte for byte.
func blankMarkup(text string) string {
	if strings.IndexByte(text, '&') < 0 && strings.IndexByte(text, '<') < 0 {
		return text
	}
	return markupPattern.ReplaceAllStringFunc(text, func(m string) string {
		if m[0] == '&' {
			if u := html.UnescapeString(m); u == m || strings.HasSuffix(u, ";") {
				return m // no entity ("R&D;"), or one that only starts it ("&copyright;")
			}
			return strings.Repeat(" ", len(m))
		}
		name := strings.ToLower(strings.TrimLeft(m[1:], "/"))
		if i := strings.IndexAny(name, " \t\n\r/>"); i >= 0 {
			name = name[:i]
		}
		switch {
		case blockTags[name]:
			return "." + strings.Repeat(" ", len(m)-1)
		case inlineTags[name]:
			return strings.Repeat(" ", len(m))
		}
		return m
	})
}
