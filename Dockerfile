# One image for the Node API (src/node.ts) and the phone runners (src/phone-runner.ts).
#   docker build -t wapi:0.1.0 .
#   API:    docker run -p 8787:8787 -e DATABASE_URL=... -e APP_URL=... wapi:0.1.0
#   runner: docker run -e RUNNER_PORT=8788 -e DATABASE_URL=... wapi:0.1.0 node --import tsx src/phone-runner.ts

# --- build: every dependency, the console and widget bundles, the SDK
FROM node:22-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
COPY widgets/package.json widgets/
COPY sdk/package.json sdk/
RUN npm ci
COPY . .
RUN npm run build

# --- runtime: production dependencies, the sources (run through tsx) and the built bundles
FROM node:22-bookworm-slim AS runtime
ENV NODE_ENV=production PORT=8787 HOST=0.0.0.0
WORKDIR /app
COPY package.json package-lock.json ./
COPY widgets/package.json widgets/
COPY sdk/package.json sdk/
RUN npm ci --omit=dev && npm cache clean --force
COPY --from=build /app/dist ./dist
COPY --from=build /app/widgets/dist ./widgets/dist
COPY src ./src
COPY db ./db
COPY tsconfig.json ./
# Local file databases and stored media live here (mount a volume); a libSQL server needs none.
RUN mkdir -p /app/data && chown node:node /app/data
# The official image's unprivileged user (uid 1000).
USER node
EXPOSE 8787 8788
# The API answers /healthz on PORT; a runner (RUNNER_PORT set) on RUNNER_PORT.
HEALTHCHECK --interval=15s --timeout=3s --start-period=30s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.RUNNER_PORT||process.env.PORT)+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
CMD ["node", "--import", "tsx", "src/node.ts"]
