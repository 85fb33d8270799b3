"""A stand-in for Discord's client around an Activity: a parent page that frames the card table, as
Discord does, and answers the embedded app SDK's postMessage protocol as the SDK's own source reads it
(@discord/embedded-app-sdk 2.5, output/Discord.mjs and schema/: opcodes HANDSHAKE 0, FRAME 1, CLOSE 2):

- the page's HANDSHAKE `{v: 1, encoding: "json", client_id, frame_id}` is answered with the READY
  event (`{cmd: "DISPATCH", evt: "READY", data: {v, config}}`);
- an AUTHORIZE command is answered with `{code}`: the code Discord's client would get for the person
  (the fake Discord's `authorize`);
- AUTHENTICATE with the user and the application, as the SDK's schema has them;
- SUBSCRIBE, GET_ACTIVITY_INSTANCE_CONNECTED_PARTICIPANTS (the participants given) and
  SET_ACTIVITY (the rich presence, echoed); `window.__participants(list)` sends the page the
  ACTIVITY_INSTANCE_PARTICIPANTS_UPDATE event, as the client does when someone comes or goes.

Every message of the page is kept in `window.__rpc` as [opcode, cmd, the command's arguments].
Served on the card table's own origin (the SDK takes messages from its own origin, as from Discord's)."""

from __future__ import annotations

import json
from typing import Any

SCRIPT = """
const answers = __ANSWERS__;
window.__rpc = [];
// Discord's client tells the Activity who is in it now (an ACTIVITY_INSTANCE_PARTICIPANTS_UPDATE event)
window.__participants = (participants) => document.querySelector("iframe").contentWindow.postMessage(
  [1, { cmd: "DISPATCH", evt: "ACTIVITY_INSTANCE_PARTICIPANTS_UPDATE", nonce: null, data: { participants } }], "*");
window.addEventListener("message", (event) => {
  const frame = document.querySelector("iframe").contentWindow;
  if (event.source !== frame || !Array.isArray(event.data)) return;
  const [op, data] = event.data;
  window.__rpc.push([op, data && data.cmd, (data && (data.args || (op === 0 ? data : null))) || null]);
  if (answers.silent) return; // a client that never answers
  const reply = (cmd, payload) => frame.postMessage([1, { cmd, nonce: data.nonce, evt: null, data: payload }], "*");
  if (op === 0) {
    const config = { cdn_host: "cdn.discordapp.com", api_endpoint: "//discord.com/api", environment: "production" };
    frame.postMessage([1, { cmd: "DISPATCH", evt: "READY", nonce: null, data: { v: 1, config } }], "*");
  } else if (op === 1 && data.cmd === "AUTHORIZE") {
    reply("AUTHORIZE", { code: answers.code });
  } else if (op === 1 && data.cmd === "SUBSCRIBE") {
    reply("SUBSCRIBE", { evt: data.evt });
  } else if (op === 1 && data.cmd === "GET_ACTIVITY_INSTANCE_CONNECTED_PARTICIPANTS") {
    reply(data.cmd, { participants: answers.participants });
  } else if (op === 1 && data.cmd === "SET_ACTIVITY") {
    reply(data.cmd, { ...data.args.activity, name: "cardbot", type: data.args.activity.type ?? 0 });
  } else if (op === 1 && data.cmd === "AUTHENTICATE") {
    reply("AUTHENTICATE", {
      access_token: data.args.access_token,
      user: answers.user,
      scopes: ["identify"],
      expires: "2100-01-01T00:00:00.000Z",
      application: { id: answers.client_id, name: "cardbot", description: "", icon: null, rpc_origins: [] },
    });
  }
});
"""


def participant(user_id: int, username: str, global_name: str | None = None) -> dict[str, Any]:
    """One of the Activity's participants, as the SDK's schema has them."""
    return {
        "id": str(user_id),
        "username": username,
        "global_name": global_name,
        "discriminator": "0",
        "avatar": None,
        "flags": 0,
        "bot": False,
    }


def discord_frame(
    src: str,
    client_id: int,
    code: str,
    user: dict[str, Any],
    participants: list[dict[str, Any]],
    silent: bool = False,
) -> str:
    """The parent page framing `src` (the card table with Discord's launch parameters); `silent`: a
    client that never answers the page."""
    answers = {"code": code, "client_id": str(client_id), "user": user, "participants": participants, "silent": silent}
    script = SCRIPT.replace("__ANSWERS__", json.dumps(answers))
    return (
        "<!doctype html><html><head><title>Discord</title><style>iframe{border:0;width:100vw;height:100vh}</style>"
        f"</head><body><script>{script}</script><iframe src={json.dumps(src)}></iframe></body></html>"
    )
