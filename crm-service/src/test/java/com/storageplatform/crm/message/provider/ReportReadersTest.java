package com.storageplatform.crm.message.provider;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.storageplatform.crm.message.provider.DeliveryReport.Kind;
import com.storageplatform.kit.web.ApiException;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.json.JsonMapper;

/**
 * The providers' signing schemes with known-answer vectors (Twilio's documented example; the relay's HMAC-SHA256
 * computed independently), and the simulators' reports read back by the readers of real ones.
 */
class ReportReadersTest {

    static final Instant NOW = Instant.ofEpochSecond(1_764_000_000L);
    static final Clock CLOCK = Clock.fixed(NOW, ZoneOffset.UTC);
    static final JsonMapper JSON = JsonMapper.builder().build();

    @Test
    void twiliosSignatureMatchesItsDocumentedExample() {
        String url = "https://mycompany.com/myapp.php?foo=1&bar=2";
        Map<String, String> params = Map.of("CallSid", "CA1234567890ABCDE", "Caller", "+12349013030", "Digits",
                "1234", "From", "+12349013030", "To", "+18005551212");
        String signature = SimulatedReports.twilioSignature("12345", url, params);
        assertThat(signature).isEqualTo("0/KCTR6DLpKmkAf8muzZqo1nDgQ=");

        String body = "To=%2B18005551212&CallSid=CA1234567890ABCDE&Digits=1234&From=%2B12349013030"
                + "&Caller=%2B12349013030";
        TwilioReports reader = new TwilioReports(CLOCK);
        // The signature holds (Twilio's own validator), so what is refused is a body without a message status.
        assertThatThrownBy(() -> reader.read(body, signature, "12345", url)).isInstanceOf(ApiException.class)
                .hasMessageContaining("not a Twilio delivery report");
        assertThatThrownBy(() -> reader.read(body.replace("1234&", "9999&"), signature, "12345", url))
                .hasMessageContaining("X-Twilio-Signature header is missing, stale or does not sign this body");
    }

    @Test
    void theRelaysSignatureIsHmacSha256OfTimestampAndBody() {
        assertThat(SignedReports.signature("relay-secret", NOW.getEpochSecond(), "{\"events\":[]}"))
                .isEqualTo("t=1764000000,v1=87f765b13a1221ffb939db5804c7ed2bc523d6b20b4377f2f30de3db3efd1a94");
        SignedReports reader = new SignedReports(JSON, CLOCK);
        assertThat(reader.read("{\"events\":[]}", "t=1764000000,v1=87f765b13a1221ffb939db5804c7ed2bc523d6b20b4377"
                + "f2f30de3db3efd1a94", "relay-secret", null)).isEmpty();
        assertThatThrownBy(() -> reader.read("{\"events\":[]}", "t=1764000000,v1=87f765b13a1221ffb939db5804c7ed2bc"
                + "523d6b20b4377f2f30de3db3efd1a95", "relay-secret", null))
                .hasMessageContaining("Message-Report-Signature");
        SignedReports later = new SignedReports(JSON, Clock.offset(CLOCK, java.time.Duration.ofSeconds(301)));
        assertThatThrownBy(() -> later.read("{\"events\":[]}", SignedReports.signature("relay-secret",
                NOW.getEpochSecond(), "{\"events\":[]}"), "relay-secret", null))
                .hasMessageContaining("stale");
    }

    @Test
    void theSimulatorsReportsReadAsTheProvidersOwn() {
        SimulatedReports simulated = new SimulatedReports(JSON, CLOCK, CLOCK);
        SimulatedReports.Signed email = simulated.report("smtp", "m-1@simulator.invalid", Kind.BOUNCED);
        List<DeliveryReport> read = new SignedReports(JSON, CLOCK).read(email.body(), email.signature(),
                email.secret(), email.url());
        assertThat(read).singleElement().satisfies(report -> {
            assertThat(report.kind()).isEqualTo(Kind.BOUNCED);
            assertThat(report.providerMessageId()).isEqualTo("m-1@simulator.invalid");
            assertThat(report.reason()).startsWith("550 5.1.1");
        });

        SimulatedReports.Signed sms = simulated.report("twilio", "SM" + "a".repeat(32), Kind.DELIVERED);
        assertThat(new TwilioReports(CLOCK).read(sms.body(), sms.signature(), sms.secret(), sms.url()))
                .singleElement().satisfies(report -> {
                    assertThat(report.kind()).isEqualTo(Kind.DELIVERED);
                    assertThat(report.eventId()).isEqualTo("SM" + "a".repeat(32) + ":delivered");
                });
        assertThatThrownBy(() -> new TwilioReports(CLOCK).read(sms.body(), sms.signature(), "another-token",
                sms.url())).isInstanceOf(ApiException.class);
    }

    @Test
    void theSimulatorsAnswerByAddressAndNumber() {
        assertThat(SimulatedProvider.ofEmail("ada@acme.co.uk")).isEqualTo(SimulatedProvider.Outcome.DELIVER);
        assertThat(SimulatedProvider.ofEmail("ada+bounce@acme.co.uk")).isEqualTo(SimulatedProvider.Outcome.BOUNCE);
        assertThat(SimulatedProvider.ofEmail("ADA+Refuse@acme.co.uk")).isEqualTo(SimulatedProvider.Outcome.REFUSE);
        assertThat(SimulatedProvider.ofEmail("a+unavailable@acme.co.uk"))
                .isEqualTo(SimulatedProvider.Outcome.UNAVAILABLE);
        assertThat(SimulatedProvider.ofEmail("a+hold@acme.co.uk")).isEqualTo(SimulatedProvider.Outcome.HOLD);
        assertThat(SimulatedProvider.ofNumber("+44 7700 900000")).isEqualTo(SimulatedProvider.Outcome.DELIVER);
        assertThat(SimulatedProvider.ofNumber("+44 (0)7700 900111")).isEqualTo(SimulatedProvider.Outcome.BOUNCE);
        assertThat(SimulatedProvider.ofNumber("07700900222")).isEqualTo(SimulatedProvider.Outcome.REFUSE);
        assertThat(SimulatedProvider.ofNumber("+447700900333")).isEqualTo(SimulatedProvider.Outcome.UNAVAILABLE);
        assertThat(SimulatedProvider.ofNumber("+447700900444")).isEqualTo(SimulatedProvider.Outcome.HOLD);
    }

    @Test
    void secretsNeverShowInTheSettingsStrings() {
        ProviderSettings settings = new ProviderSettings(
                new ProviderSettings.Smtp("smtp.acme.co.uk", null, "hello", "pa55word", "hello@acme.co.uk", null,
                        null),
                null, new ProviderSettings.Twilio("AC1", "tw1l10-t0ken", "+447700900000", "https://x.uk/cb"),
                new ProviderSettings.Reports("r3lay-s3cret"));
        assertThat(settings.toString()).doesNotContain("pa55word", "tw1l10-t0ken", "r3lay-s3cret")
                .contains("password=set", "authToken=set", "signingSecret=set", "port=587");
    }
}
