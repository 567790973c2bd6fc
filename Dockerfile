# syntax=docker/dockerfile:1
# Build stage: install the bot and its dependencies into a virtual environment.
FROM python:3.11-slim AS build
ENV PIP_DISABLE_PIP_VERSION_CHECK=1 PIP_NO_CACHE_DIR=1
WORKDIR /src
RUN python -m venv /opt/venv
COPY pyproject.toml README.md ./
COPY bot ./bot
COPY cogs ./cogs
COPY render ./render
RUN /opt/venv/bin/pip install --upgrade pip && /opt/venv/bin/pip install "Babel>=2.14" \
    && PYTHONPATH=. /opt/venv/bin/python -m bot.i18n compile && /opt/venv/bin/pip install .

# Runtime stage: only the virtual environment, run as an unprivileged user.
FROM python:3.11-slim
ENV PATH=/opt/venv/bin:$PATH \
    PYTHONUNBUFFERED=1 \
    CASINO_DB=/data/casino.sqlite3
RUN useradd --create-home --uid 10001 casino && mkdir /data && chown casino:casino /data
COPY --from=build /opt/venv /opt/venv
USER casino
WORKDIR /home/casino
# The database lives on a volume so rounds and wallets survive container upgrades.
VOLUME ["/data"]
# SIGTERM (docker stop) triggers the bot's clean shutdown.
STOPSIGNAL SIGTERM
CMD ["python", "-m", "bot"]
