package com.storageplatform.kit.testsupport;

import java.time.Duration;
import java.util.Arrays;
import org.springframework.core.env.Environment;
import org.springframework.test.web.reactive.server.WebTestClient;

/**
 * Reads a running test application's metrics as Prometheus does: {@code GET /internal/prometheus} on the
 * management port, without a credential (ADR 0022). A meter is recorded as its request completes, which can be a
 * moment after the client has the answer: {@link #awaitContaining} scrapes again until the text is there.
 */
public final class PrometheusScrape {

    private PrometheusScrape() {
    }

    /** The management port the application listens on ({@code management.server.port=0} gets a free one). */
    public static int managementPort(Environment environment) {
        Integer port = environment.getProperty("local.management.port", Integer.class);
        if (port == null) {
            throw new IllegalStateException("The application has no management port of its own");
        }
        return port;
    }

    public static WebTestClient client(Environment environment) {
        return WebTestClient.bindToServer().baseUrl("http://127.0.0.1:" + managementPort(environment))
                .responseTimeout(Duration.ofSeconds(30)).build();
    }

    /** One scrape, which must answer 200. */
    public static String scrape(Environment environment) {
        return client(environment).get().uri("/internal/prometheus").exchange()
                .expectStatus().isOk()
                .expectBody(String.class).returnResult().getResponseBody();
    }

    /** Scrapes until a line contains every fragment (within ten seconds), and returns that line. */
    public static String awaitLine(Environment environment, String... fragments) {
        long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
        while (true) {
            String text = scrape(environment);
            var line = text.lines().filter(candidate -> Arrays.stream(fragments).allMatch(candidate::contains))
                    .findFirst();
            if (line.isPresent()) {
                return line.get();
            }
            if (System.nanoTime() > deadline) {
                throw new AssertionError("No metric line contains " + Arrays.toString(fragments) + " in:\n" + text);
            }
            pause();
        }
    }

    private static void pause() {
        try {
            Thread.sleep(100);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
