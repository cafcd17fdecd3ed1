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

// SetMeasureBeforeSave sets the hook that runs between a background
// measurement's reads and its save (nil: none).
func (s *Service) SetMeasureBeforeSave(hook func(projectID int64)) {
	s.measuring.mu.Lock()
	s.measuring.beforeSave = hook
	s.measuring.mu.Unlock()
}
