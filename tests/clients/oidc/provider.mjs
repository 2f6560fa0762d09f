// A certified OpenID Provider (the oidc-provider package) for the sign-in tests, on
// 127.0.0.1. Usage: node provider.mjs PORT CLIENT_ID CLIENT_SECRET REDIRECT_URI
// Signing in needs no form: the account is the one last set through POST /_test/account
// ({sub, email, email_verified}); POST /_test/options with {forgeJwks: true} serves a key set
// that did not sign the tokens, with {clockOffset} (seconds) sets the provider's clock that far
// off (tokens issued in the past).
import { generateKeyPairSync } from "node:crypto";
import Provider from "oidc-provider";

const [port, clientId, clientSecret, redirectUri] = process.argv.slice(2);
const issuer = `http://127.0.0.1:${port}`;
const signing = generateKeyPairSync("rsa", { modulusLength: 2048 }).privateKey.export({ format: "jwk" });
const other = generateKeyPairSync("rsa", { modulusLength: 2048 }).publicKey.export({ format: "jwk" });
signing.kid = other.kid = "test-key";
signing.use = other.use = "sig";
signing.alg = other.alg = "RS256";

let account = { sub: "user-1", email: "someone@example.com", email_verified: true };
const options = { forgeJwks: false, clockOffset: 0 };
const realNow = Date.now;
Date.now = () => realNow() + options.clockOffset * 1000;

const provider = new Provider(issuer, {
  clients: [
    {
      client_id: clientId,
      client_secret: clientSecret,
      redirect_uris: [redirectUri],
      grant_types: ["authorization_code"],
      response_types: ["code"],
    },
  ],
  jwks: { keys: [signing] },
  cookies: { keys: ["a key for the test provider's cookies"] },
  pkce: { required: () => true },
  claims: { openid: ["sub"], email: ["email", "email_verified"] },
  findAccount: async (ctx, sub) => ({ accountId: sub, claims: async () => ({ ...account, sub }) }),
  features: { devInteractions: { enabled: false } },
  interactions: { url: (ctx, interaction) => `/interaction/${interaction.uid}` },
});

async function readJson(req) {
  let body = "";
  for await (const chunk of req) body += chunk;
  return JSON.parse(body || "{}");
}

provider.use(async (ctx, next) => {
  if (ctx.method === "POST" && ctx.path === "/_test/account") {
    account = await readJson(ctx.req);
    ctx.body = { ok: true };
    return;
  }
  if (ctx.method === "POST" && ctx.path === "/_test/options") {
    Object.assign(options, await readJson(ctx.req));
    ctx.body = { ok: true };
    return;
  }
  if (ctx.path.startsWith("/interaction/")) {
    const details = await provider.interactionDetails(ctx.req, ctx.res);
    let result;
    if (details.prompt.name === "login") {
      result = { login: { accountId: account.sub } };
    } else {
      const grant = new provider.Grant({ accountId: details.session.accountId, clientId: details.params.client_id });
      grant.addOIDCScope(details.params.scope);
      result = { consent: { grantId: await grant.save() } };
    }
    await provider.interactionFinished(ctx.req, ctx.res, result, { mergeWithLastSubmission: false });
    ctx.respond = false;
    return;
  }
  await next();
  if (ctx.path === "/jwks" && options.forgeJwks) ctx.body = { keys: [other] };
});

provider.listen(Number(port), "127.0.0.1", () => console.log(`ready ${issuer}`));
