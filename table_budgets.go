package explorer

import (
	"fmt"
	"time"
)

// TableLimits bound the reading of one uploaded table (the service hands
// them to the file's reader, internal/tablefile, which gives them to
// package sheet as it streams the file).
type TableLimits struct {
	// MaxRows is the most non-blank rows after the header.
	MaxRows int
	// MaxColumns is the last column that may hold a value.
	MaxColumns int
	// MaxCellLen is the most characters of one cell.
	MaxCellLen int
	// MaxUnzipSize is the most bytes decompressed from an XLSX file's
	// parts.
	MaxUnzipSize int64
	// MaxDuration bounds the time reading (and storing) takes.
	MaxDuration time.Duration
	// MaxText is the most text the rows kept from one file may hold,
	// counted as each cell's bytes plus 3 (what storing it costs).
	MaxText int64
}

// TableBudgets are the budgets of uploaded tables, whatever a file claims
// about itself; the zero value takes the defaults below. The command line
// derives MaxUnzip and MaxImportText from the upload limit.
type TableBudgets struct {
	// MaxUnzip is the most bytes decompressed from a workbook (default
	// 200 MiB: ten times the default upload limit).
	MaxUnzip int64
	// MaxColumns is the last column that may hold a value (default 1,024).
	MaxColumns int
	// MaxCellLen is the most characters of a cell (default 32,767, as in
	// Excel).
	MaxCellLen int
	// MaxProjectRows is the most rows of one project file (default
	// 1,000,000); a model file has at most ModelTopicsMax rows.
	MaxProjectRows int
	// MaxDuration bounds the reading of one file (default 1 minute).
	MaxDuration time.Duration
	// MaxImportText is the most text one project import or append stores
	// (default 160 MiB: eight times the default upload limit).
	MaxImportText int64
	// MaxAccountText is the most text the projects of one account store
	// together (default 4 GiB; negative: no limit).
	MaxAccountText int64
}

// ModelTextMax is the most text kept from a model file (Index, Label,
// Terms and Pinned cells, each counted with 3 more bytes): 16 MiB, far
// above the 100,000 topics of at most 500 characters a model holds in
// practice, and small enough that splitting it into terms stays cheap.
const ModelTextMax = 16 << 20

// WithDefaults is b with every zero budget replaced by its default.
func (b TableBudgets) WithDefaults() TableBudgets {
	if b.MaxUnzip <= 0 {
		b.MaxUnzip = 200 << 20
	}
	if b.MaxColumns <= 0 {
		b.MaxColumns = 1024
	}
	if b.MaxCellLen <= 0 {
		b.MaxCellLen = 32_767
	}
	if b.MaxProjectRows <= 0 {
		b.MaxProjectRows = 1_000_000
	}
	if b.MaxDuration <= 0 {
		b.MaxDuration = time.Minute
	}
	if b.MaxImportText <= 0 {
		b.MaxImportText = 160 << 20
	}
	if b.MaxAccountText == 0 {
		b.MaxAccountText = 4 << 30
	}
	return b
}

// ModelLimits are the limits of reading a model file.
func (b TableBudgets) ModelLimits() TableLimits {
	b = b.WithDefaults()
	return TableLimits{MaxRows: ModelTopicsMax, MaxColumns: b.MaxColumns, MaxCellLen: b.MaxCellLen,
		MaxUnzipSize: b.MaxUnzip, MaxDuration: b.MaxDuration, MaxText: min(ModelTextMax, b.MaxImportText)}
}

// ProjectLimits are the limits of reading a project file.
func (b TableBudgets) ProjectLimits() TableLimits {
	b = b.WithDefaults()
	return TableLimits{MaxRows: b.MaxProjectRows, MaxColumns: b.MaxColumns, MaxCellLen: b.MaxCellLen,
		MaxUnzipSize: b.MaxUnzip, MaxDuration: b.MaxDuration, MaxText: b.MaxImportText}
}

// TextMeter counts the text kept from a file against a budget (a
// project import's, or a model file's TableLimits.MaxText).
type TextMeter struct {
	// Used is the text counted so far: each cell's bytes plus 3.
	Used, Limit int64
	// What names the limit in the error.
	What string
}

// Add counts cells; past the budget it is an ETOOLARGE error.
func (m *TextMeter) Add(cells []string) error {
	for _, c := range cells {
		m.Used += int64(len(c)) + 3
	}
	if m.Used > m.Limit {
		return Errorf(ETOOLARGE, "the file holds more than %s of text: %s", ByteSize(m.Limit), m.What)
	}
	return nil
}

// ByteSize shows a byte count in KiB, MiB or GiB.
func ByteSize(n int64) string {
	switch {
	case n >= 1<<30 && n%(1<<30) == 0:
		return fmt.Sprintf("%d GiB", n>>30)
	case n >= 1<<20:
		return fmt.Sprintf("%d MiB", n>>20)
	case n >= 1<<10:
		return fmt.Sprintf("%d KiB", n>>10)
	}
	return fmt.Sprintf("%d bytes", n)
}
