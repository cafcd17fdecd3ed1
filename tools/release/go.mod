module explorer/tools/release

go 1.26.0
