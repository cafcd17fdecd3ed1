package load

import "os"

// Logs returns what the server wrote to its stdout and stderr so far.
func (s *Server) Logs() ([]byte, error) { return os.ReadFile(s.logs.Name()) }
