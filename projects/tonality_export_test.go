package projects

// HoldMeasurements holds the background measurements of s until release
// is called, so that a test sees a project stale.
func (s *Service) HoldMeasurements() (release func()) {
	q := &s.measuring
	held := make(chan struct{})
	// Jobs claimed from now on are held.
	q.mu.Lock()
	q.held = held
	q.mu.Unlock()
	return func() {
		q.mu.Lock()
		q.held = nil
		q.mu.Unlock()
		close(held)
	}
}
