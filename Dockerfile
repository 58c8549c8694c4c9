# k8s-ha-bot: one image for every role; the command picks it (`gateway`, `worker`, `ask`,
# `simulate`, `config check`). Kubernetes manifests: deploy/ (README, "Deploy to Kubernetes").
#   docker build -t k8s-ha-bot .
#   docker run --rm k8s-ha-bot ask "can I reboot atlas-cp-2"   # the embedded demo cluster
# Node.js 20 LTS (Debian bookworm, slim). No HEALTHCHECK: Kubernetes probes /healthz and /readyz.
ARG NODE_IMAGE=node:20-bookworm-slim

# 1. Compile TypeScript with the dev dependencies.
FROM ${NODE_IMAGE} AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund --ignore-scripts
COPY tsconfig.json tsconfig.build.json ./
COPY src ./src
COPY adapters ./adapters
COPY workers ./workers
# scripts/ (benchmarks, the Teams package) are built apart (tsconfig.scripts.json): not in the image,
# but for the CLI bundler that `npm run build` runs last (dist/cli.cjs, which `ask` runs from)
COPY scripts/bundle-cli.mjs ./scripts/
RUN npm run build

# 2. Production dependencies only, installed from the lock file (no dev tools in the image).
FROM ${NODE_IMAGE} AS prod-deps
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund --ignore-scripts && npm cache clean --force

# 3. Runtime: compiled code, production node_modules, the entry point and the demo snapshot.
FROM ${NODE_IMAGE}
# The ops server (/healthz, /readyz, /metrics; no authentication) listens on 127.0.0.1 by default;
# in the pod the kubelet and Prometheus reach it on the pod IP (restrict it with a NetworkPolicy).
ENV NODE_ENV=production \
    HOME=/tmp \
    K8S_HA_BOT_OPS_HOST=0.0.0.0
WORKDIR /app
# The package managers are not needed at run time: less to patch, less to abuse.
RUN rm -rf /usr/local/lib/node_modules/npm /usr/local/lib/node_modules/corepack \
      /usr/local/bin/npm /usr/local/bin/npx /usr/local/bin/corepack /usr/local/bin/yarn /usr/local/bin/yarnpkg /opt/yarn-*
COPY --from=prod-deps /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
COPY package.json ./
COPY bin ./bin
COPY examples ./examples
# Files stay root-owned and read-only to the process. A numeric, non-root user, so that
# Kubernetes' runAsNonRoot can verify it (deploy/ sets runAsUser 10001 and a read-only root).
USER 10001:10001
ENTRYPOINT ["node", "bin/k8s-ha-bot.js"]
CMD ["worker"]
