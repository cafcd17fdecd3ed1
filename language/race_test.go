//go:build race

package language

const raceEnabled = true
