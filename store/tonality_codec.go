package store

import (
	"encoding/binary"
	"explorer/projects"
	"fmt"
	"math"
)

// scoreScale is the precision mentions keep: a score s is stored as the
// integer round(s × scoreScale).
const scoreScale = 10000

// encodeMentions packs mentions in row order: per mention the row's
// distance from the previous one (uvarint) and the scaled score (varint),
// about 4 bytes a mention.
func encodeMentions(ms []projects.Mention) []byte {
	out := make([]byte, 0, len(ms)*4)
	prev := 0
	for _, m := range ms {
		out = binary.AppendUvarint(out, uint64(m.Row-prev))
		out = binary.AppendVarint(out, int64(math.Round(m.Score*scoreScale)))
		prev = m.Row
	}
	return out
}

// decodeMentions unpacks what encodeMentions packed.
func decodeMentions(b []byte) ([]projects.Mention, error) {
	var out []projects.Mention
	row := 0
	for len(b) > 0 {
		d, n := binary.Uvarint(b)
		if n <= 0 {
			return nil, fmt.Errorf("mentions: bad row at byte %d", len(b))
		}
		b = b[n:]
		s, m := binary.Varint(b)
		if m <= 0 {
			return nil, fmt.Errorf("mentions: bad score at byte %d", len(b))
		}
		b = b[m:]
		row += int(d)
		out = append(out, projects.Mention{Row: row, Score: float64(s) / scoreScale})
	}
	return out, nil
}
