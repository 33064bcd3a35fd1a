package com.storageplatform.crm.message.provider;

import com.storageplatform.kit.caller.Environment;
import com.storageplatform.kit.web.ApiException;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * The one way to a message provider, chosen by the account's environment: live accounts get the live adapters,
 * test accounts the simulators (or, for email, the test SMTP sink when one is set), which never reach a customer. A
 * Spring bean ({@code ProviderConfiguration}).
 */
public final class MessageProviders {

    private final ProviderSettings settings;
    private final MessageProvider liveEmail;
    private final MessageProvider liveSms;
    private final MessageProvider testEmail;
    private final MessageProvider testSms;
    private final Map<String, ReportReader> readers;
    private final SimulatedReports simulated;

    /** {@code liveEmail} and {@code liveSms} are null when their provider is not set up. */
    MessageProviders(ProviderSettings settings, MessageProvider liveEmail, MessageProvider liveSms,
            MessageProvider testEmail, MessageProvider testSms, List<ReportReader> readers,
            SimulatedReports simulated) {
        this.settings = settings;
        this.liveEmail = liveEmail;
        this.liveSms = liveSms;
        this.testEmail = testEmail;
        this.testSms = testSms;
        this.readers = readers.stream().collect(Collectors.toUnmodifiableMap(ReportReader::provider,
                Function.identity()));
        this.simulated = simulated;
    }

    /** The channel's provider for an account of {@code environment}; empty for a live one not set up. */
    public Optional<MessageProvider> of(Environment environment, String channel) {
        boolean email = "email".equals(channel);
        if (environment == Environment.TEST) {
            return Optional.of(email ? testEmail : testSms);
        }
        return Optional.ofNullable(email ? liveEmail : liveSms);
    }

    /** Why the channel cannot be used by a live account: "Email is not set up ...". */
    public static String notSetUp(String channel) {
        return ("email".equals(channel) ? "Email is" : "SMS is") + " not set up for live accounts on this platform.";
    }

    /** The reader of the provider's reports ({@code smtp}, {@code twilio}): 404 for another name. */
    public ReportReader reader(String provider) {
        ReportReader reader = provider == null ? null : readers.get(provider);
        if (reader == null) {
            throw ApiException.notFound("message provider");
        }
        return reader;
    }

    /**
     * The live provider's secret to read its reports with (the relay's signing secret, Twilio's auth token): 404 for
     * an unknown provider, 409 when it is not set up on this platform.
     */
    public String liveSecret(String provider) {
        reader(provider);
        boolean email = SmtpEmail.NAME.equals(provider);
        boolean configured = email ? settings.reports().configured() : settings.twilio().configured();
        if (!configured) {
            throw ApiException.conflict((email ? "Email delivery reports are" : "SMS is")
                    + " not set up on this platform: its reports are not accepted.");
        }
        return email ? settings.reports().signingSecret() : settings.twilio().authToken();
    }

    /** The URL the live provider signs its reports for (Twilio's status callback); null for the relay. */
    public String liveReportUrl(String provider) {
        return TwilioSms.NAME.equals(provider) ? settings.twilio().statusCallbackUrl() : null;
    }

    /** Provider-shaped, signed reports for test accounts, read like a provider's own. */
    public SimulatedReports simulated() {
        return simulated;
    }
}
