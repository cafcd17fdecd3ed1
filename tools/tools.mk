# tools.mk: the programs of the tools' module (tools/go.mod, module
# explorer/tools: every folder tools/NAME with a main.go that is not a
# module of its own). A target that runs one depends on bin/NAME, which
# builds it on every use (Go's build cache makes that cheap); it runs from
# the repository's root, so that its relative paths name the work tree's
# files. A pattern rule, so that it never becomes a Makefile's default
# goal. Built for the baseline amd64 (GOAMD64=v1: no fused multiply-adds
# in Go code), so that the generators write the same bytes on any CPU
# (decision 0150). Included by Makefile and Makefile.wordspace.
ifndef TOOLS_MK
TOOLS_MK := 1
GO ?= go
.PHONY: tools-always
bin/%: tools/%/main.go tools-always
	CGO_ENABLED=0 GOAMD64=v1 $(GO) -C tools build -o ../$@ ./$*
endif
