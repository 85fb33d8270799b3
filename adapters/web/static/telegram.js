// The live table inside Telegram (a Mini App): the theme's colours, and the client's methods and
// events, spoken by hand through the WebView's postEvent (nothing of Telegram's is loaded: the
// page's Content-Security-Policy allows only 'self'). table.js starts it when Telegram opened the page.

function parsed(text) {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

// ----- Telegram: theme colours and the client's events -------------------------------------------

const THEME = {
  bg_color: "--bg",
  text_color: "--text",
  hint_color: "--hint",
  link_color: "--link",
  button_color: "--button",
  button_text_color: "--button-text",
  secondary_bg_color: "--secondary-bg",
};

export function applyTheme(params) {
  if (!params) return;
  const root = document.documentElement.style;
  for (const [key, variable] of Object.entries(THEME)) {
    const value = params[key];
    if (typeof value === "string" && /^#[0-9a-f]{3,8}$/i.test(value)) root.setProperty(variable, value);
  }
  const bg = params.bg_color;
  if (typeof bg === "string" && /^#[0-9a-f]{6}$/i.test(bg)) {
    const [r, g, b] = [1, 3, 5].map((i) => parseInt(bg.slice(i, i + 2), 16));
    const dark = 0.2126 * r + 0.7152 * g + 0.0722 * b < 128;
    document.documentElement.dataset.scheme = dark ? "dark" : "light";
  }
}

function postEvent(type, data = {}) {
  const body = JSON.stringify(data);
  try {
    if (window.TelegramWebviewProxy) window.TelegramWebviewProxy.postEvent(type, body);
    else if (window.external && "notify" in window.external) window.external.notify(JSON.stringify({ eventType: type, eventData: data }));
    else if (window.parent !== window) window.parent.postMessage(JSON.stringify({ eventType: type, eventData: data }), "https://web.telegram.org");
  } catch {
    // not inside Telegram
  }
}

/** Whether the Telegram client speaks Bot API `wanted` or newer (tgWebAppVersion: "8.0", "7.10"). */
function atLeast(version, wanted) {
  const [a, b] = [version, wanted].map((v) => v.split(".").map((n) => Number(n) || 0));
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    if ((a[i] || 0) !== (b[i] || 0)) return (a[i] || 0) > (b[i] || 0);
  }
  return true;
}

// The Mini App's ways (core.telegram.org/bots/webapps), spoken by hand through postEvent: full height
// (and full screen on a phone), the theme and its changes, the safe areas as CSS variables, the
// BackButton to leave (asking first while you play), the closing confirmation while you play, no
// swipe-to-close while a card is dragged, and a haptic tick when a move lands or is refused. Each
// only where the client's version has it.
export const telegram = {
  version: "6.0",
  words: {}, // the page's words (the welcome's): the leave question's
  playing: false, // seated at a game under way: leaving asks first
  asking: false, // the "leave?" popup is open

  start(who) {
    this.version = who.version;
    const receive = (type, data) => this.receive(type, data || {});
    window.Telegram = window.Telegram || {};
    window.Telegram.WebView = window.Telegram.WebView || { receiveEvent: receive };
    window.addEventListener("message", (event) => {
      if (event.origin !== "https://web.telegram.org") return;
      const message = typeof event.data === "string" ? parsed(event.data) : event.data;
      if (message) receive(message.eventType, message.eventData);
    });
    postEvent("web_app_ready");
    postEvent("web_app_expand");
    if (this.has("6.1")) postEvent("web_app_setup_back_button", { is_visible: true });
    if (this.has("8.0")) {
      postEvent("web_app_request_safe_area");
      postEvent("web_app_request_content_safe_area");
      if (who.platform === "android" || who.platform === "ios") postEvent("web_app_request_fullscreen");
    }
  },

  has(version) {
    return atLeast(this.version, version);
  },

  /** A page outside the Mini App, in the phone's browser (6.1: before it, the WebView's own). */
  openLink(url) {
    if (this.has("6.1")) postEvent("web_app_open_link", { url });
    else window.open(url, "_blank", "noopener");
  },

  receive(type, data) {
    const root = document.documentElement.style;
    const px = (value) => `${Math.max(0, Number(value) || 0)}px`;
    switch (type) {
      case "theme_changed":
        applyTheme(data.theme_params);
        break;
      case "safe_area_changed":
      case "content_safe_area_changed": {
        const prefix = type === "safe_area_changed" ? "--safe" : "--content-safe";
        for (const side of ["top", "bottom", "left", "right"]) root.setProperty(`${prefix}-${side}`, px(data[side]));
        break;
      }
      case "viewport_changed":
        if (Number(data.height) > 0) root.setProperty("--viewport-height", px(data.height));
        break;
      case "back_button_pressed":
        this.leave();
        break;
      case "popup_closed":
        this.asking = false;
        if (data.button_id === "leave") postEvent("web_app_close");
        break;
      default:
        break; // (events this page does not use)
    }
  },

  /** The BackButton: close the app, after asking while a game is under way. */
  leave() {
    if (!this.playing || !this.has("6.2")) {
      postEvent("web_app_close");
      return;
    }
    if (this.asking) return;
    this.asking = true;
    postEvent("web_app_open_popup", {
      message: this.words.leave_question || "?",
      buttons: [
        { id: "leave", type: "destructive", text: this.words.leave || "✕" },
        { id: "stay", type: "cancel" },
      ],
    });
  },

  /** Seated at a game under way, or not: closing the app asks first, or not. */
  play(on) {
    if (on === this.playing) return;
    this.playing = on;
    if (this.has("6.2")) postEvent("web_app_setup_closing_behavior", { need_confirmation: on });
  },

  /** A card is being dragged: a vertical swipe moves it, not the app. */
  dragging(on) {
    if (this.has("7.7")) postEvent("web_app_setup_swipe_behavior", { allow_vertical_swipe: !on });
  },

  /** A move landed (the server took it) or was refused. */
  felt(ok) {
    if (this.has("6.1")) {
      postEvent("web_app_trigger_haptic_feedback", { type: "notification", notification_type: ok ? "success" : "error" });
    }
  },
};
