// The Akon Discord Activity: signs the user in through the Embedded App SDK,
// finds the game of the channel the Activity was opened in, and shows it
// live with the game page's own module (everyone watches; its two players
// play, with the session as a bearer token). Bundled by `npm run build` into assets/web/activity.js, which the
// bot serves at /activity (and at / when Discord opens it); every request
// goes to the page's own origin, Discord's proxy to the bot.
import { DiscordSDK, DiscordSDKMock } from '@discord/embedded-app-sdk';
import { startLive } from '../../assets/web/live.js';

const root = document.getElementById('activity');
const clientId = root.dataset.clientId;
const query = new URLSearchParams(window.location.search);

/** Discord opens an Activity with `frame_id` in its address; anywhere else
 * (a plain browser, the tests) the SDK's own mock stands in for the
 * client, in the server and channel the address names (`guild_id`,
 * `channel_id`), and its authorization answers with `mock_code`. */
function connect() {
  if (query.has('frame_id')) {
    return new DiscordSDK(clientId);
  }
  const sdk = new DiscordSDKMock(clientId, query.get('guild_id'), query.get('channel_id'), null);
  const code = query.get('mock_code') || 'mock_code';
  sdk._updateCommandMocks({
    authorize: async () => ({ code }),
  });
  return sdk;
}

/** Shows the server-rendered sentence `name` (hidden in the page, in the
 * reader's language) instead of the others. */
function say(name) {
  for (const line of root.querySelectorAll('[data-says]')) {
    line.hidden = line.dataset.says !== name;
  }
}

/** The JSON of a request to the bot, or the reason it failed (the name of
 * a sentence to show). */
async function ask(path, init, failure) {
  let response;
  try {
    response = await fetch(path, init);
  } catch {
    throw new Error('unreachable');
  }
  if (response.status === 429) {
    throw new Error('busy');
  }
  if (!response.ok) {
    throw new Error(failure(response.status));
  }
  return response.json();
}

async function signIn(sdk) {
  await sdk.ready();
  const { code } = await sdk.commands.authorize({
    client_id: clientId,
    response_type: 'code',
    state: '',
    prompt: 'none',
    scope: ['identify'],
  });
  const signed = await ask(
    'api/activity/token',
    {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ code }),
    },
    () => 'sign-in-failed',
  );
  await sdk.commands.authenticate({ access_token: signed.access_token });
  return signed.session;
}

async function channelGame(sdk, session) {
  const address = new URLSearchParams({
    guild: sdk.guildId || '',
    channel: sdk.channelId || '',
  });
  return ask(
    `api/activity/game?${address}`,
    { headers: { Authorization: `Bearer ${session}` } },
    (status) => (status === 404 ? 'no-game' : status === 401 ? 'sign-in-failed' : 'unreachable'),
  );
}

async function main() {
  say('signing-in');
  const sdk = connect();
  try {
    const session = await signIn(sdk);
    say('finding');
    const game = await channelGame(sdk, session);
    say('found');
    root.dataset.game = game.token;
    // Relative addresses: under Discord's proxy and on the site alike,
    // they lead to the bot's root.
    startLive(document.getElementById('activity-game'), {
      game: `g/${game.token}`,
      auth: 'auth/',
      token: session,
      lang: document.documentElement.lang,
    });
  } catch (error) {
    say(error.message);
  }
}

main();
