package com.storageplatform.e2e;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/** A plain HTTP client for black-box calls: what a customer's integration would send. */
final class Http {

    private static final HttpClient CLIENT = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
    static final JsonMapper JSON = JsonMapper.builder().build();

    record Response(int status, JsonNode body, HttpResponse<String> raw) {
        String header(String name) {
            return raw.headers().firstValue(name).orElse(null);
        }

        JsonNode data() {
            return body.path("data");
        }

        String errorCode() {
            return body.path("error").path("code").asString();
        }

        /** The {@code field issue} pairs of the error's details, in the order they were given. */
        List<String> issues() {
            List<String> issues = new ArrayList<>();
            body.path("error").path("details").forEach(detail -> issues.add(detail.path("field").asString() + " "
                    + detail.path("issue").asString()));
            return issues;
        }

        /** The ids of a list's {@code data}, in order. */
        List<String> ids() {
            List<String> ids = new ArrayList<>();
            body.path("data").forEach(item -> ids.add(item.path("id").asString()));
            return ids;
        }
    }

    private Http() {
    }

    static Response get(String url) {
        return send(HttpRequest.newBuilder(URI.create(url)).GET());
    }

    /** A GET whose answer is not JSON (a page, a script): its status and text. */
    static HttpResponse<String> getText(String url) {
        try {
            return CLIENT.send(build(HttpRequest.newBuilder(URI.create(url)).GET()),
                    HttpResponse.BodyHandlers.ofString());
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    static Response get(String url, String bearer) {
        return send(HttpRequest.newBuilder(URI.create(url)).header("Authorization", "Bearer " + bearer).GET());
    }

    static Response post(String url, String bearer, Object body) {
        return send(jsonPost(url, bearer, body));
    }

    /** A POST whose answer may take longer than the usual 30 s: an admin job run (the gateway bounds it at 30 s). */
    static Response post(String url, String bearer, Object body, Duration timeout) {
        return send(jsonPost(url, bearer, body).timeout(timeout));
    }

    private static HttpRequest.Builder jsonPost(String url, String bearer, Object body) {
        return HttpRequest.newBuilder(URI.create(url))
                .header("Authorization", "Bearer " + bearer)
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(body == null ? "" : JSON.writeValueAsString(body)));
    }

    /** A body given as JSON text, for explicit nulls and for values no Map can spell. */
    static Response post(String url, String bearer, String json) {
        return send(HttpRequest.newBuilder(URI.create(url))
                .header("Authorization", "Bearer " + bearer)
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(json)));
    }

    static Response patch(String url, String bearer, String json) {
        return send(HttpRequest.newBuilder(URI.create(url))
                .header("Authorization", "Bearer " + bearer)
                .header("Content-Type", "application/json")
                .method("PATCH", HttpRequest.BodyPublishers.ofString(json)));
    }

    static Response delete(String url, String bearer) {
        return send(HttpRequest.newBuilder(URI.create(url)).header("Authorization", "Bearer " + bearer).DELETE());
    }

    static Response patch(String url, String bearer, Object body) {
        return send(HttpRequest.newBuilder(URI.create(url))
                .header("Authorization", "Bearer " + bearer)
                .header("Content-Type", "application/json")
                .method("PATCH", HttpRequest.BodyPublishers.ofString(JSON.writeValueAsString(body))));
    }

    static Response postForm(String url, Map<String, String> form, String basicAuth) {
        StringBuilder body = new StringBuilder();
        form.forEach((name, value) -> body.append(body.isEmpty() ? "" : "&")
                .append(java.net.URLEncoder.encode(name, java.nio.charset.StandardCharsets.UTF_8)).append('=')
                .append(java.net.URLEncoder.encode(value, java.nio.charset.StandardCharsets.UTF_8)));
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(url))
                .header("Content-Type", "application/x-www-form-urlencoded")
                .POST(HttpRequest.BodyPublishers.ofString(body.toString()));
        if (basicAuth != null) {
            request.header("Authorization", "Basic " + basicAuth);
        }
        return send(request);
    }

    static Response send(HttpRequest.Builder request) {
        try {
            return response(CLIENT.send(build(request), HttpResponse.BodyHandlers.ofString()));
        } catch (IOException e) {
            throw new IllegalStateException("HTTP call failed: " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    /** A GET whose answer is a file (a licence PDF): its status, headers and bytes. */
    static HttpResponse<byte[]> getBytes(String url, String bearer) {
        try {
            return CLIENT.send(build(HttpRequest.newBuilder(URI.create(url))
                    .header("Authorization", "Bearer " + bearer).GET()), HttpResponse.BodyHandlers.ofByteArray());
        } catch (IOException e) {
            throw new IllegalStateException("HTTP call failed: " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    /** A GET sent without waiting for its answer: many of them arrive at the server together, as a burst does. */
    static CompletableFuture<Response> getAsync(String url, String bearer) {
        return CLIENT.sendAsync(build(HttpRequest.newBuilder(URI.create(url))
                        .header("Authorization", "Bearer " + bearer).GET()), HttpResponse.BodyHandlers.ofString())
                .thenApply(Http::response);
    }

    /** The request with a 30 s timeout unless it set its own. */
    private static HttpRequest build(HttpRequest.Builder request) {
        HttpRequest built = request.build();
        if (built.timeout().isEmpty()) {
            built = request.timeout(Duration.ofSeconds(30)).build();
        }
        built.headers().firstValue("Authorization").ifPresent(Secrets::collectAuthorization);
        return built;
    }

    private static Response response(HttpResponse<String> response) {
        JsonNode body = response.body().isEmpty() ? JSON.nullNode() : JSON.readTree(response.body());
        Secrets.collect(body);
        return new Response(response.statusCode(), body, response);
    }
}
