// The part of Discord's embedded app SDK the page uses (static/activity.js), bundled by `make discord-sdk`.
export { DiscordSDK } from "@discord/embedded-app-sdk";
