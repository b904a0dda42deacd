# Kassa in one image (Docker or Podman):
#
#   docker build -t kassa .
#   docker run -d --name kassa -p 8080:8080 -v kassa-data:/data kassa
#
# The data (SQLite database, generated JWT secret, mail outbox) lives in the volume at /data;
# configuration comes from the environment at run time (README, Configuration). Nothing secret
# is baked in.
#
# BASE_IMAGE: any Debian bookworm image with Node 20 in /usr/local (node, npm and the headers
# in /usr/local/include/node, as the official images have them). The default is the official
# slim image; scripts/container builds a local one where no registry can be reached.
ARG BASE_IMAGE=node:20-bookworm-slim

# ---- build: every dependency, dev ones included; compiles the server, builds the web app.
FROM ${BASE_IMAGE} AS build
WORKDIR /app
ENV npm_config_update_notifier=false npm_config_fund=false npm_config_audit=false
COPY package.json package-lock.json ./
COPY packages/money/package.json packages/money/
COPY packages/contract/package.json packages/contract/
COPY packages/server/package.json packages/server/
COPY packages/web/package.json packages/web/
COPY packages/e2e/package.json packages/e2e/
# Compiling needs no install script (the native modules are built in the deps stage), and the
# browser journeys' dependencies are not installed.
RUN npm ci --ignore-scripts --include-workspace-root -w @kassa/server -w @kassa/web
COPY tsconfig.base.json CHANGELOG.md ./
COPY packages/money packages/money
COPY packages/contract packages/contract
COPY packages/server packages/server
COPY packages/web packages/web
RUN npm run build

# ---- deps: production dependencies of the server only, native modules compiled here.
FROM ${BASE_IMAGE} AS deps
RUN apt-get update \
  && apt-get install -y --no-install-recommends python3 make g++ \
  && rm -rf /var/lib/apt/lists/* /var/cache/apt/*.bin
WORKDIR /app
# better-sqlite3 takes a prebuilt binary when GitHub can be reached, else compiles against the
# headers of the Node in the image (never downloaded).
ENV npm_config_update_notifier=false npm_config_fund=false npm_config_audit=false \
  npm_config_nodedir=/usr/local
COPY package.json package-lock.json ./
COPY packages/money/package.json packages/money/
COPY packages/contract/package.json packages/contract/
COPY packages/server/package.json packages/server/
COPY packages/web/package.json packages/web/
COPY packages/e2e/package.json packages/e2e/
RUN npm ci --omit=dev -w @kassa/server \
  && rm -rf node_modules/better-sqlite3/build/Release/obj* node_modules/better-sqlite3/build/Release/.deps \
    node_modules/better-sqlite3/build/Release/test_extension.node \
    node_modules/better-sqlite3/build/Release/sqlite3.a node_modules/better-sqlite3/deps \
    node_modules/better-sqlite3/src \
  && npm cache clean --force

# ---- runtime: Node, tini, the production dependencies and the built files; runs as kassa.
FROM ${BASE_IMAGE}
RUN apt-get update \
  && apt-get install -y --no-install-recommends tini \
  && rm -rf /var/lib/apt/lists/* /var/cache/apt/*.bin \
  && groupadd --system --gid 10001 kassa \
  && useradd --system --uid 10001 --gid kassa --home-dir /data --no-create-home --shell /usr/sbin/nologin kassa \
  && mkdir -p /data \
  && chown kassa:kassa /data \
  && printf '#!/bin/sh\nexec node /app/packages/server/dist/cli/main.js "$@"\n' > /usr/local/bin/kassa-cli \
  && chmod 0755 /usr/local/bin/kassa-cli
WORKDIR /app
ENV HOST=0.0.0.0 PORT=8080 DATA_DIR=/data HEAP_LIMIT_MB=1536
COPY --from=deps /app/package.json ./
COPY --from=deps /app/node_modules node_modules
COPY --from=build /app/packages/money/package.json packages/money/
COPY --from=build /app/packages/money/dist packages/money/dist
COPY --from=build /app/packages/contract/package.json packages/contract/
COPY --from=build /app/packages/contract/dist packages/contract/dist
COPY --from=build /app/packages/server/package.json packages/server/
COPY --from=build /app/packages/server/dist packages/server/dist
COPY --from=build /app/packages/server/data packages/server/data
COPY --from=build /app/packages/web/dist packages/web/dist
USER kassa
VOLUME /data
EXPOSE 8080
# Readiness: the database is reachable, migrated and stores a write (README, Health checks).
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 8080) + '/api/health/ready').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# tini is PID 1: it passes SIGTERM on to Node (which drains, closes and exits 0) and reaps
# children. The shell only expands HEAP_LIMIT_MB, then becomes Node.
ENTRYPOINT ["/usr/bin/tini", "--"]
CMD ["/bin/sh", "-c", "exec node --max-old-space-size=${HEAP_LIMIT_MB} packages/server/dist/main.js"]
