package com.storageplatform.kit.web;

import static org.assertj.core.api.Assertions.assertThat;

import com.storageplatform.kit.caller.Caller;
import com.storageplatform.kit.sample.HeldRequests;
import com.storageplatform.kit.testsupport.PlatformTest;
import com.storageplatform.kit.testsupport.TestCallers;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.web.server.LocalServerPort;

/**
 * A service keeps reading a keep-alive connection whatever order its requests finish in (ADR 0016). With
 * reactor-netty 1.3.6 a request that arrived while the one before it was still finishing was held back; once it
 * was answered at once, the server stopped reading the connection, and the next request on it was never answered
 * (reactor/reactor-netty#4361, fixed in 1.3.8): the requests the tests saw unanswered while the database sat idle.
 *
 * <p>Each round writes two requests in one go on one connection: a slow one (held in its handler until released)
 * and a quick one ({@code /health}), reads both answers, then sends a third on the same connection, which must be
 * answered within five seconds.
 */
@PlatformTest
class KeepAliveTest {

    @LocalServerPort
    int port;

    @Test
    void aRequestAfterOneThatWaitedBehindASlowerOneIsStillAnswered() throws Exception {
        Caller caller = TestCallers.apiCaller("samples:read");
        for (int round = 0; round < 20; round++) {
            String name = "keep-alive-" + round;
            HeldRequests.Hold hold = HeldRequests.hold(name);
            try (Socket socket = new Socket("127.0.0.1", port)) {
                socket.setSoTimeout(5_000);
                OutputStream out = socket.getOutputStream();
                InputStream in = socket.getInputStream();
                CompletableFuture<Void> release = CompletableFuture.runAsync(() -> {
                    hold.awaitEntered();
                    sleep(50);
                    hold.release();
                });
                out.write((get("/v1/samples/held/" + name, TestCallers.bearer(caller)) + get("/health", null))
                        .getBytes(StandardCharsets.US_ASCII));
                out.flush();
                assertThat(readResponse(in)).as("round %d, held request", round).startsWith("HTTP/1.1 200");
                assertThat(readResponse(in)).as("round %d, request queued behind it", round).startsWith("HTTP/1.1 200");
                release.get(10, TimeUnit.SECONDS);

                out.write(get("/health", null).getBytes(StandardCharsets.US_ASCII));
                out.flush();
                String third;
                try {
                    third = readResponse(in);
                } catch (SocketTimeoutException unanswered) {
                    third = "no answer within 5 s";
                }
                assertThat(third).as("round %d, the next request on the connection", round).startsWith("HTTP/1.1 200");
            }
        }
    }

    private static String get(String path, String authorization) {
        return "GET " + path + " HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                + (authorization == null ? "" : "Authorization: " + authorization + "\r\n") + "\r\n";
    }

    /** One response: its head, then a body of Content-Length bytes (the kit always sends one). */
    private static String readResponse(InputStream in) throws IOException {
        ByteArrayOutputStream head = new ByteArrayOutputStream();
        int matched = 0;
        while (matched < 4) {
            int b = in.read();
            if (b < 0) {
                throw new IOException("connection closed after " + head);
            }
            head.write(b);
            matched = (b == "\r\n\r\n".charAt(matched)) ? matched + 1 : (b == '\r' ? 1 : 0);
        }
        String text = head.toString(StandardCharsets.US_ASCII);
        int length = 0;
        for (String line : text.split("\r\n")) {
            if (line.toLowerCase().startsWith("content-length:")) {
                length = Integer.parseInt(line.substring(15).trim());
            }
        }
        in.readNBytes(length);
        return text;
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
