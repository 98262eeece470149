# One image recipe for every Node process of RampQuote; PACKAGE names the workspace to run
# (svc-identity, svc-fleet, svc-quotes, svc-billing, svc-airports, gateway).
# The gateway image also carries the built shell and micro-frontends it serves.
FROM node:24-bookworm-slim AS build
WORKDIR /app
COPY . .
RUN npm ci --no-audit --no-fund && node scripts/build.mjs --all

FROM node:24-bookworm-slim
ARG PACKAGE
ENV PACKAGE=${PACKAGE}
WORKDIR /app
COPY --from=build /app /app
CMD ["sh", "-c", "node ${PACKAGE}/dist/migrate.js && exec node ${PACKAGE}/dist/main.js"]
