package accounts

// Unexported helpers opened to the tests of package accounts_test.
var (
	MulDivRound = mulDivRound
	CycleAt     = cycleAt
)
