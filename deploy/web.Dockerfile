# The PWA, built with Node and served by nginx, which also proxies /api (HTTP and WebSocket) to the api replicas and,
# on a port of its own with a password, support's Temporal UI.
FROM node:20 AS build
WORKDIR /web
COPY web/package.json web/package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY web/ ./
RUN npm run build

FROM nginx:1.27-alpine
COPY deploy/nginx.conf /etc/nginx/conf.d/default.conf
COPY deploy/security-headers.conf /etc/nginx/snippets/security-headers.conf
COPY --from=build /web/dist /usr/share/nginx/html
# 8080: the app; 8233: support's Temporal UI, behind a password (deploy/nginx.conf).
EXPOSE 8080 8233
