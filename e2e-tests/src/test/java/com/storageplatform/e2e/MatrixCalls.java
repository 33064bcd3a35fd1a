package com.storageplatform.e2e;

import java.net.URI;
import java.net.http.HttpRequest;
import java.util.UUID;

/**
 * The tenancy matrix's requests: any method, a JSON body for writes and a fresh {@code Idempotency-Key} (which
 * payments require), sent again after the {@code Retry-After} of a 429, since the matrix sends more requests per
 * key than a test key's bucket holds.
 */
final class MatrixCalls {

    private MatrixCalls() {
    }

    static Http.Response send(String method, String url, String key, String body) {
        while (true) {
            HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(url)).header("Authorization", "Bearer " + key);
            if (method.equals("GET") || method.equals("DELETE")) {
                request.method(method, HttpRequest.BodyPublishers.noBody());
            } else {
                request.header("Content-Type", "application/json")
                        .header("Idempotency-Key", UUID.randomUUID().toString())
                        .method(method, HttpRequest.BodyPublishers.ofString(body == null ? "{}" : body));
            }
            Http.Response response = Http.send(request);
            if (response.status() != 429) {
                return response;
            }
            String retryAfter = response.header("Retry-After");
            Webhooks.sleep(1000L * (retryAfter == null ? 1 : Math.max(1, Long.parseLong(retryAfter.trim()))));
        }
    }
}
