// The live game page: the board follows the game as it is played, the two
// players sign in with Discord and play by choosing a hole, and everyone
// sees how many watch. A plain ES module: the web page loads it, and the
// embedded app inside Discord imports `startLive` from this very file. It
// does nothing when imported, except on a game page of the site, where it
// starts itself (see the end of the file). Without it, the page is the
// read-only page it always was.

const RETRY_FIRST_MS = 1000;
const RETRY_MOST_MS = 15000;
const CLOCK_TICK_MS = 100;

/** A clock's time left as clocks show it: `4:05`, `1:02:09`, `0:09.4` under ten seconds. */
export function clockFace(ms) {
  const left = Math.max(0, Math.floor(ms));
  const seconds = Math.floor(left / 1000);
  const hours = Math.floor(seconds / 3600);
  const minutes = Math.floor(seconds / 60) % 60;
  const two = String(seconds % 60).padStart(2, "0");
  if (hours > 0) return hours + ":" + String(minutes).padStart(2, "0") + ":" + two;
  if (left > 0 && left < 10000) return minutes + ":" + two + "." + Math.floor((left % 1000) / 100);
  return minutes + ":" + two;
}

/** The parts of a Server-Sent Events text: complete events, and what is left. */
export function parseEvents(text) {
  const events = [];
  const blocks = text.split(/\r?\n\r?\n/);
  const rest = blocks.pop();
  for (const block of blocks) {
    let name = "message";
    const data = [];
    for (const line of block.split(/\r?\n/)) {
      if (line.startsWith(":")) continue;
      const colon = line.indexOf(":");
      const field = colon < 0 ? line : line.slice(0, colon);
      const value = colon < 0 ? "" : line.slice(colon + 1).replace(/^ /, "");
      if (field === "event") name = value;
      if (field === "data") data.push(value);
    }
    if (data.length > 0) events.push({ name: name, data: data.join("\n") });
  }
  return { events: events, rest: rest };
}

function element(tag, attributes, text) {
  const made = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes || {})) {
    made.setAttribute(name, value);
  }
  if (text !== undefined) made.textContent = text;
  return made;
}

/**
 * Makes `root` (the element that holds the board) live.
 *
 * options:
 * - `game`: the game's address, `/g/TOKEN` (its events and moves are under it);
 * - `auth`: the sign-in's address, ending in `/` (`/auth/`);
 * - `token`: a session token, sent as `Authorization: Bearer` (the embedded
 *   app); without it, the session cookie goes with each request;
 * - `lang`: the language of the sentences (the page's, by default).
 *
 * Returns `{ stop() }`.
 */
export function startLive(root, options) {
  const game = String(options.game).replace(/\/+$/, "");
  const auth = String(options.auth || "/auth/").replace(/\/*$/, "/");
  const token = options.token || null;
  const lang = options.lang || document.documentElement.lang || "en";
  const langQuery = "lang=" + encodeURIComponent(lang);
  const controller = new AbortController();
  let session = { signed_in: false, texts: {} };
  let state = null;
  let stopped = false;
  // The clock as last told, and when (by this page's monotonic clock): the
  // running one counts down from then, whatever this computer's time.
  let clock = null;
  let clockReceived = 0;
  let ticking = null;

  const panel = element("div", { class: "live", "data-live-panel": "" });
  const account = element("p", { class: "live-account" });
  const clocks = element("div", { class: "live-clocks" });
  const status = element("p", { class: "live-status", role: "status", "aria-live": "polite" });
  const holes = element("div", { class: "live-holes", role: "group" });
  const message = element("p", { class: "live-message", role: "alert" });
  const watchers = element("p", { class: "live-watchers muted" });
  panel.append(clocks, account, status, holes, message, watchers);
  root.after(panel);

  function headers(extra) {
    const sent = Object.assign({ Accept: "application/json" }, extra || {});
    if (token) sent.Authorization = "Bearer " + token;
    return sent;
  }

  function request(url, init) {
    return fetch(url, Object.assign({ credentials: "same-origin", signal: controller.signal }, init));
  }

  function showAccount() {
    account.replaceChildren();
    const texts = session.texts || {};
    if (session.signed_in) {
      account.append(element("span", { class: "live-user" }, session.signed_in_as || session.name));
      if (!token) {
        const out = element("button", { type: "button", class: "live-sign-out" }, texts.sign_out || "Sign out");
        out.addEventListener("click", signOut);
        account.append(" ", out);
      }
    } else if (!token) {
      const next = (game.match(/g\/[A-Za-z0-9_-]{22}$/) || [""])[0];
      const href = auth + "login?next=" + encodeURIComponent(next) + "&" + langQuery;
      account.append(element("a", { class: "live-sign-in", href: href }, texts.sign_in || "Sign in"));
    }
  }

  async function signOut() {
    await request(auth + "logout", { method: "POST", headers: headers({ "X-CSRF-Token": session.csrf || "" }) });
    window.location.reload();
  }

  async function loadSession() {
    try {
      const answer = await request(auth + "session?" + langQuery, { headers: headers() });
      if (answer.ok) session = await answer.json();
    } catch (error) {
      if (stopped) return;
    }
    showAccount();
    if (state) render(state);
  }

  function clockLeft(index) {
    const seat = index === 0 ? "A" : "B";
    const told = clock.remaining_ms[index];
    if (clock.running !== seat || state.finished) return told;
    return told - (performance.now() - clockReceived);
  }

  function showClocks() {
    if (!clock) return;
    clocks.querySelectorAll(".live-clock").forEach(function (shown, index) {
      const face = clockFace(clockLeft(index));
      const time = shown.querySelector(".live-clock-time");
      if (time.textContent !== face) time.textContent = face;
    });
  }

  // A new clock from the server; the faces are drawn again (names and
  // which runs may have changed), then the running one ticks. At zero it
  // stays at 0:00 until the server says how the game ended.
  function setClock(next, fresh) {
    if (fresh) {
      clock = next.clock || null;
      clockReceived = performance.now();
    }
    clearInterval(ticking);
    ticking = null;
    clocks.replaceChildren();
    if (!clock) return;
    clocks.append(element("p", { class: "live-time-control muted" }, next.time_control || clock.code));
    next.players.forEach(function (player, index) {
      const running = clock.running === player.seat && !next.finished;
      // A timer read on demand, never announced at each tick: its name
      // and time are its text.
      const shown = element("div", {
        class: "live-clock" + (running ? " running" : ""),
        role: "timer",
        "aria-live": "off",
        title: player.clock_label || player.name,
        "data-seat": player.seat,
        "data-running": running ? "true" : "false",
      });
      shown.append(
        element("span", { class: "live-clock-name seat-" + player.seat.toLowerCase() }, player.name),
        " ",
        element("span", { class: "live-clock-time" }),
      );
      clocks.append(shown);
    });
    showClocks();
    if (clock.running && !next.finished) ticking = setInterval(showClocks, CLOCK_TICK_MS);
  }

  // `fresh`: the state has just come from the server (its clock too), not
  // drawn again as it was.
  function render(next, fresh) {
    state = next;
    setClock(next, fresh);
    root.innerHTML = next.board_svg;
    root.setAttribute("data-ply", String(next.ply));
    status.textContent = next.status;
    watchers.textContent = next.watchers_text;
    holes.replaceChildren();
    for (const hole of next.holes) {
      const button = element("button", {
        type: "button",
        class: "live-hole",
        "data-hole": String(hole.hole),
        "aria-label": hole.label,
        title: hole.label,
      });
      button.append(element("span", { class: "n" }, String(hole.hole)), element("span", { class: "s" }, String(hole.seeds)));
      button.disabled = !hole.playable;
      button.addEventListener("click", function () {
        play(hole.hole);
      });
      holes.append(button);
    }
  }

  async function play(hole) {
    if (!state) return;
    message.textContent = "";
    for (const button of holes.querySelectorAll("button")) button.disabled = true;
    const extra = { "Content-Type": "application/json" };
    if (!token) extra["X-CSRF-Token"] = session.csrf || "";
    try {
      const answer = await request(game + "/move?" + langQuery, {
        method: "POST",
        headers: headers(extra),
        body: JSON.stringify({ ply: state.ply, hole: hole }),
      });
      const body = await answer.json();
      if (answer.ok) {
        body.watchers_text = state.watchers_text;
        render(body, true);
      } else {
        message.textContent = body.message || "";
        render(state);
      }
    } catch (error) {
      if (!stopped) render(state);
    }
  }

  async function follow() {
    let wait = RETRY_FIRST_MS;
    while (!stopped) {
      try {
        const answer = await request(game + "/events?" + langQuery, {
          headers: headers({ Accept: "text/event-stream" }),
        });
        if (answer.ok && answer.body) {
          wait = RETRY_FIRST_MS;
          const reader = answer.body.getReader();
          const decoder = new TextDecoder();
          let buffered = "";
          for (;;) {
            const read = await reader.read();
            if (read.done) break;
            buffered += decoder.decode(read.value, { stream: true });
            const parsed = parseEvents(buffered);
            buffered = parsed.rest;
            for (const event of parsed.events) {
              if (event.name === "state") render(JSON.parse(event.data), true);
            }
          }
        } else if (answer.status === 404) {
          return;
        } else {
          const body = await answer.json().catch(function () {
            return {};
          });
          if (body.message) message.textContent = body.message;
        }
      } catch (error) {
        if (stopped) return;
      }
      if (state && state.finished) return;
      await new Promise(function (done) {
        setTimeout(done, wait);
      });
      wait = Math.min(wait * 2, RETRY_MOST_MS);
    }
  }

  function stop() {
    stopped = true;
    clearInterval(ticking);
    controller.abort();
    panel.remove();
  }

  // A page left (even kept by the browser for going back) closes its
  // stream, so that it is not counted as watching; one come back to
  // starts again.
  function left() {
    stop();
    window.removeEventListener("pagehide", left);
    window.addEventListener("pageshow", function (event) {
      if (event.persisted) startLive(root, options);
    }, { once: true });
  }
  window.addEventListener("pagehide", left);

  loadSession();
  follow();
  return {
    stop: function () {
      window.removeEventListener("pagehide", left);
      stop();
    },
  };
}

// On a game page of the site, in progress and at its last move, the page
// marks its board; anywhere else (the embedded app) nothing starts.
if (typeof document !== "undefined") {
  const board = document.querySelector("div.board[data-live='events']");
  if (board) {
    startLive(board, {
      game: window.location.pathname,
      auth: new URL("../auth/", window.location.href).pathname,
    });
  }
}
