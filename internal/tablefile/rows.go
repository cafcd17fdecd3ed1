package tablefile

import (
	"strconv"
	"strings"
	"unicode/utf8"

	explorer "explorer"
)

// ModelRow is one row of a model file in the upload format: the columns
// Index, Label, Terms and Pinned (the names gocsv writes as the header).
type ModelRow struct {
	Index  string `csv:"Index"`
	Label  string `csv:"Label"`
	Terms  string `csv:"Terms"`
	Pinned string `csv:"Pinned"`
}

// ModelRows writes groups as the rows of a model file, which an upload
// reads back as the same groups (see GroupsFromTable): group N is the
// bare row N (its title, Pinned true or false) followed by its topics as
// N.1, N.2, … rows; a group holding one topic of its own title is that
// one bare row with the terms. Terms are joined with ", ". Ignore terms
// and ids are not part of the format; a group without topics comes back
// as a topic without terms, and a term holding a comma as two terms. A
// cell longer than a spreadsheet cell holds (SpreadsheetCellMax
// characters) is ECONFLICT naming the topic.
func ModelRows(groups []explorer.Group) ([]ModelRow, error) {
	rows := make([]ModelRow, 0, len(groups))
	for i, g := range groups {
		n := strconv.Itoa(i + 1)
		pinned := strconv.FormatBool(g.Pinned)
		if len(g.Topics) == 1 && g.Topics[0].Title == g.Title {
			terms, err := termsCell(g.Topics[0])
			if err != nil {
				return nil, err
			}
			rows = append(rows, ModelRow{Index: n, Label: g.Title, Terms: terms, Pinned: pinned})
			continue
		}
		rows = append(rows, ModelRow{Index: n, Label: g.Title, Pinned: pinned})
		for j, t := range g.Topics {
			terms, err := termsCell(t)
			if err != nil {
				return nil, err
			}
			rows = append(rows, ModelRow{Index: n + "." + strconv.Itoa(j+1), Label: t.Title, Terms: terms})
		}
	}
	return rows, nil
}

// SpreadsheetCellMax is the most characters a spreadsheet cell holds
// (Excel's limit), which an export's Terms cell must respect.
const SpreadsheetCellMax = 32_767

func termsCell(t explorer.Topic) (string, error) {
	cell := strings.Join(t.Terms, ", ")
	if utf8.RuneCountInString(cell) > SpreadsheetCellMax {
		return "", explorer.Errorf(explorer.ECONFLICT, "the terms of topic %q are longer than a spreadsheet cell holds (%d characters)", clip(t.Title), SpreadsheetCellMax)
	}
	return cell, nil
}
