# rocketchat-fake as a container: a stand-in for the rocketchat/rocket.chat image (and the MongoDB
# it needs) in Docker Compose, a CI job's services or Testcontainers. docs/docker.md has the recipes.
#
#   docker build -t rocketchat-fake .
#   docker run --rm -p 3000:3000 -e ADMIN_USERNAME=admin -e ADMIN_PASS=secret rocketchat-fake
#
# The build stage compiles the package; the run stage holds only what `rocketchat-fake` runs on:
# dist/, fixtures/, ui/ and the production dependencies.
ARG NODE_VERSION=22

FROM node:${NODE_VERSION}-slim AS build
WORKDIR /src
COPY package.json package-lock.json ./
# no install scripts: the build needs none (esbuild runs from its platform package)
RUN npm ci --no-audit --no-fund --ignore-scripts
# .prettierrc.json: the routes index the build writes comes out as the repository has it
COPY tsconfig.json tsconfig.build.json .prettierrc.json ./
COPY scripts ./scripts
COPY src ./src
COPY fixtures ./fixtures
RUN npm run build

FROM node:${NODE_VERSION}-slim
ENV NODE_ENV=production
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund --ignore-scripts && npm cache clean --force
COPY --from=build /src/dist ./dist
COPY fixtures ./fixtures
COPY ui ./ui
# the node image's unprivileged user; the fake writes only its caches, under the temporary directory
USER node
# every address of the container, on Rocket.Chat's port; -e PORT=… moves it
ENV HOST=0.0.0.0 PORT=3000
EXPOSE 3000
# slim images have no curl: Node's own fetch asks /api/info, as Rocket.Chat's users wait on it
HEALTHCHECK --interval=5s --timeout=3s --start-period=20s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/api/info').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# a fresh Rocket.Chat's world (rocket.cat, #general); ADMIN_USERNAME, ADMIN_PASS, OVERWRITE_SETTING_…
# and the image's other variables act as on rocketchat/rocket.chat (docs/docker.md)
CMD ["node", "dist/cli.js", "--first-boot"]
