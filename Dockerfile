# skymock as a container. The build stage bundles the emulator (every dependency inside one file) and
# warms Node's compile cache; the runtime stage carries the bundle, the fixtures and Node, nothing else.
#
# NODE_IMAGE: the Node base image, the official one by default. Node 24 is the LTS line this image runs
# (the package supports Node >= 22.22: 22, 24 and 26). Where no public registry can be reached, build a
# local stand-in first: scripts/stand-in-node-image.sh prints its tag, then
#   docker build --build-arg NODE_IMAGE=skymock-node-base:24 -t skymock .
ARG NODE_IMAGE=node:24-slim

FROM ${NODE_IMAGE} AS build
WORKDIR /app
COPY package.json package-lock.json ./
# no install scripts: esbuild finds its platform binary without one, and the `node` toolchain package
# (the project's own Node for development) is not needed here
RUN npm ci --no-audit --no-fund --ignore-scripts
COPY tsconfig.json ./
COPY scripts ./scripts
COPY src ./src
COPY fixtures ./fixtures
COPY bin ./bin
COPY docker ./docker
RUN node scripts/build.mjs --no-types \
 && NODE_COMPILE_CACHE=/app/compile-cache node docker/warm-compile-cache.mjs

FROM ${NODE_IMAGE}
WORKDIR /app
ENV NODE_ENV=production \
    NODE_COMPILE_CACHE=/app/compile-cache \
    SKYMOCK_HOST=0.0.0.0 \
    SKYMOCK_PORT=8480 \
    SKYMOCK_URL_FILE=/tmp/skymock.url
COPY package.json ./
COPY bin/skymock.js ./bin/
COPY fixtures ./fixtures
COPY docker/healthcheck.mjs ./docker/
COPY --from=build /app/dist/skymock.cjs ./dist/
COPY --from=build /app/compile-cache ./compile-cache
EXPOSE 8480
USER node
# healthy within 2 s of the start on every engine. No --start-interval: engines before 25 (Debian 12's
# docker.io is 20.10) refuse to parse it; on 25 or later `docker run --health-start-interval=250ms` adds it.
HEALTHCHECK --interval=2s --timeout=3s --start-period=10s --retries=3 \
  CMD ["node", "docker/healthcheck.mjs"]
ENTRYPOINT ["node", "bin/skymock.js", "start"]
