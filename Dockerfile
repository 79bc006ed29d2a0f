# skymock as a container: the build stage bundles the emulator with esbuild (dependencies included), the
# runtime stage carries only the bundle, the fixtures and Node.
FROM node:20-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY tsconfig.json ./
COPY scripts ./scripts
COPY src ./src
# the build also starts the bundle once (bin/load-cli.js, the default world) to save V8's code cache
COPY bin ./bin
COPY fixtures ./fixtures
RUN npm run build

FROM node:20-slim
WORKDIR /app
ENV NODE_ENV=production \
    SKYMOCK_HOST=0.0.0.0 \
    SKYMOCK_PORT=8480
COPY package.json ./
COPY bin ./bin
COPY fixtures ./fixtures
COPY --from=build /app/dist ./dist
EXPOSE 8480
USER node
HEALTHCHECK --interval=5s --timeout=3s --start-period=5s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:8480/_emulator/health').then(r => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
ENTRYPOINT ["node", "bin/skymock.js", "start"]
