# The two README commands: `make run` and `make test`. Both install what the
# build needs first (scripts/setup.sh), so they work on a fresh Debian/Ubuntu.
GO      ?= go
# -noreset: an X server resets when its last client leaves and refuses
# connections while it does; the window tests open and close GLFW one after
# another, so without it a test now and then finds no display.
XVFB    := xvfb-run -a -s "-screen 0 1280x800x24 -noreset"
PKGS    := ./...
ARGS    ?=
# The profile the sandbox is built with (PGO: `go build ./cmd/sandbox` picks
# it up by itself; scripts/pgo-profile.sh, make pgo). The tests and the
# benchmarks are built with it too: they test and time the step the sandbox
# runs, and share its build cache (a profile changes the build of every
# package, cgo ones included: without it, make test then make run would
# compile Dear ImGui twice).
PGO     := -pgo=$(CURDIR)/cmd/sandbox/default.pgo
# The physics tests that skip themselves in short mode (make test's AVX2 pass).
LARGEPYR := ^TestLargePyramid(Stands|Sleeps)$$

.PHONY: run test bench fuzz setup-run setup-test build contract peers pgo docs

setup-run:
	@scripts/setup.sh run

setup-test:
	@scripts/setup.sh test

# The window's cgo half (GLFW and Dear ImGui, C and C++) compiles once per
# machine, for several minutes, with nothing to show while it does: say so.
# -v names each package as it compiles (nothing once all is cached).
FIRSTBUILD := echo "build: compiling the sandbox; the first build on a machine compiles GLFW and Dear ImGui (cgo) and takes several minutes (10 or more on a small machine), later builds are cached"

build: setup-run
	@$(FIRSTBUILD)
	$(GO) build -v -o bin/sandbox ./cmd/sandbox

## run: open the sandbox window on the default scene (pass flags with ARGS="...")
run: build
	./bin/sandbox $(ARGS)

## test: gofmt, go vet, every Go test, with the window tests under Xvfb
# SANDBOX_REQUIRE_*: setup-test installs Xvfb and qemu-user-static, so the
# window tests and the arm64 hash comparison fail, not skip, without them.
test: setup-test
	@out=$$(gofmt -l .); \
	  if [ -n "$$out" ]; then echo "gofmt would change:"; echo "$$out"; exit 1; fi
	@$(FIRSTBUILD)
	$(GO) build -v $(PGO) -o /dev/null ./cmd/sandbox
	$(GO) vet $(PKGS)
	@echo "test: every package's tests, the window ones under Xvfb (a few minutes)"
	SANDBOX_REQUIRE_DISPLAY=1 SANDBOX_REQUIRE_QEMU=1 $(XVFB) $(GO) test $(PGO) -count=1 $(PKGS)
	@# The AVX2 build of the wide solver (GOEXPERIMENT=simd, amd64): the
	@# physics in short mode, goldens and wide-vs-one-by-one bits included.
	@# The 5,050-cube pyramid runs (a minute each, skipped in short mode)
	@# are left out by name: they ran in the pass above.
	@if [ "$$($(GO) env GOARCH)" = amd64 ]; then \
	  echo "GOEXPERIMENT=simd $(GO) test -short -skip '$(LARGEPYR)' ./engine/physics"; \
	  GOEXPERIMENT=simd $(GO) test $(PGO) -count=1 -short -skip '$(LARGEPYR)' ./engine/physics; fi

## bench: the benchmarks, including the frame-pacing check of a real window.
## The physics and scene benchmarks step big worlds whose setup costs seconds:
## they run a fixed number of steps (BENCHSTEPS) instead of Go's 1 s target,
## which would build each world again for every growing b.N.
## Built with the sandbox's profile (PGO), as the tests are.
BENCHSTEPS ?= 60x
STEPPKGS   := ./engine/physics ./engine/scene
bench: setup-test
	SANDBOX_REQUIRE_DISPLAY=1 $(XVFB) $(GO) test $(PGO) -run '^$$' -bench . -benchmem \
	  $$($(GO) list $(PKGS) | grep -v -e '/engine/physics$$' -e '/engine/scene$$')
	$(GO) test $(PGO) -run '^$$' -bench . -benchmem -benchtime $(BENCHSTEPS) $(STEPPKGS)
	@# The pyramid and the piles again in the AVX2 build (the wide solver).
	@if [ "$$($(GO) env GOARCH)" = amd64 ]; then \
	  echo "GOEXPERIMENT=simd: the AVX2 build"; \
	  GOEXPERIMENT=simd $(GO) test $(PGO) -run '^$$' -bench 'Pyramid|Pile' -benchmem -benchtime $(BENCHSTEPS) ./engine/physics; fi

## docs: make every picture in README.md and docs/ again from the commands
## shown beside it (window pictures under Xvfb)
docs: setup-test
	scripts/make-docs.sh

## pgo: profile the step's benchmarks again into cmd/sandbox/default.pgo,
## the profile the sandbox is built with (after large changes to the step)
pgo:
	scripts/pgo-profile.sh

## fuzz: a short run of every fuzz target (counts, not seconds: Go 1.26's
## -fuzztime with a duration can end in "context deadline exceeded", golang/go#75804)
FUZZN ?= 20000x
# FuzzKnockThrough steps whole piles for half a second per input: fewer runs.
FUZZKNOCK ?= 300x
fuzz:
	$(GO) test ./engine/loop -run '^$$' -fuzz '^FuzzAdvance$$' -fuzztime $(FUZZN)
	$(GO) test ./engine/loop -run '^$$' -fuzz '^FuzzAdvancePolicy$$' -fuzztime $(FUZZN)
	$(GO) test ./engine/scene -run '^$$' -fuzz '^FuzzParse$$' -fuzztime $(FUZZN)
	$(GO) test ./engine/ccd -run '^$$' -fuzz '^FuzzSweep$$' -fuzztime $(FUZZN)
	$(GO) test ./engine/ccd -run '^$$' -fuzz '^FuzzSpinExtent$$' -fuzztime $(FUZZN)
	$(GO) test ./engine/ccd -run '^$$' -fuzz '^FuzzSegmentCrossesBox$$' -fuzztime $(FUZZN)
	$(GO) test ./engine/physics -run '^$$' -fuzz '^FuzzNoTunnel$$' -fuzztime $(FUZZN)
	$(GO) test ./cmd/sandbox -run '^$$' -fuzz '^FuzzFlags$$' -fuzztime $(FUZZN)
	$(GO) test ./engine/physics -run '^$$' -fuzz '^FuzzKnockThrough$$' -fuzztime $(FUZZKNOCK)

## contract: the headless-run contract check from ../shared, which a plain
## clone does not have: then it says so and succeeds
CONTRACT ?= ../shared/contract-check
contract:
	@if [ -x "$(CONTRACT)" ]; then "$(CONTRACT)"; \
	  else echo "contract: $(CONTRACT) not found (it lives beside the project, not in a clone): skipped"; fi

## peers: our step side by side with Box3D and Bullet (pinned, alternating
## rounds, medians; needs ../shared/peers, skips what is missing), then the
## worlds of many slabs and many bullets beside Box3D (scripts/peer-scale.sh)
peers:
	scripts/peer-bench.sh $(ROUNDS)
	scripts/peer-scale.sh $(ROUNDS)
