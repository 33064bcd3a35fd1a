package com.storageplatform.kit.web;

import static org.assertj.core.api.Assertions.assertThat;

import com.storageplatform.kit.testsupport.PlatformTest;
import com.storageplatform.kit.testsupport.TestCallers;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.web.server.LocalServerPort;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Requests refused before any route, as a service receives them over real HTTP (a raw socket: WebTestClient
 * neither sends such bytes nor goes through Netty's decoder). Found by the malformed-input run (issue 21): a service
 * answered a request line over 4 KiB or headers over 8 KiB (Netty's defaults), which the gateway passes on, with an
 * empty 414 or 431, and a Content-Type naming an unknown charset with a 500; a control character in a parameter's
 * name is the request firewall's 400, in the envelope.
 */
@PlatformTest
class MalformedRequestsTest {

    private static final JsonMapper JSON = JsonMapper.builder().build();

    @LocalServerPort
    int port;

    private final String bearer = TestCallers.bearer(TestCallers.apiCaller("samples:read"));

    @Test
    void aControlCharacterInAParameterNameIsInvalidRequestInTheEnvelope() throws IOException {
        for (String target : new String[] {"/v1/samples?a%08b=1", "/v1/samples?%00=1", "/v1/samples/a%0Ab"}) {
            Answer answer = send("GET " + target + " HTTP/1.1\r\nHost: service\r\nAuthorization: " + bearer
                    + "\r\n\r\n");

            assertThat(answer.status()).as(target).isEqualTo(400);
            assertThat(answer.json().path("error").path("code").asString()).as(target).isEqualTo("invalid_request");
        }
    }

    @Test
    void aControlCharacterInAParameterNameOfAMutationReadingItsQueryIsInvalidRequestNotAServerError()
            throws IOException {
        // The firewall checks a parameter's name when the query is first read: here by the handler, inside the
        // mutation filter, whose mapping took the firewall's refusal for an unexpected failure (POST /v1/imports).
        String body = "a,b\n1,2\n";
        for (String key : new String[] {"", "Idempotency-Key: control-name\r\n"}) {
            for (int attempt = 0; attempt < 2; attempt++) {
                Answer answer = send("POST /v1/samples/uploads?a%08b=1 HTTP/1.1\r\nHost: service\r\nAuthorization: "
                        + TestCallers.bearer(TestCallers.apiCaller("samples:write")) + "\r\nContent-Type: text/csv\r\n"
                        + key + "Content-Length: " + body.length() + "\r\n\r\n" + body);

                assertThat(answer.status()).as(key).isEqualTo(400);
                assertThat(answer.json().path("error").path("code").asString()).isEqualTo("invalid_request");
                assertThat(answer.head()).as("the framework's refusal is not stored under the key")
                        .doesNotContainIgnoringCase("Idempotent-Replayed");
            }
        }
    }

    @Test
    void aContentTypeThatIsNoMediaTypeIsUnsupportedMediaTypeNotAServerError() throws IOException {
        // The mutation filter's check for a streamed CSV body threw on such a header: 500 internal_error.
        String body = "{\"name\":\"typed\"}";
        for (String type : new String[] {"application/json; charset=x-no-such-charset",
                "application/json; charset=\"\u00ff\"", "json"}) {
            for (String key : new String[] {"", "Idempotency-Key: malformed-type-" + type.length() + "\r\n"}) {
                Answer answer = send("POST /v1/samples HTTP/1.1\r\nHost: service\r\nAuthorization: "
                        + TestCallers.bearer(TestCallers.apiCaller("samples:write")) + "\r\nContent-Type: " + type
                        + "\r\n" + key + "Content-Length: " + body.length() + "\r\n\r\n" + body);

                assertThat(answer.status()).as(type + " " + key).isEqualTo(415);
                assertThat(answer.json().path("error").path("code").asString()).isEqualTo("unsupported_media_type");
            }
        }
    }

    @Test
    void headersAndARequestLineTheGatewayPassesOnAreServed() throws IOException {
        // The gateway takes 16 KiB of headers and an 8 KiB request line from a client, then adds its caller token.
        String padding = "X-Padding: " + "p".repeat(20 * 1024) + "\r\n";
        assertThat(send("GET /v1/samples HTTP/1.1\r\nHost: service\r\nAuthorization: " + bearer + "\r\n" + padding
                + "\r\n").status()).isEqualTo(200);
        assertThat(send("GET /v1/samples?unknown=" + "q".repeat(12 * 1024) + " HTTP/1.1\r\nHost: service\r\n"
                + "Authorization: " + bearer + "\r\n\r\n").status()).isEqualTo(200);
    }

    @Test
    void headersOverTheServicesLimitAre431InTheEnvelope() throws IOException {
        Answer answer = send("GET /health HTTP/1.1\r\nHost: service\r\nX-Padding: " + "p".repeat(40 * 1024)
                + "\r\n\r\n");

        assertThat(answer.status()).isEqualTo(431);
        assertThat(answer.json().path("error").path("code").asString()).isEqualTo("invalid_request");
        assertThat(answer.json().path("error").path("message").asString())
                .isEqualTo("The request's headers are larger than 32 KiB.");
    }

    @Test
    void aRequestLineOverTheServicesLimitIs414InTheEnvelope() throws IOException {
        Answer answer = send("GET /health?q=" + "q".repeat(40 * 1024) + " HTTP/1.1\r\nHost: service\r\n\r\n");

        assertThat(answer.status()).isEqualTo(414);
        assertThat(answer.json().path("error").path("code").asString()).isEqualTo("invalid_request");
        assertThat(answer.json().path("error").path("message").asString())
                .isEqualTo("The request line is longer than 32 KiB.");
    }

    private record Answer(int status, String head, byte[] body) {

        JsonNode json() {
            assertThat(head.toLowerCase()).as(head).contains("content-type: application/json");
            return JSON.readTree(body);
        }
    }

    /** One request on a new connection, and its answer: the head, then Content-Length bytes of body. */
    private Answer send(String request) throws IOException {
        try (Socket socket = new Socket("127.0.0.1", port)) {
            socket.setSoTimeout(10_000);
            socket.getOutputStream().write(request.getBytes(StandardCharsets.ISO_8859_1));
            socket.getOutputStream().flush();
            InputStream in = socket.getInputStream();
            ByteArrayOutputStream head = new ByteArrayOutputStream();
            int matched = 0;
            while (matched < 4) {
                int b = in.read();
                if (b < 0) {
                    throw new IOException("connection closed after " + head);
                }
                head.write(b);
                matched = b == "\r\n\r\n".charAt(matched) ? matched + 1 : (b == '\r' ? 1 : 0);
            }
            String text = head.toString(StandardCharsets.ISO_8859_1);
            int length = 0;
            for (String line : text.split("\r\n")) {
                if (line.toLowerCase().startsWith("content-length:")) {
                    length = Integer.parseInt(line.substring("content-length:".length()).trim());
                }
            }
            return new Answer(Integer.parseInt(text.substring(9, 12)), text, in.readNBytes(length));
        }
    }
}
