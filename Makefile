# Mayun: a Gitee client for the Linux desktop (Swift 6 + GTK 4).
#
#   make run       install what is missing, build, open the app
#   make test      unit + widget tests (Xvfb), meson validation tests, end-to-end smoke (AT-SPI), the Debian package
#                  installed and smoke-tested without /opt/swift, 15 s of fuzzing each
#   make fuzz      libFuzzer on every parser and decoder, FUZZ_SECONDS each (default 300; docs/FUZZING.md)
#   make demo      the app against a local fake Gitee server
#   make bench     startup (and the Debian package's binary) against a minimal libadwaita window, the package's sizes,
#                  a WebKitGTK peer, lists, documents (printed, not asserted)
#   make install   release build + install into PREFIX (default /usr/local) through meson-wrapper/
#   make deb       mayun_<version>_<arch>.deb from the same release build (tools/make-deb.sh; VERSION holds the version)
#
# Variables: SWIFT (default swift, with /opt/swift/usr/bin first on PATH), PREFIX, DESTDIR, ARGS (for run),
# FUZZ_SECONDS and FUZZ_TARGETS (for fuzz).

SHELL := /bin/bash
.SHELLFLAGS := -eo pipefail -c
.DEFAULT_GOAL := build

export PATH := /opt/swift/usr/bin:$(PATH)
SWIFT ?= swift
PREFIX ?= /usr/local
PYTHON := /usr/bin/python3
ARGS ?=
FUZZ_SECONDS ?= 300
FUZZ_TARGETS ?=

# Uninstalled data the app finds next to the debug build (see ARCHITECTURE.md: GSettings, gettext).
DATA_OUT := .build/mayun-data
LINGUAS := $(shell sed -e 's/\#.*//' po/LINGUAS 2>/dev/null)
MO_FILES := $(foreach l,$(LINGUAS),$(DATA_OUT)/locale/$(l)/LC_MESSAGES/mayun.mo)

# A target that imports another target of this package must list it (or reach it through what it lists): without
# this, an undeclared import compiles or not depending on build order. It does NOT keep a target from importing what
# a dependency imports: MayunUI is kept from CGtk by a module alias instead (ARCHITECTURE.md, "The seam: pages cannot call C").
IMPORT_CHECK := --explicit-target-dependency-import-check=error

# One release build shared by `make install`, the end-to-end test and the benchmark.
RELEASE_SCRATCH := $(CURDIR)/.build-release
INSTALL_BUILDDIR := .build-meson/install

banner = @printf '\n\033[1m==> %s\033[0m\n' "$(1)"

# Log noise dropped for a readable log (the exit status still comes from the command, through pipefail):
# SwiftPM's per-file progress lines and its note on pkg-config's -pthread, the session bus's start-up chatter,
# XCTest's per-test "started" and "passed" lines (failures, skips and every suite's summary stay).
# GtkKit is built with library evolution (Package.swift says why); the compiler then warns, once per import of every
# module that is not, that binary compatibility "can't be guaranteed": no flag turns that one warning off, and Mayun
# ships no binary framework, so those warnings (each with its source excerpt, up to the blank line) are dropped too.
NO_EVOLUTION_WARNINGS := awk '/^\/.*was not compiled with library evolution support/ { skip = 1; next } skip && /^$$/ { skip = 0; next } !skip { print; fflush() }'
QUIET_SWIFT := { $(NO_EVOLUTION_WARNINGS) | grep --line-buffered -v -E 'warning: prohibited flag|^\[[0-9]+/[0-9]+\] (Compiling|Emitting|Wrapping|Write|Linking|Planning|Merging|Applying|Generating|Copying)' || true; }
QUIET_XCTEST := { grep --line-buffered -v -E "warning: prohibited flag|dbus-daemon\[[0-9]+\]|SpiRegistry daemon is running|dbind-WARNING.*GetItems|^Test Case '.*' (started|passed)|^$$" || true; }

.PHONY: deps build data run test test-unit test-meson test-e2e test-deb test-fuzz fuzz fuzz-build demo bench install uninstall deb clean pot help

help:
	@sed -n '2,14p' Makefile | sed 's/^# \{0,1\}//'

deps:
	@.ci/deps.sh

build: data
	$(call banner,swift build (debug))
	$(SWIFT) build $(IMPORT_CHECK) 2>&1 | $(QUIET_SWIFT)

# Compiled schema and catalogs for running uninstalled.
data: $(DATA_OUT)/schemas/gschemas.compiled $(MO_FILES)

$(DATA_OUT)/schemas/gschemas.compiled: data/io.gitee.Mayun.gschema.xml
	@mkdir -p $(@D)
	glib-compile-schemas --strict --targetdir=$(@D) data

$(DATA_OUT)/locale/%/LC_MESSAGES/mayun.mo: po/%.po
	@mkdir -p $(@D)
	msgfmt --check -o $@ $<

run: deps build
	.build/debug/mayun $(ARGS)

# Stages one after another, except that beside the end-to-end scenarios (most of a scenario is waiting on the app and
# FakeGitee) run, one after the other, the fuzz build, the fuzz targets and the Debian package's stage
# (tests/beside_e2e.sh; the scenarios that time the app wait for the two fuzz steps). Their output follows the
# scenarios'.
test: deps build
	@status=0; failed=""; times=""; mkdir -p .build/e2e; tf=.build/e2e/times.txt; \
	stage() { local start=$$(date +%s) cpu0 cpu1; times > $$tf; cpu0=$$(tests/cpu_seconds.sh $$tf); \
	    $(MAKE) --no-print-directory $$1 E2E_PREBUILD=1 || { status=1; failed="$$failed $$1"; }; \
	    times > $$tf; cpu1=$$(tests/cpu_seconds.sh $$tf); \
	    times="$$times $$1 $$(( $$(date +%s) - start ))s/$$(( cpu1 - cpu0 ))cpu-s"; }; \
	stage test-unit; stage test-meson; \
	echo "make test: the fuzz build, the fuzz targets and the Debian package's stage run beside the scenarios (tests/beside_e2e.sh; their output follows)"; \
	tests/beside_e2e.sh & beside_pid=$$!; \
	stage test-e2e; wait $$beside_pid || true; \
	beside=.build/e2e/beside.status; \
	[ "$$(wc -l < $$beside)" -eq 3 ] || { status=1; failed="$$failed tests/beside_e2e.sh"; }; \
	while read -r step step_status secs cpu; do \
	    if [ "$$step" = fuzz-build ] && [ "$$step_status" = 0 ]; then echo "fuzz-build: passed (.build/e2e/fuzz-build.log)"; \
	    else cat .build/e2e/$$step.log; fi; \
	    [ "$$step_status" = 0 ] || { status=1; failed="$$failed $$step"; }; \
	    times="$$times $$step $${secs}s/$${cpu}cpu-s"; \
	done < $$beside; \
	printf '\n\033[1mmake test: stage times (wall/CPU):%s (the last three beside test-e2e, one after the other)\033[0m\n' "$$times"; \
	if [ $$status -eq 0 ]; then printf '\033[1mmake test: all stages passed\033[0m\n'; \
	else printf '\033[1mmake test: FAILED:%s\033[0m\n' "$$failed"; fi; \
	exit $$status

# XCTest (unit, integration and widget tests) on a virtual display with its own session bus and temporary XDG
# folders. MAYUN_REQUIRE_DISPLAY=1 makes widget tests fail rather than skip when GTK cannot open the display.
test-unit:
	@if [ -n "$(E2E_PREBUILD)" ]; then \
	    echo "test-unit: the e2e release build runs beside the test build and XCTest (.build/e2e/prebuild.log)"; \
	    mkdir -p .build/e2e; tests/e2e/install.sh > .build/e2e/prebuild.log 2>&1 & \
	fi
	$(call banner,swift build --build-tests)
	$(SWIFT) build --build-tests $(IMPORT_CHECK) 2>&1 | $(QUIET_SWIFT)
	$(call banner,XCTest under Xvfb + dbus-run-session (MAYUN_REQUIRE_DISPLAY=1))
	@state=$$(mktemp -d); trap 'rm -rf "$$state"' EXIT; \
	MAYUN_REQUIRE_DISPLAY=1 MAYUN_REQUIRE_KEYRING=1 GSK_RENDERER=cairo \
	XDG_CONFIG_HOME=$$state/config XDG_CACHE_HOME=$$state/cache XDG_DATA_HOME=$$state/data \
	    xvfb-run -a -s '-screen 0 1920x1200x24 -nolisten tcp' \
	    dbus-run-session -- tests/keyring/start-keyring.sh $(SWIFT) test --skip-build --skip GiteeKitBenchmarks 2>&1 \
	    | $(QUIET_XCTEST)

# desktop-file-validate, appstreamcli validate, glib-compile-schemas --strict (meson-wrapper/meson.build); and every
# file docs/ARCHITECTURE.md names exists (tests/docs/check_paths.py).
test-meson:
	$(call banner,meson validation tests)
	@if [ ! -f .build-meson/check/build.ninja ]; then \
	    meson setup .build-meson/check meson-wrapper -Dswiftpm_scratch=$(RELEASE_SCRATCH) > /dev/null; fi
	meson test -C .build-meson/check --print-errorlogs
	$(PYTHON) tests/docs/check_paths.py

# The installed app launched through its .desktop file and driven over AT-SPI with real mouse clicks. Under make test
# (E2E_PREBUILD set) the smoke scenario is left to test-deb, which runs it against the installed Debian package.
test-e2e:
	$(call banner,end-to-end scenarios)
	$(if $(E2E_PREBUILD),MAYUN_E2E_SKIP=smoke) tests/e2e/run.sh

# The Debian package built from the e2e stage's release build, checked by lintian, installed with apt-get, smoke-tested
# through its desktop entry with /opt/swift hidden (the smoke scenario of make test), then removed (tests/deb/run.sh;
# needs root).
test-deb:
	$(call banner,Debian package: build, lintian, apt-get install, smoke without /opt/swift, apt-get remove)
	@# Under make test, the release build the scenarios installed is this stage's too: it only waits for that
	@# install to be over. Installing again would replace the binary under a scenario that is starting it.
	$(if $(E2E_PREBUILD),mkdir -p .build/e2e && flock .build/e2e/install.lock true)
	tests/deb/run.sh

# libFuzzer targets (Fuzz/, a separate package built into .build-fuzz with -sanitize=fuzzer,address): saved crash
# inputs in Tests/Fuzz/regressions are replayed first, then each target runs for the given time.
fuzz-build:
	$(call banner,swift build Fuzz/ with the fuzzer and address sanitizers into .build-fuzz)
	tests/fuzz/run.sh build

test-fuzz: fuzz-build
	tests/fuzz/run.sh run 15

fuzz: fuzz-build
	tests/fuzz/run.sh run $(FUZZ_SECONDS) $(FUZZ_TARGETS)

demo: deps build
	$(PYTHON) tests/e2e/demo.py $(ARGS)

bench: deps
	@.ci/deps.sh --bench
	$(call banner,startup benchmark: against a libadwaita window (bench/adwfloor.c) and a bare GTK one; the Debian package)
	$(PYTHON) bench/package.py
	$(PYTHON) bench/lists.py --skip-build
	$(call banner,saved rows beside a WebKitGTK 6.0 web view showing the same rows (bench/webpeer.c))
	$(PYTHON) bench/webpeer.py --skip-build
	$(call banner,scroll benchmark: Popular paced by rows beside a bare C GtkListView (about 15 min; SCROLL_BENCH_ARGS=--rows=N for fewer rows))
	$(PYTHON) bench/scroll.py --skip-build $(SCROLL_BENCH_ARGS)
	$(call banner,document and code benchmark: 1 MB README and 5000-line source in the release build)
	$(SWIFT) build -c release --static-swift-stdlib --scratch-path $(RELEASE_SCRATCH) --product mayun-bench 2>&1 | $(QUIET_SWIFT) && \
	    xvfb-run -a -s '-screen 0 1280x1024x24' $(RELEASE_SCRATCH)/release/mayun-bench
	$(call banner,decoding benchmark: json-glib beside Foundation's JSONDecoder on the same bytes (debug build))
	MAYUN_BENCH=1 $(SWIFT) test --filter GiteeKitBenchmarks 2>&1 | $(NO_EVOLUTION_WARNINGS) | grep -vE "^Test Case '.*' started|^\[[0-9]+/[0-9]+\]"
	$(call banner,idle wake-ups over 60 s: window open and idle; then closed with Run in the background on)
	$(PYTHON) bench/wakeups.py --skip-build
	$(call banner,page benchmark: each new page against FakeGitee on loopback, and 50 READMEs for memory (bench/pages.py))
	$(PYTHON) bench/pages.py --skip-build

install:
	$(call banner,meson install into $(DESTDIR)$(PREFIX))
	@if [ -f $(INSTALL_BUILDDIR)/build.ninja ]; then \
	    meson configure $(INSTALL_BUILDDIR) -Dprefix=$(PREFIX) -Dswiftpm_scratch=$(RELEASE_SCRATCH); \
	else \
	    meson setup $(INSTALL_BUILDDIR) meson-wrapper --prefix=$(PREFIX) -Dswiftpm_scratch=$(RELEASE_SCRATCH); \
	fi
	meson install -C $(INSTALL_BUILDDIR)

# The package in this folder: mayun_<VERSION>_<arch>.deb (Debian's dpkg-deb, dpkg-shlibdeps; no debhelper).
deb: deps
	$(call banner,Debian package from the release build)
	tools/make-deb.sh

uninstall:
	@[ -f $(INSTALL_BUILDDIR)/build.ninja ] || { echo "nothing installed from this tree"; exit 1; }
	ninja -C $(INSTALL_BUILDDIR) uninstall

# Re-extract tr("...") strings into po/mayun.pot and merge them into every language.
pot:
	po/update-pot.sh

clean:
	rm -rf .build .build-pkg .build-release .build-meson .build-bench .build-fuzz tests/artifacts mayun_*.deb
