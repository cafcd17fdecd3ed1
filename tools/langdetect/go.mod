module explorer/tools/langdetect

go 1.26.0

require (
	explorer v0.0.0
	github.com/pemistahl/lingua-go v1.4.0
	google.golang.org/protobuf v1.36.12
)

require (
	github.com/blevesearch/snowballstem v0.9.0 // indirect
	github.com/shopspring/decimal v1.3.1 // indirect
	golang.org/x/exp v0.0.0-20251023183803-a4bb9ffd2546 // indirect
	golang.org/x/text v0.43.0 // indirect
)

replace explorer => ../..
