# DRUG WARS: the whole product (web app + API) in one image. See docs/deploy.md.
#   docker build -t drugwars .
#   docker run -p 3000:3000 -v drugwars-data:/data drugwars            # SQLite in the /data volume
#   docker run -p 3000:3000 -e DATABASE_URL=postgres://... drugwars    # PostgreSQL
# Three stages: `build` compiles the web app and the server's JavaScript with every dependency; `deps` installs
# the server's production dependencies alone; the image holds those and the built files, no sources, no tsx.
FROM node:24-bookworm-slim AS base
WORKDIR /app
# better-sqlite3 uses its prebuilt binary for linux-x64/arm64 glibc; the build tools are there for any platform
# without one.
RUN apt-get update && apt-get install -y --no-install-recommends python3 make g++ && rm -rf /var/lib/apt/lists/*
# The workspace's manifests (npm needs every workspace's to install any of them).
COPY package.json package-lock.json .npmrc ./
COPY packages/engine/package.json packages/engine/
COPY packages/protocol/package.json packages/protocol/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY e2e/package.json e2e/
COPY scripts/package.json scripts/

FROM base AS build
RUN npm ci
COPY . .
RUN NODE_ENV=production npm run build

FROM base AS deps
RUN npm ci --omit=dev --workspace apps/server

FROM node:24-bookworm-slim
WORKDIR /app
COPY --from=deps /app/package.json ./
COPY --from=deps /app/node_modules node_modules
COPY --from=deps /app/apps/server/package.json apps/server/
COPY --from=build /app/apps/server/dist apps/server/dist
COPY --from=build /app/apps/web/dist apps/web/dist
COPY --from=build /app/scripts/start.mjs scripts/
COPY --from=build /app/CHANGELOG.md ./
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
# `npm start` without npm in the way: node receives SIGTERM itself and shuts down cleanly. The image holds no
# sources, so start.mjs builds nothing and serves apps/server/dist/main.js. The server's Node flags as
# package.json's start passes them (apps/server/src/serverNodeFlags.ts; a test keeps the two in step).
CMD ["node", "--max-semi-space-size=64", "scripts/start.mjs"]
