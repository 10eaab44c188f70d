# Web image: nginx serving the shell and the four remotes, proxying /api to the API.
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY . .
RUN npm ci --no-audit --no-fund \
 && npx nx run-many -t build --projects=@kasa/frontend-shell,@kasa/mfe-chat,@kasa/mfe-studio,@kasa/mfe-billing,@kasa/mfe-account --skip-nx-cache

FROM nginx:1.27-alpine
COPY docker/nginx.conf /etc/nginx/conf.d/default.conf
COPY --from=build /app/frontend-shell/dist /usr/share/nginx/html
COPY --from=build /app/mfe-chat/dist /usr/share/nginx/remotes/chat
COPY --from=build /app/mfe-studio/dist /usr/share/nginx/remotes/studio
COPY --from=build /app/mfe-billing/dist /usr/share/nginx/remotes/billing
COPY --from=build /app/mfe-account/dist /usr/share/nginx/remotes/account
EXPOSE 80
