# cardbot: one image for `cardbot telegram` and `cardbot discord` (compose.yaml runs both).
#   make image                      # docker build -t cardbot .
#   docker run --rm --env-file .env cardbot telegram
# Linted by tests/deploy/test_deploy.py (pinned base, non-root user, no secrets baked in).

# ---- build: the project and its dependencies into a virtual environment --------------------
FROM python:3.11-slim-bookworm AS build

ENV PIP_NO_CACHE_DIR=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1 \
    PYTHONDONTWRITEBYTECODE=1

RUN python -m venv /opt/cardbot
# The card pictures' fonts for Chinese, Japanese, Korean and colour emoji are Debian's, found at their
# paths (adapters/pictures/faces.py); only the sans collections of fonts-noto-cjk go into the image
# (its serif half is 53 MB more). Pinned: the pictures are golden-tested against these versions.
RUN apt-get update \
    && apt-get install -y --no-install-recommends fonts-noto-cjk=1:20220127+repack1-1 fonts-noto-color-emoji=2.042-0+deb12u1 \
    && rm -rf /var/lib/apt/lists/*
WORKDIR /src
# The dependencies change less often than the code: installed in a layer of their own.
COPY pyproject.toml README.md ./
COPY core core
COPY bot bot
COPY adapters adapters
RUN /opt/cardbot/bin/pip install .
# What the bot reads beside its package, wherever the package is installed: the migrations
# (adapters/sql/migrate.py looks for them next to the `adapters` package), and the live table's
# page (adapters/web/static: package data as well, copied whole all the same).
COPY migrations /opt/cardbot/lib/python3.11/site-packages/migrations
COPY adapters/web/static /opt/cardbot/lib/python3.11/site-packages/adapters/web/static

# ---- run: the environment alone, as an unprivileged user --------------------------------------
FROM python:3.11-slim-bookworm

ENV PATH=/opt/cardbot/bin:$PATH \
    PYTHONUNBUFFERED=1 \
    PYTHONDONTWRITEBYTECODE=1 \
    CARDBOT_WEB_LISTEN=0.0.0.0:8080 \
    TELEGRAM_LISTEN=0.0.0.0

RUN groupadd --system --gid 10001 cardbot \
    && useradd --system --uid 10001 --gid cardbot --home-dir /data --create-home --shell /usr/sbin/nologin cardbot

COPY --from=build /opt/cardbot /opt/cardbot
COPY --from=build /usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc /usr/share/fonts/opentype/noto/NotoSansCJK-Bold.ttc /usr/share/fonts/opentype/noto/
COPY --from=build /usr/share/fonts/truetype/noto/NotoColorEmoji.ttf /usr/share/fonts/truetype/noto/
COPY --from=build /usr/share/doc/fonts-noto-cjk/copyright /usr/share/doc/fonts-noto-cjk/copyright
COPY --from=build /usr/share/doc/fonts-noto-color-emoji/copyright /usr/share/doc/fonts-noto-color-emoji/copyright
# Raqm, inside Pillow's wheel, loads the system's FriBidi: without it Arabic and Persian are drawn unjoined.
RUN apt-get update \
    && apt-get install -y --no-install-recommends libfribidi0=1.0.8-2.1 \
    && rm -rf /var/lib/apt/lists/*

# The working directory holds the SQLite database (the default DATABASE_URL, sqlite:///cardbot.db)
# when no PostgreSQL is given: mount a volume on it to keep it.
WORKDIR /data
VOLUME ["/data"]
USER 10001:10001

# 8080: the live table, health and metrics (CARDBOT_WEB_LISTEN); 8443: Telegram's webhook.
EXPOSE 8080 8443
STOPSIGNAL SIGTERM
ENTRYPOINT ["cardbot"]
CMD ["--help"]
