"""Schemathesis hooks for bench/fuzz-api.sh: the malformed inputs it does not generate by itself, and the check
that every error is in the platform's envelope (conventions.md, Errors).

Loaded through SCHEMATHESIS_HOOKS. Every mutation is drawn from a Hypothesis strategy, so a run's seed replays it.
"""
import json

import schemathesis
from hypothesis import strategies as st

# What an operator's client may send by mistake or a hostile one on purpose (issue 21, Malformed input).
HUGE_NUMBERS = [10**40, -(10**40), 1e308, -1e308, 2**63, -(2**63) - 1, 9007199254740993]
NASTY_STRINGS = [
    "x" * 100_000,                 # oversized
    "a\x00b",                      # NUL
    "0000-00-00",                  # a date that is not one
    "9999-99-99T99:99:99Z",
    "-1",
    "1e400",
    "\ud7ff\ufffd\u202e",          # unusual code points
    "' OR 1=1 --",
    "",
]
WRONG_TYPES = [None, True, 0, -1, 1.5, [], {}, [None], {"": None}]


def deep(levels):
    """A JSON value nested `levels` deep, as text (json.dumps would refuse so deep an object)."""
    return '{"a":' * levels + "1" + "}" * levels


def field_value(name):
    """A strategy for a bad value of the body field `name`, boundary values first for the fields the spec types."""
    special = []
    if name.endswith("_minor") or name in ("amount", "quantity"):
        special = [-1, -(10**12), 10**19, 0]          # negative and huge money
    elif name.endswith("_date") or name.endswith("_on") or name in ("from", "to"):
        special = ["0000-00-00", "2026-02-30", "99999-01-01", "2026-13-01"]
    elif name.endswith("_at"):
        special = ["0000-00-00T00:00:00Z", "2026-02-30T25:61:00Z"]
    elif name == "id" or name.endswith("_id"):
        special = ["00000000-0000-0000-0000-000000000000", "not-a-uuid", "x" * 300]
    return st.sampled_from(special + HUGE_NUMBERS + NASTY_STRINGS + WRONG_TYPES)


@schemathesis.hook
def flatmap_body(context, body):
    """Half the bodies are kept as generated; the rest get one field replaced by a bad value, an unknown field,
    a deeply nested value, invalid UTF-8 or a body that is not JSON at all."""
    if not isinstance(body, dict):
        return st.just(body)
    keys = sorted(body.keys()) or ["name"]
    text = json.dumps(body)
    replaced = st.sampled_from(keys).flatmap(lambda k: field_value(k).map(lambda v: {**body, k: v}))
    return st.one_of(
        st.just(body),
        st.just(body),
        replaced,
        st.just({**body, "unknown_field_x": "surprise"}),
        st.just({**body, keys[0]: json.loads(deep(200))}),
        st.just(deep(100_000).encode()),                               # nested past any parser's depth limit
        st.just(text.encode()[:-1] + b'"\xff\xfe\xc3\x28"}' if text != "{}" else b'{"a":"\xff\xfe"}'),
        st.just(b"\x00\x01\x02 not json"),
        st.just(b'{"a": 1e99999}'),
    )


@schemathesis.hook
def flatmap_query(context, query):
    """Some query strings get a bad value for one parameter, or an unknown parameter."""
    if not query:
        return st.just(query)
    keys = sorted(query.keys())
    replaced = st.sampled_from(keys).flatmap(
        lambda k: st.sampled_from(["0000-00-00", "x" * 10_000, "-1", "1e400", "a\x00b", str(10**40), "%ff"])
        .map(lambda v: {**query, k: v}))
    return st.one_of(st.just(query), st.just(query), replaced)


@schemathesis.hook
def flatmap_headers(context, headers):
    """Idempotency-Key over its 255 characters (and over the server's header limit), and non-UTF-8 bytes in it
    (sent as Latin-1)."""
    headers = headers or {}
    bad_key = st.sampled_from(["k" * 256, "k" * 10_000, "caf\xe9\xff"])
    return st.one_of(st.just(headers), st.just(headers), bad_key.map(lambda k: {**headers, "Idempotency-Key": k}))


@schemathesis.serializer("text/csv")
def csv(ctx, value):
    """Imports take CSV (POST /v1/imports): whatever was generated, as text, malformed CSV included."""
    if isinstance(value, bytes):
        return {"data": value}
    return {"data": value if isinstance(value, str) else json.dumps(value)}


@schemathesis.check
def error_envelope(ctx, response, case):
    """Every error answer is `{"error": {"code", "message", "details"?}}` in JSON, whoever answers it; but
    /oauth/token's, which RFC 6749 (5.2) shapes as `{"error", "error_description"}` and the document says so."""
    if response.status_code < 400 or case.path == "/oauth/token":
        return None
    content_type = response.headers.get("content-type", [""])
    content_type = content_type[0] if isinstance(content_type, list) else content_type
    if not content_type.startswith("application/json"):
        raise AssertionError(f"{response.status_code} answered as {content_type or 'no content type'}, not JSON")
    try:
        body = json.loads(response.content)
    except ValueError:
        raise AssertionError(f"{response.status_code} answered with a body that is not JSON")
    error = body.get("error") if isinstance(body, dict) else None
    if not isinstance(error, dict) or set(body) != {"error"}:
        raise AssertionError(f"{response.status_code} answered outside the error envelope: {str(body)[:300]}")
    if not isinstance(error.get("code"), str) or not isinstance(error.get("message"), str):
        raise AssertionError(f"{response.status_code} error without a string code and message: {str(error)[:300]}")
    unknown = set(error) - {"code", "message", "details"}
    if unknown:
        raise AssertionError(f"{response.status_code} error with fields outside the envelope: {sorted(unknown)}")
    return None
