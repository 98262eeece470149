# syntax=docker/dockerfile:1
# The static host of one micro-frontend, named by the build argument REMOTE (mf-account, mf-quotes, mf-fbo-portal,
# mf-admin): its production bundle (webpack, with a brotli and a gzip copy of every text asset) served by
# scripts/static-host (sirv) as the unprivileged user `node`. Build from the repository root:
#   docker build -f deploy/docker/remote.Dockerfile --build-arg REMOTE=mf-account -t rampquote/mf-account .
# The build copies only the root package.json/package-lock.json, libs/contracts, libs/web-kit, the remote and
# scripts/static-host; the runtime installs only the host's dependencies (sirv).
# The bundle is served under /<remote>/ (STATIC_ROOT=/srv/app holds the folder <remote>/), so the site can route
# the path prefix /<remote>/ to this host without rewriting; the gateway's REMOTE_URL_MF_* is that public URL.
ARG NODE_BUILD_IMAGE=node:24-bookworm-slim
ARG NODE_RUNTIME_IMAGE=node:24-alpine

FROM ${NODE_BUILD_IMAGE} AS build
ARG REMOTE
WORKDIR /app
COPY package.json package-lock.json ./
COPY libs/contracts/package.json libs/contracts/
COPY libs/web-kit/package.json libs/web-kit/
COPY ${REMOTE}/package.json ${REMOTE}/
RUN npm ci -w libs/contracts -w libs/web-kit -w ${REMOTE} --include-workspace-root=false --no-audit --no-fund
COPY libs/contracts/ libs/contracts/
COPY libs/web-kit/ libs/web-kit/
COPY ${REMOTE}/ ${REMOTE}/
RUN npm run build -w ${REMOTE} --silent

FROM ${NODE_RUNTIME_IMAGE} AS host-dependencies
WORKDIR /srv
COPY package.json package-lock.json ./
COPY scripts/static-host/package.json scripts/static-host/
RUN npm ci --omit=dev -w scripts/static-host --include-workspace-root=false --no-audit --no-fund

FROM ${NODE_RUNTIME_IMAGE}
ARG REMOTE
ENV NODE_ENV=production HOST=0.0.0.0 PORT=8080 STATIC_ROOT=/srv/app NAME=${REMOTE}
WORKDIR /srv
COPY --from=host-dependencies /srv ./
COPY scripts/static-host/static-host.mjs scripts/static-host/
COPY --from=build /app/${REMOTE}/dist app/${REMOTE}
USER node
EXPOSE 8080
HEALTHCHECK --interval=15s --timeout=5s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + process.env.PORT + '/health').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["node", "scripts/static-host/static-host.mjs"]
