"""A stand-in for Discord's client around an Activity: a parent page that frames the card table, as
Discord does, and answers the embedded app SDK's postMessage protocol as the SDK's own source reads it
(@discord/embedded-app-sdk 2.5, output/Discord.mjs and schema/: opcodes HANDSHAKE 0, FRAME 1, CLOSE 2):

- the page's HANDSHAKE `{v: 1, encoding: "json", client_id, frame_id}` is answered with the READY
  event (`{cmd: "DISPATCH", evt: "READY", data: {v, config}}`);
- an AUTHORIZE command is answered with `{code}`: the code Discord's client would get for the person
  (the fake Discord's `authorize`);
- AUTHENTICATE with the user and the application, as the SDK's schema has them.

Every message of the page is kept in `window.__rpc` as [opcode, cmd, the command's arguments].
Served on the card table's own origin (the SDK takes messages from its own origin, as from Discord's)."""

from __future__ import annotations

import json
from typing import Any

SCRIPT = """
const answers = __ANSWERS__;
window.__rpc = [];
window.addEventListener("message", (event) => {
  const frame = document.querySelector("iframe").contentWindow;
  if (event.source !== frame || !Array.isArray(event.data)) return;
  const [op, data] = event.data;
  window.__rpc.push([op, data && data.cmd, (data && (data.args || (op === 0 ? data : null))) || null]);
  const reply = (cmd, payload) => frame.postMessage([1, { cmd, nonce: data.nonce, evt: null, data: payload }], "*");
  if (op === 0) {
    const config = { cdn_host: "cdn.discordapp.com", api_endpoint: "//discord.com/api", environment: "production" };
    frame.postMessage([1, { cmd: "DISPATCH", evt: "READY", nonce: null, data: { v: 1, config } }], "*");
  } else if (op === 1 && data.cmd === "AUTHORIZE") {
    reply("AUTHORIZE", { code: answers.code });
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


def discord_frame(src: str, client_id: int, code: str, user: dict[str, Any]) -> str:
    """The parent page framing `src` (the card table with Discord's launch parameters)."""
    answers = {"code": code, "client_id": str(client_id), "user": user}
    script = SCRIPT.replace("__ANSWERS__", json.dumps(answers))
    return (
        "<!doctype html><html><head><title>Discord</title><style>iframe{border:0;width:100vw;height:100vh}</style>"
        f"</head><body><script>{script}</script><iframe src={json.dumps(src)}></iframe></body></html>"
    )
