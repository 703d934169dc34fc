# syntax=docker/dockerfile:1
# Dossier: one image for both roles (SERVICES=api or SERVICES=worker). See README "Beyond one machine" and
# deploy/compose.yaml. Build: docker build -t dossier .   Run: docker run -p 3000:3000 --env-file .env dossier

# ── build: every dependency, the web app, then only the server's production dependencies are installed ──────
FROM node:20.19-bookworm-slim AS build
WORKDIR /app
ENV npm_config_fund=false npm_config_audit=false
COPY package.json package-lock.json ./
COPY packages/contract/package.json packages/contract/
COPY packages/i18n/package.json packages/i18n/
COPY packages/forms/package.json packages/forms/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
RUN npm ci
COPY tsconfig.base.json tsconfig.json ./
COPY packages packages
COPY apps apps
COPY scripts/web-build.mjs scripts/server-build.mjs scripts/
# The web app's own dependencies (antd, TipTap, …, about 270 MB) are only needed to build it: the runtime tree
# is the server workspace and the packages it imports (609 → 338 MB of node_modules, measured 2026-11-28).
# The server runs bundled (decision 0047): apps/server/dist/main.mjs, no TypeScript loader in the process.
RUN npm run build \
 && node scripts/server-build.mjs \
 && npm ci --omit=dev -w @dossier/server -w @dossier/contract -w @dossier/i18n -w @dossier/forms \
 && rm -rf apps/web/src apps/web/node_modules apps/*/test

# ── runtime: non-root, production dependencies, the built web app and server (with the files its sources read) ─
FROM node:20.19-bookworm-slim
ENV NODE_ENV=production \
    PORT=3000 \
    HOST=0.0.0.0 \
    DATA_DIR=/data \
    WEB_DIST=/app/apps/web/dist
WORKDIR /app
COPY --from=build --chown=root:root /app /app
# poppler-utils: the staff test fill of a form edition renders its pages with pdftoppm (decision 0069), and the
# upload check rasterises a page without a text layer with it for Tesseract's OCR, English and Simplified Chinese
# (decision 0085).
RUN apt-get update \
 && apt-get install -y --no-install-recommends poppler-utils tesseract-ocr tesseract-ocr-eng tesseract-ocr-chi-sim \
 && rm -rf /var/lib/apt/lists/*
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME ["/data"]
EXPOSE 3000
# /readyz answers within 1 s whatever the database does (modules/health); 503 while not ready.
HEALTHCHECK --interval=15s --timeout=3s --start-period=60s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/readyz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
CMD ["node", "apps/server/dist/main.mjs"]
