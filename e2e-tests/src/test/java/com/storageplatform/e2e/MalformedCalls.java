package com.storageplatform.e2e;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;

/**
 * The malformed-input run's requests: exactly the bytes a case says (any body, header values in Latin-1, no
 * Content-Type when the case has none), over HTTP/1.1, answered with the raw status, content type and body (which
 * {@link Http} would insist is JSON). A 429 is sent again after its {@code Retry-After}, and so is a 503 that
 * carries one (twice at most): both say "later", and the run is about answers, not about how busy the stack is. A
 * request that got no answer at all is sent once more before that counts.
 */
final class MalformedCalls {

    private static final HttpClient CLIENT = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(5)).build();
    private static final int MAX_RATE_LIMITED = 20;
    private static final int MAX_UNAVAILABLE = 2;

    /** An answer; {@code failure} is set instead when none came (the connection closed, a timeout). */
    record Answer(int status, String contentType, byte[] body, String failure) {

        String text() {
            return new String(body, StandardCharsets.UTF_8);
        }
    }

    private MalformedCalls() {
    }

    static Answer send(String gatewayUrl, MalformedCases.Case call) {
        HttpRequest request = request(gatewayUrl, call);
        int rateLimited = 0;
        int unavailable = 0;
        int dropped = 0;
        while (true) {
            HttpResponse<byte[]> response;
            try {
                response = CLIENT.send(request, HttpResponse.BodyHandlers.ofByteArray());
            } catch (IOException e) {
                // A server that refuses a request early (414, 431) closes the connection; while the client is still
                // sending, the close can reset the connection before the answer is read. Once more, then it counts.
                if (dropped++ == 0) {
                    continue;
                }
                return new Answer(0, "", new byte[0], e.getClass().getSimpleName() + ": " + e.getMessage());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException(e);
            }
            Optional<String> retryAfter = response.headers().firstValue("Retry-After");
            boolean later = response.statusCode() == 429 && rateLimited++ < MAX_RATE_LIMITED
                    || response.statusCode() == 503 && retryAfter.isPresent() && unavailable++ < MAX_UNAVAILABLE;
            if (!later) {
                return new Answer(response.statusCode(), response.headers().firstValue("Content-Type").orElse(""),
                        response.body(), null);
            }
            Webhooks.sleep(1000L * Math.max(1, seconds(retryAfter.orElse("1"))));
        }
    }

    private static HttpRequest request(String gatewayUrl, MalformedCases.Case call) {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(gatewayUrl + call.target()))
                .timeout(Duration.ofSeconds(30))
                .method(call.method(), call.body() == null ? HttpRequest.BodyPublishers.noBody()
                        : HttpRequest.BodyPublishers.ofByteArray(call.body()));
        for (Map.Entry<String, String> header : call.headers().entrySet()) {
            request.header(header.getKey(), header.getValue());
        }
        return request.build();
    }

    private static long seconds(String retryAfter) {
        try {
            return Long.parseLong(retryAfter.trim());
        } catch (NumberFormatException e) {
            return 1;
        }
    }
}
