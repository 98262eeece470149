# syntax=docker/dockerfile:1
# The image of one service, named by the build argument SERVICE (svc-identity, svc-fleet, svc-quotes, svc-billing,
# svc-airports). Build from the repository root, which holds the npm workspace manifests:
#   docker build -f deploy/docker/service.Dockerfile --build-arg SERVICE=svc-fleet -t rampquote/svc-fleet .
# The build copies only the root package.json/package-lock.json, the workspaces this image is made of
# (libs/contracts, libs/service-kit, the service) and nothing of any other slice; .dockerignore keeps node_modules
# and dist out.
# The runtime stage holds the service's production dependencies (npm ci --omit=dev for this one workspace: npm 11
# installs the workspace, the libraries it links and their dependencies, not the other workspaces'), the compiled
# dist folders and the service's data/ folder when it has one (svc-airports' built-in airports file), and runs as
# the unprivileged user `node`. Every container listens on 8080 (the compose network and Kubernetes Services tell
# the slices apart by name).
# Migrations: the same image with `node <service>/dist/migrate.js` (compose: <service>-migrate; Kubernetes: the init
# container).
ARG NODE_BUILD_IMAGE=node:24-bookworm-slim
ARG NODE_RUNTIME_IMAGE=node:24-alpine

FROM ${NODE_BUILD_IMAGE} AS build
ARG SERVICE
WORKDIR /app
COPY package.json package-lock.json tsconfig.base.json ./
COPY libs/contracts/package.json libs/contracts/
COPY libs/service-kit/package.json libs/service-kit/
COPY ${SERVICE}/package.json ${SERVICE}/
RUN npm ci -w libs/contracts -w libs/service-kit -w ${SERVICE} --include-workspace-root=false --no-audit --no-fund
COPY libs/contracts/ libs/contracts/
COPY libs/service-kit/ libs/service-kit/
COPY ${SERVICE}/ ${SERVICE}/
RUN npm run build -w libs/contracts -w libs/service-kit -w ${SERVICE} --silent \
  && mkdir -p shipped/${SERVICE} && cp -R ${SERVICE}/dist shipped/${SERVICE}/ \
  && if [ -d ${SERVICE}/data ]; then cp -R ${SERVICE}/data shipped/${SERVICE}/; fi

FROM ${NODE_RUNTIME_IMAGE} AS production-dependencies
ARG SERVICE
WORKDIR /app
COPY package.json package-lock.json ./
COPY libs/contracts/package.json libs/contracts/
COPY libs/service-kit/package.json libs/service-kit/
COPY ${SERVICE}/package.json ${SERVICE}/
RUN npm ci --omit=dev -w ${SERVICE} --include-workspace-root=false --no-audit --no-fund

FROM ${NODE_RUNTIME_IMAGE}
ARG SERVICE
ENV NODE_ENV=production HOST=0.0.0.0 PORT=8080 SERVICE=${SERVICE}
WORKDIR /app
COPY --from=production-dependencies /app ./
COPY --from=build /app/libs/contracts/dist libs/contracts/dist
COPY --from=build /app/libs/service-kit/dist libs/service-kit/dist
COPY --from=build /app/shipped/ ./
USER node
EXPOSE 8080
HEALTHCHECK --interval=15s --timeout=5s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + process.env.PORT + '/health').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# exec: node is the container's process and gets its signals.
CMD ["sh", "-c", "exec node --heap-growing-percent=50 \"$SERVICE/dist/main.js\""]
