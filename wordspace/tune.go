package wordspace

import "context"

// ServedRecall is the share of the exact 50 nearest neighbours that the
// approximate index of a converted space must find: its probes are raised
// until a sample of its own words reaches it.
const ServedRecall = 0.96

// TuneProbes sets the number of cells a search scans to the fewest (from
// 4, raised by a quarter at a time) with which the approximate index finds
// at least goal of the exact k nearest neighbours of sample words spread
// evenly over the space, and returns the probes and the recall measured.
// Without an index the search is exact (recall 1). It must be called
// before the space is shared.
func (s *Space) TuneProbes(ctx context.Context, goal float64, sample, k int) (int, float64, error) {
	if !s.HasIndex() || s.Len() == 0 {
		return 0, 1, nil
	}
	step := max(1, s.Len()/max(1, sample))
	var queries [][]float32
	for i := 0; i < s.Len() && len(queries) < sample; i += step {
		queries = append(queries, s.Vector(i))
	}
	exact, err := s.searchExact(ctx, queries, k)
	if err != nil {
		return 0, 0, err
	}
	for p := 4; ; p += max(2, p/4) {
		s.SetProbes(p)
		approx, err := s.search(ctx, queries, k)
		if err != nil {
			return 0, 0, err
		}
		if r := recall(exact, approx); r >= goal || s.Probes() < p {
			return s.Probes(), r, nil
		}
	}
}

// recall is the share of the exact hits that the approximate ones hold.
func recall(exact, approx [][]hit) float64 {
	var found, total int
	for qi := range exact {
		want := map[int32]bool{}
		for _, h := range exact[qi] {
			want[h.id] = true
		}
		for _, h := range approx[qi] {
			if want[h.id] {
				found++
			}
		}
		total += len(exact[qi])
	}
	if total == 0 {
		return 1
	}
	return float64(found) / float64(total)
}
