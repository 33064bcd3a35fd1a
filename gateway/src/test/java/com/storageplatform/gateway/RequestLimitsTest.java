package com.storageplatform.gateway;

import static org.assertj.core.api.Assertions.assertThat;

import com.storageplatform.kit.caller.Environment;
import com.storageplatform.kit.testsupport.ThreadDumpOnTimeout;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.SocketException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import tools.jackson.databind.JsonNode;

/**
 * What one client may send the gateway, over real sockets to real HTTP services behind it: bodies over the limit
 * are 413 before they are read whole, headers and request lines over theirs are refused in the envelope, and a
 * client that sends its request too slowly is cut off. The limits are small here so that the tests are quick; the
 * defaults are in application.yml.
 */
@ExtendWith({ThreadDumpOnTimeout.class, OutputCaptureExtension.class})
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
class RequestLimitsTest {

    private static final int MAX_BODY = 64 * 1024;
    private static final int MAX_IMPORT = 256 * 1024;
    private static final int MAX_CONNECTIONS = 16;
    private static final int MAX_KEEP_ALIVE_REQUESTS = 3;

    @DynamicPropertySource
    static void services(DynamicPropertyRegistry registry) {
        Backends.register(registry);
        registry.add("platform.limits.max-body-size", () -> "64KB");
        registry.add("platform.limits.max-import-size", () -> "256KB");
        registry.add("platform.limits.read-timeout", () -> "3s");
        registry.add("platform.limits.request-timeout", () -> "10s");
        registry.add("platform.limits.max-connections", () -> Integer.toString(MAX_CONNECTIONS));
        registry.add("server.netty.idle-timeout", () -> "1s");
        registry.add("server.netty.max-keep-alive-requests", () -> Integer.toString(MAX_KEEP_ALIVE_REQUESTS));
        // Above the request timeout, so that a slow body is the server's to cut off, not the route's to answer 504.
        registry.add("platform.route-timeout", () -> "30s");
    }

    @LocalServerPort
    int port;

    private String dealsKey;
    private String importsKey;

    @BeforeEach
    void keys() {
        dealsKey = Backends.apiKey(Environment.LIVE, "crm:write");
        importsKey = Backends.apiKey(Environment.LIVE, "imports:write");
        Backends.ALL.values().forEach(backend -> backend.received.clear());
    }

    @Test
    void aContentLengthOverTheLimitIsRefusedAtOnceWithoutTheServiceSeeingTheRequest() throws IOException {
        long bodyBytes = settledBytes("crm");
        try (Socket socket = connect()) {
            // Only the headers: an answer at all proves the gateway did not wait for the body.
            send(socket, headers("POST", "/v1/deals", dealsKey, "application/json", "Content-Length: " + (MAX_BODY + 1)));
            Answer answer = Answer.read(socket.getInputStream());

            assertThat(answer.status()).isEqualTo(413);
            assertThat(answer.json().path("error").path("code").asString()).isEqualTo("payload_too_large");
            assertThat(answer.json().path("error").path("message").asString())
                    .isEqualTo("The request body is larger than 64 KiB.");
            assertThat(answer.header("RateLimit-Remaining")).isNotNull();
        }
        assertThat(Backends.get("crm").received).isEmpty();
        assertThat(settledBytes("crm")).isEqualTo(bodyBytes);
    }

    /**
     * The bytes a backend has received once they stop arriving: a body another test cut off at the limit may still
     * be reaching it, and must not be counted as this test's (or hide a body sent twice).
     */
    private static long settledBytes(String backend) {
        long deadline = System.nanoTime() + Duration.ofSeconds(5).toNanos();
        long seen = Backends.get(backend).bodyBytes.get();
        while (System.nanoTime() < deadline) {
            try {
                Thread.sleep(300);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                break;
            }
            long now = Backends.get(backend).bodyBytes.get();
            if (now == seen) {
                return now;
            }
            seen = now;
        }
        return seen;
    }

    @Test
    void aBodyAtTheLimitReachesTheServiceWhole() throws IOException {
        long before = settledBytes("crm");
        try (Socket socket = connect()) {
            send(socket, headers("POST", "/v1/deals", dealsKey, "application/json", "Content-Length: " + MAX_BODY));
            send(socket, jsonOf(MAX_BODY));

            assertThat(Answer.read(socket.getInputStream()).status()).isEqualTo(200);
        }
        assertThat(settledBytes("crm") - before).isEqualTo(MAX_BODY);
    }

    @Test
    void aChunkedBodyIsCountedAsItStreamsAndCutOffAtTheLimit() throws IOException {
        long before = settledBytes("crm");
        try (Socket socket = connect()) {
            send(socket, headers("POST", "/v1/deals", dealsKey, "application/json", "Transfer-Encoding: chunked"));
            Answer answer = sendChunksUntilAnswered(socket, 8 * 1024, 4 * MAX_BODY);

            assertThat(answer.status()).isEqualTo(413);
            assertThat(answer.json().path("error").path("code").asString()).isEqualTo("payload_too_large");
        }
        // The service saw no more than the limit of it, and never the rest.
        assertThat(settledBytes("crm") - before).isLessThanOrEqualTo(MAX_BODY);
    }

    @Test
    void aClientsOversizedBodiesDoNotOpenTheServicesCircuit() throws IOException {
        for (int i = 0; i < 15; i++) {
            try (Socket socket = connect()) {
                send(socket, headers("POST", "/v1/deals", dealsKey, "application/json", "Transfer-Encoding: chunked"));
                assertThat(sendChunksUntilAnswered(socket, 16 * 1024, 4 * MAX_BODY).status()).isEqualTo(413);
            }
        }
        try (Socket socket = connect()) {
            send(socket, headers("POST", "/v1/deals", dealsKey, "application/json", "Content-Length: 2"));
            send(socket, "{}".getBytes(StandardCharsets.UTF_8));
            assertThat(Answer.read(socket.getInputStream()).status()).isEqualTo(200);
        }
    }

    @Test
    void clientsCutOffForSendingTooSlowlyDoNotOpenTheServicesCircuit(CapturedOutput output) throws IOException {
        List<Socket> stalled = new ArrayList<>();
        try {
            // More than the breaker's minimum number of calls (10), all at once: each is cut off at the read timeout.
            for (int i = 0; i < 12; i++) {
                Socket socket = connect();
                send(socket, headers("POST", "/v1/deals", dealsKey, "application/json", "Content-Length: 100"));
                send(socket, "{\"a\":".getBytes(StandardCharsets.US_ASCII));
                stalled.add(socket);
            }
            for (Socket socket : stalled) {
                assertThat(readsToEnd(socket)).isTrue();
            }
        } finally {
            for (Socket socket : stalled) {
                socket.close();
            }
        }
        try (Socket socket = connect()) {
            send(socket, headers("POST", "/v1/deals", dealsKey, "application/json", "Content-Length: 2"));
            send(socket, "{}".getBytes(StandardCharsets.UTF_8));
            assertThat(Answer.read(socket.getInputStream()).status()).isEqualTo(200);
        }
        // A body cut off is the client's failure, never an unexpected one for the error handler.
        assertThat(output.getAll()).doesNotContain("Unexpected failure").doesNotContain("NoClassDefFoundError");
    }

    @Test
    void anImportsCsvFileMayBeLargerThanAJsonBodyUpToItsOwnLimit() throws IOException {
        long before = settledBytes("commerce");
        int size = MAX_BODY * 2;
        try (Socket socket = connect()) {
            send(socket, headers("POST", "/v1/imports?type=contacts&dry_run=true", importsKey, "text/csv",
                    "Content-Length: " + size));
            send(socket, csvOf(size));

            assertThat(Answer.read(socket.getInputStream()).status()).isEqualTo(200);
        }
        assertThat(settledBytes("commerce") - before).isEqualTo(size);

        try (Socket socket = connect()) {
            send(socket, headers("POST", "/v1/imports?type=contacts&dry_run=true", importsKey, "text/csv",
                    "Content-Length: " + (MAX_IMPORT + 1)));
            Answer answer = Answer.read(socket.getInputStream());

            assertThat(answer.status()).isEqualTo(413);
            assertThat(answer.json().path("error").path("message").asString())
                    .isEqualTo("The file is larger than 256 KiB, the most an import takes: split it into several files.");
        }
        // JSON to the same path has the JSON limit.
        try (Socket socket = connect()) {
            send(socket, headers("POST", "/v1/imports?type=contacts&dry_run=true", importsKey, "application/json",
                    "Content-Length: " + size));
            assertThat(Answer.read(socket.getInputStream()).status()).isEqualTo(413);
        }
    }

    @Test
    void headersOverTheirLimitAreRefusedWith431InTheEnvelope() throws IOException {
        StringBuilder flood = new StringBuilder();
        for (int i = 0; flood.length() <= 20 * 1024; i++) {
            flood.append("X-Flood-").append(i).append(": ").append("f".repeat(100)).append("\r\n");
        }
        try (Socket socket = connect()) {
            send(socket, ("GET /v1/ready HTTP/1.1\r\nHost: gateway\r\n" + flood + "\r\n").getBytes(StandardCharsets.US_ASCII));
            Answer answer = Answer.read(socket.getInputStream());

            assertThat(answer.status()).isEqualTo(431);
            assertThat(answer.json().path("error").path("code").asString()).isEqualTo("invalid_request");
            assertThat(answer.json().path("error").path("message").asString())
                    .isEqualTo("The request's headers are larger than 16 KiB.");
        }
        Backends.ALL.forEach((name, backend) -> assertThat(backend.received).as(name).isEmpty());
    }

    @Test
    void aRequestLineOverItsLimitIsRefusedWith414InTheEnvelope() throws IOException {
        try (Socket socket = connect()) {
            send(socket, ("GET /v1/deals?q=" + "a".repeat(9 * 1024) + " HTTP/1.1\r\nHost: gateway\r\n\r\n")
                    .getBytes(StandardCharsets.US_ASCII));
            Answer answer = Answer.read(socket.getInputStream());

            assertThat(answer.status()).isEqualTo(414);
            assertThat(answer.json().path("error").path("code").asString()).isEqualTo("invalid_request");
            assertThat(answer.json().path("error").path("message").asString())
                    .isEqualTo("The request line is longer than 8 KiB.");
        }
    }

    @Test
    void aConnectionThatTricklesItsHeadersIsClosedAtTheIdleTimeout() throws IOException {
        try (Socket socket = connect()) {
            send(socket, "GET /v1/ready HTTP/1.1\r\nHost: gateway\r\n".getBytes(StandardCharsets.US_ASCII));
            long started = System.nanoTime();
            // One header line every 300 ms, for up to 30 s: the headers never end.
            Cutoff cutoff = trickle(socket, i -> ("X-Slow-" + i + ": x\r\n").getBytes(StandardCharsets.US_ASCII), 100);

            assertThat(cutoff.closed()).isTrue();
            assertThat(Duration.ofNanos(System.nanoTime() - started)).isLessThan(Duration.ofSeconds(6));
        }
        Backends.ALL.forEach((name, backend) -> assertThat(backend.received).as(name).isEmpty());
    }

    @Test
    void aBodyThatStallsIsCutOffAtTheReadTimeout() throws IOException {
        try (Socket socket = connect()) {
            send(socket, headers("POST", "/v1/deals", dealsKey, "application/json", "Content-Length: 100"));
            send(socket, "{\"a\":".getBytes(StandardCharsets.US_ASCII));
            long started = System.nanoTime();

            assertThat(readsToEnd(socket)).isTrue();
            // The read timeout (3 s), well before the request timeout (10 s) would.
            assertThat(Duration.ofNanos(System.nanoTime() - started)).isLessThan(Duration.ofMillis(7500));
        }
    }

    @Test
    void aBodyThatTricklesInIsCutOffAtTheRequestTimeout() throws IOException {
        try (Socket socket = connect()) {
            send(socket, headers("POST", "/v1/deals", dealsKey, "application/json", "Content-Length: 1000"));
            long started = System.nanoTime();
            // A byte every 300 ms: often enough for the read timeout, 300 s for the whole body.
            Cutoff cutoff = trickle(socket, i -> new byte[] {' '}, 1000);

            // Closed by the server at the request timeout (10 s), before the route (30 s) answered anything.
            assertThat(cutoff.closed()).isTrue();
            assertThat(cutoff.answered()).isFalse();
            assertThat(Duration.ofNanos(System.nanoTime() - started)).isLessThan(Duration.ofSeconds(20));
        }
    }

    /**
     * The read timeout bounds a request's arrival, not its answer: an admin job run that takes longer than it, whose
     * small body came after its headers, is answered. The route never needed the body, and a body left unread kept
     * the read timeout armed while the job ran, so the connection was closed with no answer (found by the billing
     * journey's job runs).
     */
    @Test
    void anAdminJobRunLongerThanTheReadTimeoutIsAnsweredThoughItsBodyCameAfterItsHeaders()
            throws IOException, InterruptedException {
        Backends.get("billing").delay.set(Duration.ofSeconds(5));
        try (Socket socket = connect()) {
            send(socket, headers("POST", "/admin/v1/jobs/billing-run/run", Backends.ADMIN_TOKEN, "application/json",
                    "Content-Length: 2"));
            Thread.sleep(200);
            send(socket, "{}".getBytes(StandardCharsets.US_ASCII));

            assertThat(Answer.read(socket.getInputStream()).status()).isEqualTo(200);
        } finally {
            Backends.get("billing").delay.set(Duration.ZERO);
        }
    }

    @Test
    void pastTheConnectionCapANewConnectionIsClosedWithoutAnAnswer() throws IOException, InterruptedException {
        List<Socket> held = new ArrayList<>();
        try {
            for (int i = 0; i < MAX_CONNECTIONS; i++) {
                Socket socket = connect();
                // A request whose body never comes holds its connection until the read timeout (3 s).
                send(socket, ("POST /oauth/token HTTP/1.1\r\nHost: gateway\r\n"
                        + "Content-Type: application/x-www-form-urlencoded\r\nContent-Length: 100\r\n\r\n")
                        .getBytes(StandardCharsets.US_ASCII));
                held.add(socket);
            }
            try (Socket refused = connect()) {
                assertThat(answersReady(refused)).isFalse();
            }
        } finally {
            for (Socket socket : held) {
                socket.close();
            }
        }
        // Once those are gone, a new connection is served again.
        boolean served = false;
        for (int attempt = 0; attempt < 50 && !served; attempt++) {
            try (Socket socket = connect()) {
                served = answersReady(socket);
            }
            if (!served) {
                Thread.sleep(100);
            }
        }
        assertThat(served).isTrue();
    }

    @Test
    void aConnectionIsClosedAfterItsKeepAliveRequests() throws IOException {
        try (Socket socket = connect()) {
            for (int i = 1; i <= MAX_KEEP_ALIVE_REQUESTS; i++) {
                send(socket, "GET /health HTTP/1.1\r\nHost: gateway\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
                Answer answer = Answer.read(socket.getInputStream());

                assertThat(answer.status()).isEqualTo(200);
                assertThat(answer.header("Connection")).as("answer %d", i)
                        .isEqualTo(i < MAX_KEEP_ALIVE_REQUESTS ? null : "close");
            }
            assertThat(socket.getInputStream().read()).isEqualTo(-1);
        }
    }

    /** Whether a {@code GET /v1/ready} on this connection is answered at all (false: closed without a word). */
    private static boolean answersReady(Socket socket) {
        try {
            send(socket, "GET /v1/ready HTTP/1.1\r\nHost: gateway\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
            return Answer.read(socket.getInputStream()).status() > 0;
        } catch (IOException closed) {
            return false;
        }
    }

    private Socket connect() throws IOException {
        Socket socket = new Socket("127.0.0.1", port);
        socket.setSoTimeout(10_000);
        return socket;
    }

    private static byte[] headers(String method, String path, String key, String contentType, String framing) {
        return (method + " " + path + " HTTP/1.1\r\nHost: gateway\r\nAuthorization: Bearer " + key
                + "\r\nContent-Type: " + contentType + "\r\n" + framing + "\r\n\r\n").getBytes(StandardCharsets.US_ASCII);
    }

    private static void send(Socket socket, byte[] bytes) throws IOException {
        OutputStream out = socket.getOutputStream();
        out.write(bytes);
        out.flush();
    }

    /** A JSON object of exactly {@code size} bytes. */
    private static byte[] jsonOf(int size) {
        String open = "{\"note\":\"";
        String close = "\"}";
        return (open + "n".repeat(size - open.length() - close.length()) + close).getBytes(StandardCharsets.US_ASCII);
    }

    private static byte[] csvOf(int size) {
        String header = "first_name\n";
        return (header + "a".repeat(size - header.length())).getBytes(StandardCharsets.US_ASCII);
    }

    /** Sends chunks of {@code chunk} bytes, up to {@code total}, and reads the answer, which may come before the end. */
    private static Answer sendChunksUntilAnswered(Socket socket, int chunk, int total) throws IOException {
        byte[] data = "x".repeat(chunk).getBytes(StandardCharsets.US_ASCII);
        try {
            for (int sent = 0; sent < total; sent += chunk) {
                send(socket, (Integer.toHexString(chunk) + "\r\n").getBytes(StandardCharsets.US_ASCII));
                send(socket, data);
                send(socket, "\r\n".getBytes(StandardCharsets.US_ASCII));
            }
            send(socket, "0\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
        } catch (SocketException closedWhileSending) {
            // The gateway answered and closed the connection before the body was all sent.
        }
        return Answer.read(socket.getInputStream());
    }

    /** How a trickled request ended: the connection closed, and whether the gateway answered anything first. */
    private record Cutoff(boolean closed, boolean answered) {
    }

    /** Sends {@code piece(i)} every 300 ms, at most {@code pieces} times, until the gateway closes the connection. */
    private static Cutoff trickle(Socket socket, java.util.function.IntFunction<byte[]> piece, int pieces) {
        boolean answered = false;
        try {
            for (int i = 0; i < pieces; i++) {
                send(socket, piece.apply(i));
                Thread.sleep(300);
                socket.setSoTimeout(1);
                try {
                    int read = socket.getInputStream().read();
                    if (read < 0) {
                        return new Cutoff(true, answered);
                    }
                    answered = true;
                } catch (java.net.SocketTimeoutException stillOpen) {
                    // Nothing from the gateway yet.
                } finally {
                    socket.setSoTimeout(10_000);
                }
            }
            return new Cutoff(false, answered);
        } catch (IOException closed) {
            return new Cutoff(true, answered);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return new Cutoff(false, answered);
        }
    }

    /** Reads until the gateway closes the connection; false if it is still open after ten seconds. */
    private static boolean readsToEnd(Socket socket) {
        try {
            InputStream in = socket.getInputStream();
            while (in.read() >= 0) {
                // Whatever the gateway says before it closes.
            }
            return true;
        } catch (java.net.SocketTimeoutException stillOpen) {
            return false;
        } catch (IOException reset) {
            return true;
        }
    }

    /** An HTTP/1.1 answer read off a socket: status line, headers, and a body of its Content-Length. */
    private record Answer(int status, String head, byte[] body) {

        static Answer read(InputStream in) throws IOException {
            ByteArrayOutputStream head = new ByteArrayOutputStream();
            while (!head.toString(StandardCharsets.ISO_8859_1).endsWith("\r\n\r\n")) {
                int next = in.read();
                if (next < 0) {
                    throw new IOException("Connection closed before an answer: " + head);
                }
                head.write(next);
            }
            String text = head.toString(StandardCharsets.ISO_8859_1);
            int status = Integer.parseInt(text.substring(9, 12));
            Answer partial = new Answer(status, text, new byte[0]);
            if ("chunked".equalsIgnoreCase(partial.header("Transfer-Encoding"))) {
                return new Answer(status, text, readChunks(in));
            }
            String length = partial.header("Content-Length");
            return new Answer(status, text, in.readNBytes(length == null ? 0 : Integer.parseInt(length)));
        }

        private static byte[] readChunks(InputStream in) throws IOException {
            ByteArrayOutputStream body = new ByteArrayOutputStream();
            while (true) {
                int size = Integer.parseInt(line(in).split(";", 2)[0].trim(), 16);
                if (size == 0) {
                    line(in);
                    return body.toByteArray();
                }
                body.writeBytes(in.readNBytes(size));
                line(in);
            }
        }

        private static String line(InputStream in) throws IOException {
            ByteArrayOutputStream line = new ByteArrayOutputStream();
            for (int next = in.read(); next >= 0 && next != '\n'; next = in.read()) {
                if (next != '\r') {
                    line.write(next);
                }
            }
            return line.toString(StandardCharsets.ISO_8859_1);
        }

        String header(String name) {
            for (String line : head.split("\r\n")) {
                int colon = line.indexOf(':');
                if (colon > 0 && line.substring(0, colon).trim().toLowerCase(Locale.ROOT).equals(name.toLowerCase(Locale.ROOT))) {
                    return line.substring(colon + 1).trim();
                }
            }
            return null;
        }

        JsonNode json() {
            return FakeService.JSON.readTree(body);
        }
    }
}
