// Inside Discord, as an Activity (issue 37): Discord opens the page in its frame with `frame_id` and
// `instance_id` in the address. The page then signs in through Discord's client, with Discord's own
// embedded app SDK (static/discord.js, bundled: nothing from elsewhere), loaded only here:
//   the application's id from the bot's server (GET /api/discord/session),
//   the SDK's handshake with Discord's client (`ready`), a code (`authorize`: identify, and
//     rpc.activities.write for the presence),
//   the code to the bot's server, which alone holds the client secret (POST /api/discord/session,
//     adapters/discord/activity.py): the access token, the instance's table and a link to it (in a
//     channel with no table: the games, one of which the person picks and opens there),
//   the SDK told who signed in (`authenticate`).
// The page then opens the table with the link, as any page with a link does. Requests carry Discord's
// proxy prefix when the page's own address does (`/.proxy/…`).

const READY_MS = 20000; // how long Discord's client may take to answer each step of the sign-in

export function inActivity(query) {
  return Boolean(query.get("frame_id") && query.get("instance_id"));
}

/** The prefix of the page's own requests: Discord's proxy's, when the page came through it. */
export function proxied() {
  return location.pathname.startsWith("/.proxy/") ? "/.proxy" : "";
}

export class SignInRefused extends Error {}

/** `{table, auth, discord}` for the socket's hello (`discord`: the Activity, for what the page shows
 * of it), or SignInRefused with the server's words. In a channel with no table, `choose(text, games)`
 * resolves to the game the person picks, whose table is then opened there. */
export async function signIn(choose) {
  const base = proxied();
  const { DiscordSDK } = await import("/static/discord.js");
  const config = await answer(await fetch(`${base}/api/discord/session`));
  // Discord's client that does not answer (or refuses): the server's words, not the SDK's
  const discord = (promise) => within(promise, READY_MS, String(config.text || ""));
  const sdk = new DiscordSDK(config.client_id, { disableConsoleLogOverride: true });
  await discord(sdk.ready());
  const { code } = await discord(
    sdk.commands.authorize({
      client_id: config.client_id,
      response_type: "code",
      state: "",
      prompt: "none",
      scope: ["identify", "rpc.activities.write"],
    }),
  );
  const session = await answer(
    await fetch(`${base}/api/discord/session`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ code, instance: sdk.instanceId }),
    }),
  );
  await discord(sdk.commands.authenticate({ access_token: session.access_token }));
  let { table, link } = session;
  if (table === null) {
    const games = Array.isArray(session.games) ? session.games : [];
    const game = await choose(String(session.text || ""), games);
    const opened = await answer(
      await fetch(`${base}/api/discord/table`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ opener: session.opener, game }),
      }),
    );
    ({ table, link } = opened);
  }
  return { table, auth: { kind: "link", token: link }, discord: new Activity(sdk) };
}

/** What the page shows of the Activity, and tells Discord of the game. */
export class Activity {
  constructor(sdk) {
    this.sdk = sdk;
    this.told = ""; // the rich presence last set
  }

  /** Who is in the Activity, now and whenever it changes: `show(names)`. */
  async participants(show) {
    const names = (data) =>
      (data && Array.isArray(data.participants) ? data.participants : []).map((p) => p.nickname || p.global_name || p.username);
    await this.sdk.subscribe("ACTIVITY_INSTANCE_PARTICIPANTS_UPDATE", (data) => show(names(data)));
    show(names(await this.sdk.commands.getInstanceConnectedParticipants()));
  }

  /** A page outside the Activity, in the person's browser (Discord asks them first). */
  openLink(url) {
    this.sdk.commands.openExternalLink({ url }).catch(() => {}); // (refused: the person said no)
  }

  /** The person's rich presence: the game, and its seats taken of the most ("Speed (2 of 2)"). */
  present(view) {
    const title = typeof view.title === "string" ? view.title : "";
    const seats = Array.isArray(view.seats) && view.seats.length === 2 ? view.seats.map(Number) : null;
    const activity = { type: 0, details: title };
    if (seats && seats.every((n) => Number.isInteger(n) && n > 0)) activity.party = { size: seats };
    const key = JSON.stringify(activity);
    if (!title || key === this.told) return;
    this.told = key;
    this.sdk.commands.setActivity({ activity }).catch(() => {}); // (not granted, or an older client: no presence)
  }
}

/** `promise`, or SignInRefused(`text`) when it fails or takes longer than `ms`. */
function within(promise, ms, text) {
  let timer = 0;
  const late = new Promise((_, reject) => {
    timer = setTimeout(() => reject(new SignInRefused(text)), ms);
  });
  return Promise.race([promise, late]).then(
    (value) => {
      clearTimeout(timer);
      return value;
    },
    (error) => {
      clearTimeout(timer);
      throw error instanceof SignInRefused ? error : new SignInRefused(text);
    },
  );
}

async function answer(response) {
  let data = null;
  try {
    data = await response.json();
  } catch {
    data = null;
  }
  if (!response.ok || !data || typeof data !== "object") throw new SignInRefused((data && data.text) || "");
  return data;
}
