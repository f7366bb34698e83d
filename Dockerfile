# DRUG WARS: the whole product (web app + API) in one image. See docs/deploy.md.
#   docker build -t drugwars .
#   docker run -p 3000:3000 -v drugwars-data:/data drugwars            # SQLite in the /data volume
#   docker run -p 3000:3000 -e DATABASE_URL=postgres://... drugwars    # PostgreSQL
# The server runs from its TypeScript sources through tsx (as `npm start` does), so the image keeps the
# workspace's dependencies, tsx included; the web app is built at image build time.
FROM node:20-bookworm-slim AS build
WORKDIR /app
# Dependencies first (a layer that changes only with the lockfile). better-sqlite3 uses its prebuilt binary for
# linux-x64/arm64 glibc; the build tools are there for any platform without one.
RUN apt-get update && apt-get install -y --no-install-recommends python3 make g++ && rm -rf /var/lib/apt/lists/*
COPY package.json package-lock.json .npmrc ./
COPY packages/engine/package.json packages/engine/
COPY packages/protocol/package.json packages/protocol/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY e2e/package.json e2e/
COPY scripts/package.json scripts/
RUN npm ci
COPY . .
RUN NODE_ENV=production npm run build

FROM node:20-bookworm-slim
WORKDIR /app
COPY --from=build --chown=node:node /app /app
RUN mkdir -p /data && chown node:node /data
USER node
# Serve the network (npm start alone listens on 127.0.0.1), production version string, SQLite in the volume
# unless DATABASE_URL says otherwise. WORKERS defaults to one server process per core of the container.
ENV HOST=0.0.0.0 \
    PORT=3000 \
    APP_ENV=production \
    DATABASE_URL=sqlite:/data/drugwars.db
VOLUME ["/data"]
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=5s --start-period=30s \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/api/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
# `npm start` without npm in the way: node receives SIGTERM itself and shuts down cleanly. The server's Node flags
# as package.json's start passes them (apps/server/src/serverNodeFlags.ts; a test keeps the two in step).
CMD ["node", "--max-semi-space-size=64", "scripts/start.mjs"]
