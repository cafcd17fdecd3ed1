package sheet

import (
	"bytes"
	"context"
	"encoding/binary"
	"io"
	"math"
	"sort"
	"strings"

	"github.com/richardlehane/mscfb"
	"golang.org/x/text/encoding"
	"golang.org/x/text/encoding/charmap"
	"golang.org/x/text/encoding/japanese"
	"golang.org/x/text/encoding/korean"
	"golang.org/x/text/encoding/simplifiedchinese"
	"golang.org/x/text/encoding/traditionalchinese"
)

// XLS files are OLE2 compound files holding a Workbook stream of BIFF8
// records (Excel 97-2003), or a Book stream of BIFF5 records (Excel 5/95).
// The compound file is read with github.com/richardlehane/mscfb (a
// defensive reader that detects sector cycles) and the BIFF records with
// the code in biff.go: github.com/extrame/xls was measured and refused,
// since malformed files make it call log.Fatal (exiting the process), loop
// forever or allocate gigabytes, none of which recover() can stop.

const msgXLS = "the file is not a readable XLS workbook"

// maxXLSColumns is the number of columns of a BIFF5/BIFF8 worksheet.
const maxXLSColumns = 256

func streamXLS(ctx context.Context, r io.ReaderAt, size int64, opts Options, accept func([]string) bool, e *emitter) error {
	head, err := readHead(r, size, 8)
	if err != nil {
		return err
	}
	if !bytes.HasPrefix(head, magicOLE2) {
		return mismatch(KindXLS, r, size, head)
	}
	stream, err := workbookStream(r, size)
	if err != nil {
		return err
	}
	wb, err := parseGlobals(stream)
	if err != nil {
		return err
	}
	wb.ctx, wb.opts = ctx, opts
	return streamWorkbook(wb, accept, e)
}

// workbookStream extracts the Workbook (or Book) stream of an OLE2 file.
func workbookStream(r io.ReaderAt, size int64) (data []byte, err error) {
	defer guard(&err, msgXLS)
	if err := checkCFBHeader(r, size); err != nil {
		return nil, err
	}
	doc, err := mscfb.New(io.NewSectionReader(r, 0, size))
	if err != nil {
		return nil, invalid(err, msgXLS)
	}
	var book *mscfb.File
	for f, err := doc.Next(); err == nil; f, err = doc.Next() {
		if len(f.Path) != 0 || f.Size <= 0 {
			continue
		}
		if strings.EqualFold(f.Name, "Workbook") || (book == nil && strings.EqualFold(f.Name, "Book")) {
			book = f
		}
	}
	if book == nil {
		return nil, invalidf(0, "%s: it holds no workbook", msgXLS)
	}
	// A stream cannot be longer than the file that holds it.
	if book.Size > size {
		return nil, invalidf(0, msgXLS)
	}
	data = make([]byte, book.Size)
	if _, err := io.ReadFull(book, data); err != nil {
		return nil, invalid(err, msgXLS)
	}
	return data, nil
}

// checkCFBHeader refuses compound file headers whose sector counts exceed
// what the file can hold: mscfb allocates slices of those counts before it
// reads anything, and a forged count would exhaust memory (a fatal error,
// not a panic).
func checkCFBHeader(r io.ReaderAt, size int64) error {
	if size < 512 {
		return invalidf(0, msgXLS)
	}
	var h [512]byte
	if _, err := r.ReadAt(h[:], 0); err != nil {
		return invalidf(0, msgXLS)
	}
	le := binary.LittleEndian
	shift := le.Uint16(h[30:])
	if shift != 9 && shift != 12 {
		return invalidf(0, msgXLS)
	}
	sectors := uint64(size>>shift) + 1
	for _, off := range []int{
		40, // directory sectors
		44, // FAT sectors
		64, // mini FAT sectors
		72, // DIFAT sectors
	} {
		if uint64(le.Uint32(h[off:])) > sectors {
			return invalidf(0, msgXLS)
		}
	}
	return nil
}

// xlsBook is the workbook globals: strings, formats and sheets.
type xlsBook struct {
	stream   []byte
	biff8    bool
	date1904 bool
	dec      *encoding.Decoder
	sst      []string
	formats  map[uint16]string
	xfFormat []uint16
	sheets   []uint32 // stream offsets of the worksheets' BOF records
	// budget bounds the bytes parsed in worksheets, so that sheets
	// pointing at the same data cannot multiply the work.
	budget int
	ctx    context.Context
	opts   Options
}

func parseGlobals(stream []byte) (wb *xlsBook, err error) {
	defer guard(&err, msgXLS)
	s := &biffStream{b: stream}
	rec, ok, err := s.next()
	if err != nil || !ok {
		return nil, invalidf(0, msgXLS)
	}
	if rec.id != recBOF {
		if rec.id == 0x0009 || rec.id == 0x0209 || rec.id == 0x0409 {
			return nil, unsupportedf("the XLS file is in an old format (Excel 4 or earlier): save it as .xlsx")
		}
		return nil, invalidf(0, msgXLS)
	}
	rd := newSegReader(rec)
	version := rd.u16()
	wb = &xlsBook{
		stream:  stream,
		biff8:   version == 0x0600,
		formats: map[uint16]string{},
		budget:  4*len(stream) + 1<<20,
	}
	if !wb.biff8 {
		wb.dec = charmap.Windows1252.NewDecoder()
	}
	for {
		rec, ok, err := s.next()
		if err != nil {
			return nil, invalid(err, msgXLS)
		}
		if !ok || rec.id == recEOF {
			break
		}
		rd := newSegReader(rec)
		switch rec.id {
		case recFilePass:
			return nil, invalidf(0, "the XLS workbook is protected by a password: save it without one")
		case recCodePage:
			if !wb.biff8 {
				wb.dec = codePageDecoder(rd.u16())
			}
		case recDateMode:
			wb.date1904 = rd.u16() == 1
		case recFormat:
			id := rd.u16()
			var code string
			if wb.biff8 {
				code = rd.xlString(true, nil)
			} else {
				code = rd.shortString(false, wb.dec)
			}
			if !rd.failed {
				wb.formats[id] = code
			}
		case recXF:
			rd.u16()
			wb.xfFormat = append(wb.xfFormat, rd.u16())
		case recBoundSheet:
			pos := rd.u32()
			rd.u8() // visibility
			kind := rd.u8()
			if !rd.failed && kind == 0 {
				wb.sheets = append(wb.sheets, pos)
			}
		case recSST:
			if wb.biff8 {
				wb.readSST(rd)
			}
		}
	}
	return wb, nil
}

// readSST reads the shared string table.
func (wb *xlsBook) readSST(rd *segReader) {
	if wb.sst != nil {
		return // one table a workbook; a second is not read
	}
	size := 0
	for _, seg := range rd.segs {
		size += len(seg)
	}
	rd.u32() // total references
	unique := rd.u32()
	// Every string takes at least 3 bytes of its record: do not trust the
	// count for the allocation.
	n := int(unique)
	if max := size / 3; n > max || n < 0 {
		n = max
	}
	wb.sst = make([]string, 0, n)
	for i := uint32(0); i < unique && !rd.failed; i++ {
		s := rd.xlString(true, nil)
		if rd.failed {
			break
		}
		wb.sst = append(wb.sst, s)
	}
}

// codePageDecoder returns the decoder for a BIFF5 code page.
func codePageDecoder(cp uint16) *encoding.Decoder {
	var enc encoding.Encoding
	switch cp {
	case 437:
		enc = charmap.CodePage437
	case 850:
		enc = charmap.CodePage850
	case 852:
		enc = charmap.CodePage852
	case 866:
		enc = charmap.CodePage866
	case 874:
		enc = charmap.Windows874
	case 932:
		enc = japanese.ShiftJIS
	case 936:
		enc = simplifiedchinese.GBK
	case 949:
		enc = korean.EUCKR
	case 950:
		enc = traditionalchinese.Big5
	case 1250:
		enc = charmap.Windows1250
	case 1251:
		enc = charmap.Windows1251
	case 1253:
		enc = charmap.Windows1253
	case 1254:
		enc = charmap.Windows1254
	case 1255:
		enc = charmap.Windows1255
	case 1256:
		enc = charmap.Windows1256
	case 1257:
		enc = charmap.Windows1257
	case 1258:
		enc = charmap.Windows1258
	case 10000, 32768:
		enc = charmap.Macintosh
	default:
		enc = charmap.Windows1252
	}
	return enc.NewDecoder()
}

func (wb *xlsBook) sheetCount() int { return len(wb.sheets) }

func (wb *xlsBook) open(i int) (rows sheetRows, err error) {
	defer guard(&err, msgXLS)
	cells, err := wb.parseSheet(wb.sheets[i])
	if err != nil {
		return nil, err
	}
	return &xlsRows{cells: cells}, nil
}

// xlsCell is one cell with a value.
type xlsCell struct {
	row uint16
	col uint16
	v   string
}

// parseSheet reads the cells of the worksheet whose BOF is at pos.
func (wb *xlsBook) parseSheet(pos uint32) ([]xlsCell, error) {
	if int64(pos) >= int64(len(wb.stream)) {
		return nil, invalidf(0, msgXLS)
	}
	s := &biffStream{b: wb.stream, pos: int(pos)}
	rec, ok, err := s.next()
	if err != nil || !ok || rec.id != recBOF {
		return nil, invalidf(0, msgXLS)
	}
	sc := &sheetCells{wb: wb}
	depth, records := 1, 0
	for depth > 0 {
		start := s.pos
		rec, ok, err := s.next()
		if err != nil {
			return nil, invalid(err, msgXLS)
		}
		if !ok {
			break
		}
		wb.budget -= s.pos - start
		if wb.budget < 0 {
			return nil, invalidf(0, msgXLS)
		}
		if records++; records%256 == 0 && wb.ctx.Err() != nil {
			return nil, timeBudget(wb.ctx, wb.opts)
		}
		switch {
		case rec.id == recBOF:
			depth++ // an embedded chart
		case rec.id == recEOF:
			depth--
		case depth == 1:
			sc.record(rec)
		}
	}
	// Cells come in row order in files Excel writes; sort anyway, keeping
	// the last of duplicate cells.
	cells := sc.cells
	sort.SliceStable(cells, func(i, j int) bool {
		if cells[i].row != cells[j].row {
			return cells[i].row < cells[j].row
		}
		return cells[i].col < cells[j].col
	})
	return cells, nil
}

// sheetCells collects the cells of a worksheet's records.
type sheetCells struct {
	wb    *xlsBook
	cells []xlsCell
	// A formula whose string result follows in a STRING record.
	pending                bool
	pendingRow, pendingCol uint16
}

// add keeps a cell with a value in the columns read.
func (sc *sheetCells) add(row, col uint16, v string) {
	if col < maxXLSColumns && v != "" {
		sc.cells = append(sc.cells, xlsCell{row: row, col: col, v: v})
	}
}

// record reads the cells of one record of the worksheet; records of other
// kinds and damaged ones are skipped.
func (sc *sheetCells) record(rec record) {
	wb := sc.wb
	rd := newSegReader(rec)
	switch rec.id {
	case recLabelSST:
		row, col, _ := rd.u16(), rd.u16(), rd.u16()
		i := rd.u32()
		if !rd.failed && int64(i) < int64(len(wb.sst)) {
			sc.add(row, col, wb.sst[i])
		}
	case recLabel, recRString:
		row, col, _ := rd.u16(), rd.u16(), rd.u16()
		v := rd.xlString(wb.biff8, wb.dec)
		if !rd.failed {
			sc.add(row, col, v)
		}
	case recNumber:
		row, col, xf := rd.u16(), rd.u16(), rd.u16()
		v := rd.f64()
		if !rd.failed {
			sc.add(row, col, wb.number(v, xf))
		}
	case recRK:
		row, col, xf := rd.u16(), rd.u16(), rd.u16()
		rk := rd.u32()
		if !rd.failed {
			sc.add(row, col, wb.number(rkNumber(rk), xf))
		}
	case recMulRK:
		sc.mulRK(rec.segs[0])
	case recBoolErr:
		row, col, _ := rd.u16(), rd.u16(), rd.u16()
		v, isErr := rd.u8(), rd.u8()
		if !rd.failed {
			sc.add(row, col, boolErr(v, isErr != 0))
		}
	case recFormula:
		sc.formula(rd)
	case recString:
		if sc.pending {
			v := rd.xlString(wb.biff8, wb.dec)
			if !rd.failed {
				sc.add(sc.pendingRow, sc.pendingCol, v)
			}
			sc.pending = false
		}
	}
}

// mulRK reads the numbers of a MULRK record: one row, several columns.
func (sc *sheetCells) mulRK(data []byte) {
	if len(data) < 6 {
		return
	}
	row := binary.LittleEndian.Uint16(data)
	col := binary.LittleEndian.Uint16(data[2:])
	for k := 4; k+6 <= len(data)-2; k += 6 {
		xf := binary.LittleEndian.Uint16(data[k:])
		rk := binary.LittleEndian.Uint32(data[k+2:])
		sc.add(row, col, sc.wb.number(rkNumber(rk), xf))
		col++
	}
}

// formula reads a FORMULA record's cached result: a number, a boolean or
// an error here, or a string in the STRING record that follows.
func (sc *sheetCells) formula(rd *segReader) {
	row, col, xf := rd.u16(), rd.u16(), rd.u16()
	var res [8]byte
	rd.read(res[:])
	if rd.failed {
		return
	}
	sc.pending = false
	if res[6] == 0xFF && res[7] == 0xFF {
		switch res[0] {
		case 0: // a string, in the STRING record that follows
			sc.pending, sc.pendingRow, sc.pendingCol = true, row, col
		case 1:
			sc.add(row, col, boolErr(res[2], false))
		case 2:
			sc.add(row, col, boolErr(res[2], true))
		}
		return
	}
	sc.add(row, col, sc.wb.number(math.Float64frombits(binary.LittleEndian.Uint64(res[:])), xf))
}

// number shows a number through the format of the cell's XF record.
func (wb *xlsBook) number(v float64, xf uint16) string {
	code := "General"
	if int(xf) < len(wb.xfFormat) {
		id := wb.xfFormat[xf]
		if c, ok := wb.formats[id]; ok {
			code = c
		} else if c, ok := builtinFormats[id]; ok {
			code = c
		}
	}
	shown := formatNumber(v, code, wb.date1904)
	// The text a number shows counts against the workbook's budget as its
	// record's bytes do: a number format with long literal text cannot make
	// a small file many times its size in memory.
	wb.budget -= len(shown)
	return shown
}

func boolErr(v byte, isErr bool) string {
	if !isErr {
		if v != 0 {
			return "TRUE"
		}
		return "FALSE"
	}
	switch v {
	case 0x00:
		return "#NULL!"
	case 0x07:
		return "#DIV/0!"
	case 0x0F:
		return "#VALUE!"
	case 0x17:
		return "#REF!"
	case 0x1D:
		return "#NAME?"
	case 0x24:
		return "#NUM!"
	case 0x2A:
		return "#N/A"
	}
	return "#N/A"
}

// xlsRows iterates over the rows of a parsed worksheet.
type xlsRows struct {
	cells []xlsCell
	i     int
	// width, once the header is known, is the number of columns kept.
	width int
}

func (x *xlsRows) limitWidth(n int) { x.width = n }

func (x *xlsRows) next() (int, []string, error) {
	if x.i >= len(x.cells) {
		return 0, nil, io.EOF
	}
	row := x.cells[x.i].row
	j := x.i
	for j < len(x.cells) && x.cells[j].row == row {
		j++
	}
	width := int(x.cells[j-1].col) + 1
	if x.width > 0 {
		width = min(width, x.width)
	}
	out := make([]string, width)
	for _, c := range x.cells[x.i:j] {
		if int(c.col) < width {
			out[c.col] = c.v
		}
	}
	x.i = j
	return int(row) + 1, out, nil
}

func (x *xlsRows) close() {}
