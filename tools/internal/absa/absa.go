// Package absa reads the annotated review sentences of aspect-based
// sentiment analysis sets (SemEval-2014/2015/2016 and MAMS XML) for the
// benchmarks; the product never reads them.
package absa

import (
	"encoding/xml"
	"io"
	"os"
)

// Sentence is one annotated sentence, in any of the formats:
// SemEval-2014 and MAMS (aspect terms, aspect categories) and
// SemEval-2015/2016 (opinions with target, category and offsets).
type Sentence struct {
	Text    string `xml:"text"`
	Aspects []struct {
		Term     string `xml:"term,attr"`
		Polarity string `xml:"polarity,attr"`
		From     string `xml:"from,attr"`
	} `xml:"aspectTerms>aspectTerm"`
	Categories []struct {
		Category string `xml:"category,attr"`
		Polarity string `xml:"polarity,attr"`
	} `xml:"aspectCategories>aspectCategory"`
	Opinions []struct {
		Target   string `xml:"target,attr"`
		Category string `xml:"category,attr"`
		Polarity string `xml:"polarity,attr"`
		From     string `xml:"from,attr"`
		To       string `xml:"to,attr"`
	} `xml:"Opinions>Opinion"`
}

// ReadFile calls fn with each sentence of the file at path.
func ReadFile(path string, fn func(Sentence) error) error {
	f, err := os.Open(path)
	if err != nil {
		return err
	}
	defer f.Close()
	return Read(f, fn)
}

// Read calls fn with every <sentence> element of r, wherever it is
// nested, in order.
func Read(r io.Reader, fn func(Sentence) error) error {
	dec := xml.NewDecoder(r)
	for {
		tok, err := dec.Token()
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return err
		}
		se, ok := tok.(xml.StartElement)
		if !ok || se.Name.Local != "sentence" {
			continue
		}
		var s Sentence
		if err := dec.DecodeElement(&s, &se); err != nil {
			return err
		}
		if err := fn(s); err != nil {
			return err
		}
	}
}
