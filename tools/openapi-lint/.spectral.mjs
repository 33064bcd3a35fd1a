// The lint of the API descriptions (docs/openapi/*.json): Spectral's OpenAPI rules, the OWASP API Security
// Top 10 ruleset, and a few rules of our own. The build fails on any error (ADR 0018).
import { oas } from "@stoplight/spectral-rulesets";
import owasp from "@stoplight/spectral-owasp-ruleset";
import { pattern, truthy } from "@stoplight/spectral-functions";

export default {
  extends: [oas, owasp],
  overrides: [
    {
      // RFC 6749 section 2.3.1 client authentication at the token endpoint: HTTP Basic over TLS is the standard.
      files: ["../../docs/openapi/*.json#/components/securitySchemes/oauth_client"],
      rules: { "owasp:api2:2023-no-http-basic": "off" },
    },
    {
      // The client-credentials grant issues no refresh token (RFC 6749 section 4.4.3): its access tokens simply
      // expire (expires_in, 2 hours) and the client asks again. The authorization-code flow does rotate refresh
      // tokens, and says so with its refreshUrl.
      files: ["../../docs/openapi/*.json#/components/securitySchemes/oauth2/flows/clientCredentials"],
      rules: { "owasp:api2:2023-short-lived-access-tokens": "off" },
    },
  ],
  rules: {
    // The API answers no browser cross-origin requests on purpose: credentials stay server-side (spec,
    // Authentication), so no response carries Access-Control-Allow-Origin.
    "owasp:api8:2023-define-cors-origin": "off",
    // Each field's bounds are enforced by its resource's rules (422 naming the field) and every body by the 1 MiB
    // limit, but the descriptions do not carry each bound yet: until they do, these would flag every field.
    "owasp:api4:2023-string-limit": "off",
    "owasp:api4:2023-string-restricted": "off",
    "owasp:api4:2023-integer-limit": "off",
    "owasp:api4:2023-array-limit": "off",
    // The gateway limits /v1 (per credential) and /oauth (per source IP); the admin API, reached only with the
    // platform admin token, has no limiter, so the OWASP rule is applied where limits exist (below).
    "owasp:api4:2023-rate-limit": "off",
    "platform-rate-limit-headers": {
      description: "Every 2xx and 4xx answer under /v1 and /oauth names the RateLimit-* headers.",
      severity: "error",
      given: "$.paths[?(@property.startsWith('/v1/') || @property.startsWith('/oauth/'))][get,put,post,patch,delete].responses[?(@property.match(/^(2|4)/))].headers",
      then: { field: "RateLimit-Limit", function: truthy },
    },
    // Every /v1 operation names the one scope it needs (the gateway's route table decides which).
    "platform-v1-operation-scope": {
      description: "A /v1 operation names its bearer scope.",
      severity: "error",
      given: "$.paths[?(@property.startsWith('/v1/'))][get,put,post,patch,delete].security[*].bearer",
      then: { field: "0", function: truthy },
    },
    // Field names are snake_case, as the JSON the API writes.
    "platform-snake-case-fields": {
      description: "Schema fields are snake_case.",
      severity: "error",
      given: "$.components.schemas[*].properties",
      then: { field: "@key", function: pattern, functionOptions: { match: "^[a-z][a-z0-9_]*$" } },
    },
    // Every error answer is one of the two error shapes.
    "platform-error-envelope": {
      description: "A 4xx or 5xx response uses the Error (or, at /oauth/token, the OAuthError) schema.",
      severity: "error",
      given: "$.components.responses[*].content.application/json.schema.$ref",
      then: { function: pattern, functionOptions: { match: "#/components/schemas/(Error|OAuthError)$" } },
    },
  },
};
