package projects

// SetJobHook makes hook see every progress report of every job (tests
// hold a job in the middle of its work with it).
func (s *Service) SetJobHook(hook func(id, done, total int64)) {
	s.jobs.mu.Lock()
	s.jobs.hook = hook
	s.jobs.mu.Unlock()
}
