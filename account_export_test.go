package explorer

// Unexported helpers opened to the tests of package explorer_test.
var (
	MulDivRound = mulDivRound
	CycleAt     = cycleAt
)
