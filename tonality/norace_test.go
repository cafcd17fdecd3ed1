//go:build !race

package tonality

const raceEnabled = false
