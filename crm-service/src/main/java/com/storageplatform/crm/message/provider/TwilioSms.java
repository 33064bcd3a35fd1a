package com.storageplatform.crm.message.provider;

import com.twilio.exception.ApiConnectionException;
import com.twilio.exception.ApiException;
import com.twilio.http.HttpClient;
import com.twilio.http.NetworkHttpClient;
import com.twilio.http.TwilioRestClient;
import com.twilio.rest.api.v2010.account.Message;
import com.twilio.rest.api.v2010.account.MessageCreator;
import com.twilio.type.PhoneNumber;
import java.net.URI;
import java.time.Duration;
import org.apache.hc.client5.http.config.RequestConfig;
import org.apache.hc.core5.util.Timeout;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Schedulers;

/**
 * SMS through Twilio's Programmable Messaging with Twilio's own Java client, on {@code boundedElastic} (the client
 * blocks), bounded by the client's connect and response timeouts and a reactive backstop after them. Each message
 * asks Twilio to report its status to {@code status-callback-url}, signed with the account's auth token
 * ({@link TwilioReports}).
 *
 * <p>Twilio's answer decides the policy: a 4xx other than 429 (an invalid or unreachable number, a number that
 * opted out) is {@link Handover.Refused}; a 429, a 5xx, no connection or a timeout is {@link Handover.Unavailable},
 * tried again a bounded number of times.
 */
final class TwilioSms implements MessageProvider {

    static final String NAME = "twilio";
    private static final Duration TIMEOUT = Duration.ofSeconds(10);
    private static final Duration BACKSTOP = Duration.ofSeconds(2);

    private final TwilioRestClient client;
    private final ProviderSettings.Twilio settings;

    TwilioSms(ProviderSettings.Twilio settings) {
        this(settings, new NetworkHttpClient(RequestConfig.custom()
                .setConnectionRequestTimeout(Timeout.of(TIMEOUT))
                .setResponseTimeout(Timeout.of(TIMEOUT))
                .build()));
    }

    /** Over another HTTP client: a test's, which answers as Twilio would. */
    TwilioSms(ProviderSettings.Twilio settings, HttpClient http) {
        this.settings = settings;
        this.client = new TwilioRestClient.Builder(settings.accountSid(), settings.authToken()).httpClient(http)
                .build();
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public Mono<Handover> send(Outgoing message) {
        Duration bound = TIMEOUT.multipliedBy(2).plus(BACKSTOP);
        return Mono.fromCallable(() -> deliver(message))
                .subscribeOn(Schedulers.boundedElastic())
                .timeout(bound, Mono.fromSupplier(() -> new Handover.Unavailable(NAME,
                        "Twilio did not answer within " + bound.toSeconds() + " s.")));
    }

    /**
     * The number as Twilio takes it: a contact's number is stored as the customer wrote it ({@code +44 (0)7700
     * 900123}), so spacing, dashes, parentheses and a bracketed trunk zero go. A number without its country code is
     * sent as it is, and Twilio's refusal says so.
     */
    static String e164(String number) {
        String compact = number.replace("(0)", "");
        return (compact.strip().startsWith("+") ? "+" : "") + compact.replaceAll("\\D", "");
    }

    private Handover deliver(Outgoing message) {
        PhoneNumber to = new PhoneNumber(e164(message.to()));
        // A Messaging Service SID chooses the sender itself; otherwise the configured number sends.
        MessageCreator creator = settings.from().startsWith("MG")
                ? Message.creator(to, settings.from(), message.body())
                : Message.creator(to, new PhoneNumber(settings.from()), message.body());
        try {
            Message sent = creator.setStatusCallback(URI.create(settings.statusCallbackUrl())).create(client);
            return new Handover.Accepted(NAME, sent.getSid(), null);
        } catch (ApiException e) {
            Integer status = e.getStatusCode();
            boolean refused = status != null && status >= 400 && status < 500 && status != 429;
            String reason = "Twilio " + (e.getCode() == null ? "" : "error " + e.getCode() + ": ") + e.getMessage();
            return refused ? new Handover.Refused(NAME, reason) : new Handover.Unavailable(NAME, reason);
        } catch (ApiConnectionException e) {
            return new Handover.Unavailable(NAME, "Twilio could not be reached: " + e.getMessage());
        } catch (RuntimeException e) {
            return new Handover.Unavailable(NAME, "Twilio's answer could not be read: " + e.getMessage());
        }
    }
}
