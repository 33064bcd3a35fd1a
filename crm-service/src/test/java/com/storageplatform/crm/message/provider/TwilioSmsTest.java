package com.storageplatform.crm.message.provider;

import static org.assertj.core.api.Assertions.assertThat;

import com.storageplatform.kit.id.Ids;
import com.twilio.http.HttpClient;
import com.twilio.http.Request;
import com.twilio.http.Response;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The live SMS adapter on Twilio's own client, over an HTTP client that answers as Twilio's API would: what it asks
 * Twilio for, and how Twilio's answers become hand-overs.
 */
class TwilioSmsTest {

    static final ProviderSettings.Twilio SETTINGS = new ProviderSettings.Twilio("AC" + "1".repeat(32), "token",
            "+447700900000", "https://api.storage.test/message-providers/twilio/notifications");

    /** Answers every request with one status and body, and keeps what it was asked. */
    static final class Scripted extends HttpClient {

        final List<Request> asked = new ArrayList<>();
        private final int status;
        private final String body;

        Scripted(int status, String body) {
            this.status = status;
            this.body = body;
        }

        @Override
        public Response makeRequest(Request request) {
            asked.add(request);
            return new Response(body, status);
        }
    }

    static Outgoing sms() {
        return new Outgoing(Ids.newId(), "sms", "+44 7700 900123", null, "Your unit is ready.");
    }

    @Test
    void aMessageTwilioTakesIsAcceptedWithItsSid() {
        Scripted twilio = new Scripted(201, """
                {"sid": "SM0123456789abcdef0123456789abcdef", "status": "queued", "to": "+447700900123"}
                """);
        Handover handover = new TwilioSms(SETTINGS, twilio).send(sms()).block();

        assertThat(handover).isEqualTo(new Handover.Accepted("twilio", "SM0123456789abcdef0123456789abcdef", null));
        Request request = twilio.asked.get(0);
        assertThat(request.getUrl()).endsWith("/Accounts/" + SETTINGS.accountSid() + "/Messages.json");
        assertThat(request.getPostParams().get("To")).containsExactly("+447700900123");
        assertThat(request.getPostParams().get("From")).containsExactly("+447700900000");
        assertThat(request.getPostParams().get("Body")).containsExactly("Your unit is ready.");
        assertThat(request.getPostParams().get("StatusCallback")).containsExactly(SETTINGS.statusCallbackUrl());
    }

    @Test
    void aContactsNumberIsSentInE164() {
        assertThat(TwilioSms.e164("+44 (0)7700 900-123")).isEqualTo("+447700900123");
        assertThat(TwilioSms.e164("07700 900123")).isEqualTo("07700900123");
    }

    @Test
    void aMessagingServiceSendsInsteadOfANumber() {
        Scripted twilio = new Scripted(201, "{\"sid\": \"SM1\"}");
        new TwilioSms(new ProviderSettings.Twilio(SETTINGS.accountSid(), "token", "MG" + "2".repeat(32),
                SETTINGS.statusCallbackUrl()), twilio).send(sms()).block();

        assertThat(twilio.asked.get(0).getPostParams().get("MessagingServiceSid")).containsExactly("MG" + "2".repeat(32));
        assertThat(twilio.asked.get(0).getPostParams()).doesNotContainKey("From");
    }

    @Test
    void aNumberTwilioRefusesIsRefusedForGood() {
        Handover handover = new TwilioSms(SETTINGS, new Scripted(400, """
                {"code": 21211, "message": "The 'To' number +44 7700 900123 is not a valid phone number.",
                 "more_info": "https://www.twilio.com/docs/errors/21211", "status": 400}
                """)).send(sms()).block();

        assertThat(handover).isInstanceOf(Handover.Refused.class);
        assertThat(((Handover.Refused) handover).reason()).startsWith("Twilio error 21211: The 'To' number");
    }

    @Test
    void aBusyOrFailingTwilioIsUnavailable() {
        for (int status : new int[] {429, 500, 503}) {
            Handover handover = new TwilioSms(SETTINGS, new Scripted(status, """
                    {"code": 20500, "message": "Internal Server Error", "status": %d}
                    """.formatted(status))).send(sms()).block();
            assertThat(handover).as("HTTP " + status).isInstanceOf(Handover.Unavailable.class);
        }
    }
}
