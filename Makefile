# Only Python 3.11+ and make are needed; everything else installs into .venv.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
ARGS ?=

.PHONY: play play-web test test-all test-fast lint bench clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

# Installed once per change of pyproject.toml.
$(VENV)/.installed: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e .
	touch $@

# The bench extra too (RLCard, the engine benchmark's anchor): its smoke tests run in CI, not skipped.
# Bytecode: not for every file of every package (half the install's time on a fresh clone), but for
# what the suite imports, once, by collecting it (else each test worker would compile it again).
$(VENV)/.installed-dev: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet --no-compile -e ".[dev,bench]"
	PYTHONDONTWRITEBYTECODE= $(BIN)/python -m pytest --collect-only -q -n 0 -p no:cacheprovider >/dev/null
	touch $@ $(VENV)/.installed

play: $(VENV)/.installed
	$(BIN)/cardbot play $(ARGS)

# The same game at the card table in a browser (adapters/web/local.py): it prints the page's address
# (and opens it on a desktop); Ctrl-C ends it.
play-web: $(VENV)/.installed
	$(BIN)/cardbot play --web $(ARGS)

lint: $(VENV)/.installed-dev lint-deploy
	$(BIN)/ruff check .
	$(BIN)/mypy
	$(BIN)/lint-imports

# The tests write bytecode caches even where PYTHONDONTWRITEBYTECODE is set: each test worker
# would otherwise compile every module and rewrite every test's asserts again (~4 s each).
test test-all test-fast lint-deploy: export PYTHONDONTWRITEBYTECODE =

# Lint and the suite side by side (the suite leaves a core idle a quarter of the time); each one's
# output is shown whole when it ends (-O). Five workers: the slow tier waits on processes,
# browsers and sockets more than the fast one (four left a quarter of two cores idle).
test: $(VENV)/.installed-dev
	$(MAKE) --no-print-directory -j2 -O lint test-all

test-all: $(VENV)/.installed-dev
	$(BIN)/python -m pytest -n 5 $(ARGS)

# The edit-run loop: everything but the `slow` tier (pyproject.toml), on SQLite only, no lint.
test-fast: $(VENV)/.installed-dev
	$(BIN)/python -m pytest -m "not slow" $(ARGS)

BENCHES := engine svolota_levels speed_levels demon_levels service load processes page pages quickmatch scale

bench: $(VENV)/.installed-dev
	for b in $(BENCHES); do $(BIN)/python -m bench.$$b || exit 1; done

clean:
	rm -rf $(VENV) .mypy_cache .ruff_cache .pytest_cache .import_linter_cache build/compiled

# The optional compiled build of the core's hot modules (core/compiled.py): mypyc (a dev dependency)
# and a C compiler build them into build/compiled/, which only `CARDBOT_COMPILED=1` puts to use; a
# build older than the sources is refused, not used. About 10 s of CPU.
.PHONY: compiled
compiled: $(VENV)/.installed-dev
	$(BIN)/python -m tests.core.compiled_build

# The README's example pictures (docs/pictures/), drawn by the card renderer itself.
.PHONY: pictures
pictures: $(VENV)/.installed
	$(BIN)/python -m adapters.pictures.gallery docs/pictures

# The README's pictures of the live table (docs/web/): a Speed, a Racing Demon and a Svolota table
# on a phone-sized page (<game>.png) and a desktop-sized one (<game>-desktop.png), in Debian's
# Chromium's headless shell (apt-get install chromium-headless-shell fonts-noto-color-emoji).
# Discord's embedded app SDK bundled into the page's own files (adapters/web/static/discord.js, kept
# in the repository: the page loads nothing from elsewhere, and neither running nor testing needs
# node). Run after changing page-bundle/package.json; needs node and npm.
SDK_BANNER := // Discord's embedded app SDK (@discord/embedded-app-sdk, MIT License, Copyright (c) 2024 Discord Inc.), bundled by make discord-sdk from page-bundle.
.PHONY: discord-sdk
discord-sdk:
	cd page-bundle && npm ci --no-audit --no-fund --silent \
		&& ./node_modules/.bin/esbuild discord.entry.js --bundle --format=esm --minify --target=es2020 \
		--banner:js="$(SDK_BANNER)" --outfile=../adapters/web/static/discord.js

.PHONY: screenshots
screenshots: $(VENV)/.installed-dev
	$(BIN)/python -m tests.browser.screenshots docs/web

# The pictures of the player and group pages (docs/web/player*.png, group*.png): the story of
# tests/adapters/web/fake_history.py on a phone and a desktop, in English, in Persian (right to left)
# and in the dark scheme, in Debian's Chromium.
.PHONY: page-screenshots
page-screenshots: $(VENV)/.installed-dev
	$(BIN)/python -m tests.browser.page_screenshots docs/web
	$(BIN)/python -m tests.browser.page_screenshots docs/web --lang fa
	$(BIN)/python -m tests.browser.page_screenshots docs/web --dark

# A finished game's replay page of each game on a desktop, half-way through (docs/web/replay-*.png).
.PHONY: replay-screenshots
replay-screenshots: $(VENV)/.installed-dev
	$(BIN)/python -m tests.browser.replays docs/web

# The container image (Dockerfile) that compose.yaml runs: `make image IMAGE=registry/cardbot:1.2`.
IMAGE ?= cardbot:latest
.PHONY: image lint-deploy
image:
	docker build --tag $(IMAGE) .

# The deploy files (Dockerfile, .dockerignore, compose.yaml, docs/deploy/): their static checks and
# hadolint (tests/deploy/test_deploy_files.py). The image's build and the stack's start are
# tests/deploy/test_image.py, in `make test` (skipped where no Docker daemon answers).
lint-deploy: $(VENV)/.installed-dev
	$(BIN)/python -m pytest -n 0 tests/deploy/test_deploy_files.py

# The catalogs' life cycle (docs/translating.md): pybabel extracts the template from the source
# (settings in pyproject.toml, [tool.babel]); bot/i18n_catalogs.py keeps it if only its date is new,
# brings every catalog up to date with it (no fuzzy matching) and compiles each one to check it.
POT := bot/locale/cardbot.pot
.PHONY: i18n i18n-stats
i18n: $(VENV)/.installed
	$(BIN)/pybabel --quiet extract --output-file $(POT).new
	$(BIN)/python -m bot.i18n_catalogs $(POT).new
	$(BIN)/python -m bot.i18n_stats

# Messages per language: translated, fuzzy, untranslated, against the template.
i18n-stats: $(VENV)/.installed
	$(BIN)/python -m bot.i18n_stats
