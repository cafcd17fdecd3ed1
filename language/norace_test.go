//go:build !race

package language

const raceEnabled = false
