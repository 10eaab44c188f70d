# API and worker image (one image, two commands): NestJS backend built with Nx.
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY . .
RUN npm ci --no-audit --no-fund \
 && npx nx run @kasa/backend:build --skip-nx-cache

FROM node:20-bookworm-slim AS deps
WORKDIR /app
COPY package.json package-lock.json ./
COPY libs/contracts/package.json libs/contracts/
COPY backend/package.json backend/
RUN npm ci --omit=dev --no-audit --no-fund --workspace @kasa/backend --workspace @kasa/contracts

FROM node:20-bookworm-slim
ENV NODE_ENV=production PORT=3000
WORKDIR /app
COPY --from=deps /app/node_modules ./node_modules
COPY --from=deps /app/package.json ./package.json
COPY --from=build /app/libs/contracts/package.json ./libs/contracts/package.json
COPY --from=build /app/libs/contracts/dist ./libs/contracts/dist
COPY --from=build /app/backend/package.json ./backend/package.json
COPY --from=build /app/backend/dist ./backend/dist
# The language tool's open dictionary data (CC BY 4.0, see data/lexicon/NOTICE), imported at start.
COPY --from=build /app/data/lexicon ./data/lexicon
USER node
EXPOSE 3000
# The heap cap of scripts/lib.mjs (apiNodeArgs): garbage is collected long before the container's limit.
# It holds per API process: API_PROCESSES (default one per core the container sees, docs/operations.md
# "Several API processes") processes of up to 512 MB each, so size the memory limit to match.
CMD ["node", "--max-old-space-size=512", "backend/dist/main.js"]
