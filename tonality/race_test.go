//go:build race

package tonality

// raceEnabled: built with -race, where the pure-computation tests check a
// deterministic sample (make test runs them whole without -race too).
const raceEnabled = true
