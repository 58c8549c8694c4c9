# One image for every role; the command picks it (ask, worker, simulate; gateway later).
# Not built on the development machines (no Docker engine there); see the packaging issue.
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund --ignore-scripts
COPY tsconfig.json tsconfig.build.json ./
COPY src ./src
COPY adapters ./adapters
COPY workers ./workers
COPY scripts ./scripts
RUN npm run build && npm prune --omit=dev

FROM node:20-bookworm-slim
ENV NODE_ENV=production
WORKDIR /app
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
COPY package.json ./
COPY bin ./bin
COPY examples ./examples
USER node
ENTRYPOINT ["node", "bin/k8s-ha-bot.js"]
CMD ["worker"]
