package com.storageplatform.crm.message.provider;

import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * The message providers ({@code CRM_MESSAGES_PROVIDERS_SMTP_HOST}, ...). A provider without its settings is not set
 * up: live accounts cannot use its channel (409 on {@code POST /v1/messages}); test accounts always can, through the
 * simulators, or, for email, through {@code test-smtp} when one is set (a local sink such as the devstack's). The
 * string forms never show a password, token or secret.
 *
 * @param smtp     the live accounts' SMTP server
 * @param testSmtp where the test accounts' emails go instead of the simulator; unset: the simulator
 * @param twilio   the live accounts' SMS provider
 * @param reports  how the email relay signs its delivery reports
 */
@ConfigurationProperties("crm.messages.providers")
public record ProviderSettings(Smtp smtp, Smtp testSmtp, Twilio twilio, Reports reports) {

    static final Duration SMTP_TIMEOUT = Duration.ofSeconds(10);

    public ProviderSettings {
        smtp = smtp == null ? new Smtp(null, null, null, null, null, null, null) : smtp;
        testSmtp = testSmtp == null ? new Smtp(null, null, null, null, null, null, null) : testSmtp;
        twilio = twilio == null ? new Twilio(null, null, null, null) : twilio;
        reports = reports == null ? new Reports(null) : reports;
    }

    /**
     * @param port     587 by default (465 with {@code tls: smtps})
     * @param from     the sender's address, {@code Acme Storage <hello@acme.example>} or a bare address
     * @param tls      {@code starttls} (default: required before anything is sent), {@code smtps} (TLS from the
     *                 first byte) or {@code none} (a local sink only)
     * @param timeout  each of connecting, reading and writing; 10 s by default
     */
    public record Smtp(String host, Integer port, String username, String password, String from, String tls,
            Duration timeout) {

        public Smtp {
            tls = blank(tls) ? "starttls" : tls;
            port = port != null ? port : "smtps".equals(tls) ? 465 : 587;
            timeout = timeout == null ? SMTP_TIMEOUT : timeout;
        }

        boolean configured() {
            return !blank(host) && !blank(from);
        }

        @Override
        public String toString() {
            return "Smtp[host=" + host + ", port=" + port + ", username=" + username + ", from=" + from + ", tls="
                    + tls + ", password=" + (blank(password) ? "unset" : "set") + "]";
        }
    }

    /**
     * @param from              the sending number ({@code +447700900000}) or a Messaging Service SID ({@code MG...})
     * @param statusCallbackUrl the public URL of {@code /message-providers/twilio/notifications} as Twilio calls it
     *                          (and signs it)
     */
    public record Twilio(String accountSid, String authToken, String from, String statusCallbackUrl) {

        boolean configured() {
            return !blank(accountSid) && !blank(authToken) && !blank(from) && !blank(statusCallbackUrl);
        }

        @Override
        public String toString() {
            return "Twilio[accountSid=" + accountSid + ", from=" + from + ", statusCallbackUrl=" + statusCallbackUrl
                    + ", authToken=" + (blank(authToken) ? "unset" : "set") + "]";
        }
    }

    /** @param signingSecret the secret the email relay signs its delivery reports with */
    public record Reports(String signingSecret) {

        boolean configured() {
            return !blank(signingSecret);
        }

        @Override
        public String toString() {
            return "Reports[signingSecret=" + (blank(signingSecret) ? "unset" : "set") + "]";
        }
    }

    static boolean blank(String value) {
        return value == null || value.isBlank();
    }
}
